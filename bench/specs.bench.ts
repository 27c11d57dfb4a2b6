/**
 * The spec layer (issue 25): the generated option tables of ~560 programs without a hand rule.
 * - load: parsing and compiling every program's table afresh, against JSON.parse alone of the same
 *   text (what any table format would pay) measured in the same run;
 * - memory: the heap the compiled tables hold, against the size of their text;
 * - keying with every table loaded: a mix of everyday commands (the fixture) and spec-layer attacks
 *   through `classifyCommand`, against the raw parse of the same mix. Goals: ≥ 10k/s, p99 < 1 ms.
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { classifyCommand, compileAllSpecs, rawParse, specTableTexts } from '../main/core/permissions/index.js';
import { everydayCommands } from '../main/core/permissions/shell/fixtures/everyday.testkit.js';
import type { BenchRow } from './types.js';

/** Spec-layer programs, every kind of word they meet: options, path values, operands, commands. */
const SPEC_MIX = [
  'phpunit --bootstrap ../evil.php',
  'jest --config ../jest.config.js',
  'eslint -c ../x.js src',
  'prettier --plugin ../evil.js --write .',
  'mypy --config-file /etc/x.ini src',
  'gradle --init-script ../evil.gradle build',
  'op run -- npm start',
  'jest --coverage',
  'eslint src --fix',
  'ruff check --fix src',
  'vite build --mode staging',
  'helm template ./chart --values values.yaml',
  'terraform plan -out plan.tfplan',
  'aws s3 ls s3://bucket --recursive',
  'gcloud compute instances list --project p',
  'swift build -c release',
];

/** A full garbage collection, when the runtime lets one be asked for (it does once the flag is set). */
function collect(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function latencies(mix: readonly string[], fn: (c: string) => unknown): { perSecond: number; p99: number } {
  const lat = new Float64Array(mix.length);
  const t0 = performance.now();
  for (let i = 0; i < mix.length; i++) {
    const s = performance.now();
    fn(mix[i]!);
    lat[i] = performance.now() - s;
  }
  const total = performance.now() - t0;
  const sorted = Array.from(lat).sort((a, b) => a - b);
  return { perSecond: mix.length / (total / 1000), p99: sorted[Math.floor(sorted.length * 0.99)]! };
}

export default async function specs(report: (row: BenchRow) => void): Promise<void> {
  const texts = specTableTexts();
  const bytes = texts.reduce((n, t) => n + t.length, 0);

  // Load: best of 5 (each compiles every table afresh); baseline JSON.parse of the same text.
  let load = Infinity;
  let parse = Infinity;
  let programs = 0;
  for (let r = 0; r < 5; r++) {
    let t = performance.now();
    for (const s of texts) if (!s.startsWith('=')) JSON.parse(s);
    parse = Math.min(parse, performance.now() - t);
    t = performance.now();
    programs = compileAllSpecs().length;
    load = Math.min(load, performance.now() - t);
  }
  report({
    name: `spec tables: parse and compile all ${programs} programs`,
    value: load.toFixed(1),
    unit: 'ms',
    baseline: `JSON.parse of their ${(bytes / 1e6).toFixed(2)} MB ${parse.toFixed(1)} ms`,
    ratio: load / parse,
  });

  collect();
  const before = process.memoryUsage().heapUsed;
  const held = compileAllSpecs();
  collect();
  const grown = process.memoryUsage().heapUsed - before;
  report({
    name: `spec tables: heap held by all ${held.length} compiled tables`,
    value: (grown / 1e6).toFixed(1),
    unit: 'MB',
    baseline: `their text ${(bytes / 1e6).toFixed(2)} MB`,
    ratio: grown / bytes,
  });

  // Keying with every table loaded (the lookups' cache filled by classifying each program once).
  const everyday = everydayCommands();
  const pool = [...everyday, ...SPEC_MIX];
  const mix = Array.from({ length: 10_000 }, (_, i) => pool[(i * 7) % pool.length]!);
  for (const c of pool) classifyCommand(c);
  for (const c of mix.slice(0, 3_000)) rawParse(c);
  const base = { perSecond: 0, p99: Infinity };
  const ours = { perSecond: 0, p99: Infinity };
  for (let r = 0; r < 3; r++) {
    const b = latencies(mix, (c) => rawParse(c));
    const o = latencies(mix, (c) => classifyCommand(c));
    base.perSecond = Math.max(base.perSecond, b.perSecond);
    base.p99 = Math.min(base.p99, b.p99);
    ours.perSecond = Math.max(ours.perSecond, o.perSecond);
    ours.p99 = Math.min(ours.p99, o.p99);
  }
  report({
    name: `keying with all spec tables loaded: ${mix.length} commands (everyday fixture + spec-layer programs)`,
    value: Math.round(ours.perSecond),
    unit: 'commands/s',
    baseline: `raw mvdan-sh parse ${Math.round(base.perSecond)}/s`,
    ratio: ours.perSecond / base.perSecond,
    goal: '≥ 10000/s',
    met: ours.perSecond >= 10_000,
  });
  report({
    name: 'keying with all spec tables loaded: p99 latency',
    value: ours.p99.toFixed(3),
    unit: 'ms',
    baseline: `raw parse p99 ${base.p99.toFixed(3)} ms`,
    ratio: ours.p99 / base.p99,
    goal: '< 1 ms',
    met: ours.p99 < 1,
  });
}
