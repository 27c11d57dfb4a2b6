/**
 * grep and glob against raw ripgrep on a generated 50k-file tree, measured in the same run.
 * Goals: grep ≤ 1.3× rg's wall time with identical matches; glob ≤ 1.5× `rg --files -g`.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rgPath } from '@vscode/ripgrep';
import { globTool, grepTool, type GrepMatch, type ToolContext } from '../main/core/tools/index.js';
import type { BenchRow } from './types.js';

const DIRS = 50;
const SUBDIRS = 20;
const FILES = 50; // 50 × 20 × 50 = 50 000 files
const RUNS = 7;

function generate(root: string): void {
  const exts = ['ts', 'js', 'md'];
  let n = 0;
  for (let d = 0; d < DIRS; d++) {
    for (let s = 0; s < SUBDIRS; s++) {
      const dir = path.join(root, `pkg${d}`, `mod${s}`);
      mkdirSync(dir, { recursive: true });
      for (let f = 0; f < FILES; f++, n++) {
        // One file in 40 holds the needle (twice), so the match set is big but far below the cap.
        const needle = n % 40 === 0 ? `export const marker_${n} = "NEEDLE_${n}";\n// NEEDLE again\n` : '';
        const body = `// file ${n}\nimport { x } from './dep${f}';\n${needle}export function f${n}(a: number) {\n  return a * ${n};\n}\n`;
        writeFileSync(path.join(dir, `file${f}.${exts[n % 3]}`), body);
      }
    }
  }
}

function rawRg(args: string[], cwd: string): Promise<{ ms: number; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(rgPath, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', reject);
    child.on('close', () => {
      const ms = performance.now() - t0;
      resolve({ ms, lines: Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean) });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default async function (report: (row: BenchRow) => void): Promise<void> {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'cc-search-bench-')));
  const root = path.join(base, 'tree');
  try {
    const g0 = performance.now();
    generate(root);
    report({ name: 'search: generate tree', value: Math.round(performance.now() - g0), unit: `ms for ${DIRS * SUBDIRS * FILES} files` });
    const ctx: ToolContext = {
      projectRoot: root,
      signal: new AbortController().signal,
      output: () => {},
      agentId: 'bench',
      conversationId: 'bench',
      depth: 0,
      logDir: path.join(base, 'logs'),
    };

    // grep: same search flags as the tool, plain output as a user would run it.
    const grep = grepTool();
    const grepArgs = grep.parameters.parse({ pattern: 'NEEDLE_\\d+', max_results: 10_000 });
    const rgArgs = [
      '--no-config',
      '--color',
      'never',
      '--no-require-git',
      '--line-number',
      '--no-heading',
      '--with-filename',
      '-e',
      'NEEDLE_\\d+',
    ];
    const toolMs: number[] = [];
    const rgMs: number[] = [];
    let toolSet: string[] = [];
    let rgSet: string[] = [];
    await rawRg(rgArgs, root); // warm the page cache for both
    // Alternate which goes first so neither always runs on the warmer cache.
    for (let i = 0; i < RUNS; i++) {
      for (const which of i % 2 ? ['tool', 'rg'] : ['rg', 'tool']) {
        if (which === 'rg') {
          const r = await rawRg(rgArgs, root);
          rgMs.push(r.ms);
          rgSet = r.lines.sort();
        } else {
          const t0 = performance.now();
          const res = await grep.execute(grepArgs, ctx);
          toolMs.push(performance.now() - t0);
          toolSet = (res.data as { matches: GrepMatch[] }).matches.map((m) => `${m.path}:${m.line}:${m.text}`).sort();
        }
      }
    }
    const identical = toolSet.length === rgSet.length && toolSet.every((l, i) => l === rgSet[i]);
    if (!identical) throw new Error(`grep tool and rg disagree: ${toolSet.length} vs ${rgSet.length} matches`);
    const gr = median(toolMs) / median(rgMs);
    report({
      name: 'grep tool wall time',
      value: median(toolMs).toFixed(0),
      unit: `ms (median of ${RUNS})`,
      baseline: `rg ${median(rgMs).toFixed(0)} ms`,
      ratio: gr,
      goal: '≤ 1.3×',
      met: gr <= 1.3,
    });
    report({
      name: 'grep identical matches',
      value: toolSet.length,
      unit: `matches (rg: ${rgSet.length})`,
      goal: 'identical',
      met: identical,
    });

    // glob: the tool sorts its list; raw `rg --files -g` does not.
    const glob = globTool();
    const globArgs = glob.parameters.parse({ pattern: '*.ts', max_results: 20_000 });
    const filesArgs = ['--no-config', '--color', 'never', '--no-require-git', '--files', '--glob', '*.ts'];
    const gToolMs: number[] = [];
    const gRgMs: number[] = [];
    let gTool: string[] = [];
    let gRg: string[] = [];
    for (let i = 0; i < RUNS; i++) {
      for (const which of i % 2 ? ['tool', 'rg'] : ['rg', 'tool']) {
        if (which === 'rg') {
          const r = await rawRg(filesArgs, root);
          gRgMs.push(r.ms);
          gRg = r.lines.sort();
        } else {
          const t0 = performance.now();
          const res = await glob.execute(globArgs, ctx);
          gToolMs.push(performance.now() - t0);
          gTool = (res.data as { paths: string[] }).paths;
        }
      }
    }
    const gSame = gTool.length === gRg.length && gTool.every((l, i) => l === gRg[i]);
    if (!gSame) throw new Error(`glob tool and rg --files disagree: ${gTool.length} vs ${gRg.length} paths`);
    const gl = median(gToolMs) / median(gRgMs);
    report({
      name: 'glob tool wall time',
      value: median(gToolMs).toFixed(0),
      unit: `ms (median of ${RUNS}, ${gTool.length} paths)`,
      baseline: `rg --files -g ${median(gRgMs).toFixed(0)} ms`,
      ratio: gl,
      goal: '≤ 1.5×',
      met: gl <= 1.5,
    });
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
