import { checkEnvironments } from '../../env/index.js';
import type { CliIo } from '../io.js';

export const summary = 'Report which execution environments (shell, wasm, sandbox, docker) work here, and why not';

/** `codecoder doctor [--json] [--image IMAGE]`: exit 0 when shell works (the one the app needs), else 1. */
export async function run(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes('--json');
  const i = argv.indexOf('--image');
  const image = i >= 0 ? argv[i + 1] : undefined;
  const unknown = argv.filter((a, k) => a !== '--json' && a !== '--image' && !(i >= 0 && k === i + 1));
  if (unknown.length) {
    io.stderr.write(`codecoder doctor: unknown option ${unknown[0]} (options: --json, --image IMAGE)\n`);
    return 2;
  }
  const reports = await checkEnvironments(image ? { image } : {});
  if (json) {
    io.stdout.write(JSON.stringify({ environments: reports }, null, 2) + '\n');
  } else {
    const w = Math.max(...reports.map((r) => r.environment.length));
    io.stdout.write(`${'environment'.padEnd(Math.max(w, 11))}  works  detail\n`);
    for (const r of reports) io.stdout.write(`${r.environment.padEnd(Math.max(w, 11))}  ${(r.ok ? 'yes' : 'no').padEnd(5)}  ${r.detail}\n`);
  }
  return reports.find((r) => r.environment === 'shell')?.ok ? 0 : 1;
}
