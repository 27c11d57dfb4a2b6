/** What a subcommand is given and what it is: `commands/<name>.ts` exports `summary` and `run(argv, io)`. */
export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}
export interface CliCommand {
  summary: string;
  run(argv: string[], io: CliIo): Promise<number>;
}
