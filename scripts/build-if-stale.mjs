/**
 * `npm run start:web` builds the bundles only when a source is newer than the build: a plain
 * restart starts at once. The build's own marker (out/.build-stamp) is written after a build
 * succeeds, so a failed or interrupted build is redone next time.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'out', '.build-stamp');
const sources = ['renderer', 'main', 'preload', 'shared', 'electron.vite.config.ts', 'package.json', 'package-lock.json'];

/** The newest modification time under a path (files only; node_modules and tests skipped). */
function newest(p) {
  const st = statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const e of readdirSync(p, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.')) continue;
    m = Math.max(m, newest(path.join(p, e.name)));
  }
  return m;
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (built > changed && !process.argv.includes('--force')) {
  console.log('Bundles are up to date (out/): not rebuilding. (--force rebuilds.)');
} else {
  execFileSync(process.execPath, [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}
