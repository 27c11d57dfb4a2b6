import { defaultDataDir } from '../../appData.js';
import { formatCatalogue, toolCatalogue, createToolRegistry } from '../../tools/index.js';
import type { CliIo } from '../io.js';

export const summary = 'List the 26 tools: category, permission, key template, environment, sub-agent set (--json for parameters)';

export async function run(argv: string[], io: CliIo): Promise<number> {
  const unknown = argv.filter((a) => a !== '--json');
  if (unknown.length > 0) {
    io.stderr.write(`codecoder tools: unknown argument ${unknown[0]} (usage: codecoder tools [--json])\n`);
    return 2;
  }
  // Building the catalogue runs no tool: the registry only describes them.
  const registry = createToolRegistry({ projectRoot: process.cwd(), dataDir: defaultDataDir(io.env), secretsToScrub: () => [] });
  const entries = toolCatalogue(registry);
  io.stdout.write(argv.includes('--json') ? `${JSON.stringify(entries, null, 2)}\n` : `${formatCatalogue(entries)}\n`);
  return 0;
}
