/**
 * The page benches (approval, firstPaint) drive the built renderer in out/. They build it first when
 * it is missing or older than its sources — scripts/build-if-stale.mjs, as `npm run start:web`
 * does — so `npm run bench` runs green on a fresh clone. The build's output goes to stderr, beside
 * the benches' progress lines: stdout keeps only rows.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

export function buildRendererIfStale(): void {
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build-if-stale.mjs')], { cwd: root, stdio: ['ignore', 2, 2] });
}
