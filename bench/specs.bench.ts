/**
 * The spec layer (issue 25): the generated option tables of ~560 programs without a hand rule.
 * - load: parsing and compiling every program's table afresh, against JSON.parse alone of the same
 *   text (what any table format would pay) measured in the same run;
 * - memory: the heap the compiled tables hold, against the size of their text;
 * - the help layer's tables (GNU and util-linux programs, helpRules.ts): compiling all of them;
 * - keying with every table loaded: a mix of everyday commands (the fixture) and spec-layer attacks
 *   through `classifyCommand`, against the raw parse of the same mix. Goals: ≥ 10k/s, p99 < 1 ms.
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { compileAllHelpTables, compileAllSpecs, specTableTexts } from '../main/core/permissions/index.js';
import { everydayCommands } from '../main/core/permissions/shell/fixtures/everyday.testkit.js';
import { keyingRates, reportKeying } from './keyingRate.js';
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

/** Help-layer programs (GNU and util-linux, tables from their own --help). */
const HELP_MIX = ['ls --evil', 'grep -f ../x src', 'cp -t.. a', "runcon x bash -c 'id'", 'ls -la src', 'grep -rn foo *.ts', 'du -sh .', 'lsblk -f'];

/** A full garbage collection, when the runtime lets one be asked for (it does once the flag is set). */
function collect(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
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

  // The help layer: its tables are compiled on a program's first lookup too; all at once here.
  let help = Infinity;
  let helpSplit = Infinity;
  let helpCount = 0;
  let helpBytes = 0;
  for (let r = 0; r < 5; r++) {
    let t = performance.now();
    const built = compileAllHelpTables();
    help = Math.min(help, performance.now() - t);
    helpCount = built.rules.length;
    helpBytes = built.text.reduce((n, s) => n + s.length, 0);
    t = performance.now();
    for (const s of built.text) s.split(/\s+/);
    helpSplit = Math.min(helpSplit, performance.now() - t);
  }
  report({
    name: `help tables: compile all ${helpCount} programs (GNU, util-linux)`,
    value: help.toFixed(2),
    unit: 'ms',
    baseline: `splitting their ${(helpBytes / 1e3).toFixed(0)} kB of option text into tokens ${helpSplit.toFixed(2)} ms`,
    ratio: help / helpSplit,
  });

  // Keying with every table loaded (the lookups' cache filled by classifying each program once).
  const pool = [...everydayCommands(), ...SPEC_MIX, ...HELP_MIX];
  const mix = Array.from({ length: 10_000 }, (_, i) => pool[(i * 7) % pool.length]!);
  reportKeying(report, 'keying with all spec tables loaded', `${mix.length} commands (everyday fixture + spec- and help-layer programs)`, keyingRates(mix, pool));
}
