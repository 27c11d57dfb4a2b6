/**
 * A subcommand's usage and its ways out, the same for every `codecoder` command: `--help`/`-h`
 * prints the usage on stdout (exit 0); a usage error prints `codecoder <name>: <message>` — escaped,
 * since it may quote an argument — and the usage on stderr (exit 2). `parse` reads the arguments
 * with node:util parseArgs, strict: an unknown option or an option without its value is a usage error.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CliIo } from './io.js';
import { shown } from './output.js';

type Options = NonNullable<ParseArgsConfig['options']>;
const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;
type Config<O extends Options> = { args: string[]; options: O & typeof HELP; allowPositionals: true; strict: true };
/** What `parse` gives: `values` by option name (`help` included) and the positionals in order. */
export type CommandArgs<O extends Options> = ReturnType<typeof parseArgs<Config<O>>>;

export const EXIT_USAGE = 2;

export class Usage {
  constructor(
    private readonly name: string,
    readonly text: string,
    private readonly io: CliIo,
  ) {}

  help(): number {
    this.io.stdout.write(this.text);
    return 0;
  }

  fail(message: string): number {
    this.io.stderr.write(`codecoder ${this.name}: ${shown(message)}\n${this.text}`);
    return EXIT_USAGE;
  }

  /** The project folder's real path, or the usage error's exit code when it is not given or cannot be opened. */
  async projectRoot(dir: string | undefined): Promise<string | number> {
    if (!dir) return this.fail('--project DIR is required');
    try {
      return await realpath(path.resolve(dir));
    } catch (err) {
      return this.fail(`cannot open the project ${dir}: ${(err as Error).message}`);
    }
  }

  /** The parsed arguments, or the exit code when there is nothing more to do (the usage shown, or a usage error). */
  parse<const O extends Options>(argv: string[], options: O): CommandArgs<O> | number {
    let parsed: CommandArgs<O>;
    try {
      parsed = parseArgs({ args: argv, options: { ...options, ...HELP }, allowPositionals: true, strict: true }) as CommandArgs<O>;
    } catch (err) {
      return this.fail((err as Error).message);
    }
    return (parsed.values as { help?: boolean }).help ? this.help() : parsed;
  }
}
