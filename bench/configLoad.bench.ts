/**
 * Loading a hostile codecoder.json: 30,000 deny globs, and 22,000 allow globs (what fits
 * with their values), each file under the 1 MiB cap, read from disk and compiled into the engine (goal < 1 s each). The baseline is
 * JSON.parse of the same bytes in the same run. Also the first decision after the load (the
 * matchers' programs are compiled and their lazy DFAs start at first use) and a later miss.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MemoryAuditLog, PermissionEngine, formatKey, ProjectConfig } from '../main/core/permissions/index.js';
import { alwaysTrusted } from '../main/core/permissions/permissions.testkit.js';
import { best } from './timing.js';
import type { BenchRow } from './types.js';
import { builtInToolFacts } from '../main/core/tools/tools.testkit.js';

const N = { deny: 30_000, allowlist: 22_000 };

export default async function bench(report: (row: BenchRow) => void): Promise<void> {
  const root = await mkdtemp(path.join(tmpdir(), 'cc-bench-config-'));
  try {
    const files = {
      deny: JSON.stringify({ deny: Array.from({ length: N.deny }, (_, i) => `write_file:**/s${i}*.txt`) }),
      allowlist: JSON.stringify({
        allowlist: Object.fromEntries(Array.from({ length: N.allowlist }, (_, i) => [`write_file:**/a${i}*.ts`, 'AlwaysThisProject'])),
      }),
    };
    for (const list of ['deny', 'allowlist'] as const) {
      const text = files[list];
      const file = path.join(root, 'codecoder.json');
      await writeFile(file, text);
      if (Buffer.byteLength(text) > 1024 * 1024) throw new Error('the bench file must stay under the 1 MiB cap');
      const base = best(5, () => JSON.parse(text));
      // Best of three loads (the machine is shared); each one a fresh read, parse, validate and compile.
      let load = Infinity;
      let engine: PermissionEngine | undefined;
      for (let i = 0; i < 3; i++) {
        const t0 = performance.now();
        const config = await ProjectConfig.open({ projectRoot: root });
        engine = new PermissionEngine({
          projectRoot: root,
          asker: async () => ({ choice: 'once' }),
          clock: { now: () => 0 },
          config,
          audit: new MemoryAuditLog(),
          environmentOfKey: () => 'host',
          tools: builtInToolFacts(),
          // The bench measures loading a file whose entries count (a trusted folder).
          trust: alwaysTrusted(),
        });
        load = Math.min(load, performance.now() - t0);
        if (config.snapshot().error) throw new Error(config.snapshot().error!.message);
      }
      // The bytes were read once more than timed; keep the comparison about parsing, not the disk.
      await readFile(file);
      report({
        name: `config load: ${N[list].toLocaleString('en')} ${list} globs (${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB), read + parse + compile`,
        value: Math.round(load),
        unit: 'ms',
        baseline: 'JSON.parse of the same file',
        ratio: load / base,
        goal: '< 1000 ms',
        met: load < 1000,
      });
      const decide = (rel: string) => {
        const t0 = performance.now();
        engine!.decide({ tool: 'write_file', environment: 'host', permission: { kind: 'ask', key: formatKey('write_file', rel) } });
        return performance.now() - t0;
      };
      const first = decide('src/first.md');
      decide('src/second.md');
      const miss = best(5, () => decide('src/lib/miss.md'));
      report({ name: `config load: ${list} globs, first decision after the load`, value: first.toFixed(1), unit: 'ms' });
      report({ name: `config load: ${list} globs, a later decision that matches none`, value: miss.toFixed(2), unit: 'ms' });
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
