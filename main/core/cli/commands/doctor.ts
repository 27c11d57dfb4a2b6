import { checkEnvironments } from '../../env/index.js';
import { defaultDataDir } from '../../appData.js';
import type { CliIo } from '../io.js';
import { savedContainerEngine } from '../savedSettings.js';

export const summary = 'Report which execution environments (shell, wasm, sandbox, docker) work here, and why not';

/**
 * `codecoder doctor [--json] [--image IMAGE] [--engine ADDRESS]`: exit 0 when shell works (the one
 * the app needs), else 1. The docker line names the engine and where it is (Engine API endpoint or CLI).
 */
export async function run(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes('--json');
  const valued = ['--image', '--engine'];
  const valueOf = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const unknown = argv.filter((a, k) => a !== '--json' && !valued.includes(a) && !valued.includes(argv[k - 1] ?? ''));
  const missing = valued.find((f) => argv.includes(f) && !valueOf(f));
  if (unknown.length || missing) {
    io.stderr.write(`codecoder doctor: ${missing ? `${missing} needs a value` : `unknown option ${unknown[0]}`} (options: --json, --image IMAGE, --engine ADDRESS)\n`);
    return 2;
  }
  const image = valueOf('--image');
  // The engine: --engine, else the one saved in Settings, else the environment's (checkEnvironments).
  const saved = savedContainerEngine(defaultDataDir(io.env));
  const engineHost = valueOf('--engine') ?? saved.host;
  const reports = await checkEnvironments({
    ...(image ? { image } : {}),
    ...(engineHost ? { engineHost } : {}),
    ...(saved.copyProject ? { copyProject: true } : {}),
  });
  if (json) {
    io.stdout.write(JSON.stringify({ environments: reports }, null, 2) + '\n');
  } else {
    const w = Math.max(...reports.map((r) => r.environment.length));
    io.stdout.write(`${'environment'.padEnd(Math.max(w, 11))}  works  detail\n`);
    for (const r of reports) io.stdout.write(`${r.environment.padEnd(Math.max(w, 11))}  ${(r.ok ? 'yes' : 'no').padEnd(5)}  ${r.detail}\n`);
  }
  return reports.find((r) => r.environment === 'shell')?.ok ? 0 : 1;
}
