import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { shown } from './output.js';

/** A CLI subcommand: `main/core/cli/commands/<name>.ts` exporting `run(argv, io)` and `summary`. */
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

const commandsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'commands');

/** Subcommands are discovered from the folder, so each feature adds its own file and nothing else. */
function commandNames(): string[] {
  return readdirSync(commandsDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -3))
    .sort();
}

export async function main(argv: string[], io: CliIo = defaultIo()): Promise<number> {
  const [name, ...rest] = argv;
  const names = commandNames();
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write('usage: codecoder <command> [options]\n\ncommands:\n');
    for (const n of names) {
      const cmd = (await import(path.join(commandsDir, `${n}.ts`))) as CliCommand;
      io.stdout.write(`  ${n.padEnd(12)} ${cmd.summary}\n`);
    }
    return name ? 0 : 2;
  }
  if (!names.includes(name)) {
    io.stderr.write(`codecoder: unknown command '${shown(name)}'. Try: ${names.join(', ')}\n`);
    return 2;
  }
  const cmd = (await import(path.join(commandsDir, `${name}.ts`))) as CliCommand;
  try {
    return await cmd.run(rest, io);
  } catch (err) {
    io.stderr.write(`codecoder ${name}: ${shown((err as Error).message)}\n`);
    return 2;
  }
}

function defaultIo(): CliIo {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
}
