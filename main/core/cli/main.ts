import type { CliCommand, CliIo } from './io.js';
import { shown } from './output.js';

/**
 * Each subcommand, loaded only when it runs: `codecoder key` never loads the agent, the tools or the
 * MCP SDK. Written out (not read from the folder) so the bundler sees each import and builds each
 * command as a bundle of its own (scripts/build-cli.mjs); main.test.ts checks the table against the folder.
 */
export const COMMANDS: Readonly<Record<string, () => Promise<CliCommand>>> = {
  agents: () => import('./commands/agents.js'),
  allowlist: () => import('./commands/allowlist.js'),
  check: () => import('./commands/check.js'),
  checkpoints: () => import('./commands/checkpoints.js'),
  doctor: () => import('./commands/doctor.js'),
  hooks: () => import('./commands/hooks.js'),
  key: () => import('./commands/key.js'),
  mcp: () => import('./commands/mcp.js'),
  run: () => import('./commands/run.js'),
  tools: () => import('./commands/tools.js'),
  trust: () => import('./commands/trust.js'),
};

export async function main(argv: string[], io: CliIo = defaultIo()): Promise<number> {
  const [name, ...rest] = argv;
  const names = Object.keys(COMMANDS).sort();
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write('usage: codecoder <command> [options]\n\ncommands:\n');
    for (const n of names) io.stdout.write(`  ${n.padEnd(12)} ${(await COMMANDS[n]!()).summary}\n`);
    return name ? 0 : 2;
  }
  if (!Object.hasOwn(COMMANDS, name)) {
    io.stderr.write(`codecoder: unknown command '${shown(name)}'. Try: ${names.join(', ')}\n`);
    return 2;
  }
  const cmd = await COMMANDS[name]!();
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
