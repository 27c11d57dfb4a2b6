/**
 * `npm start`: build, then open the desktop app — or, where the Electron binary was never
 * downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD, a blocked download host), say so in one sentence and
 * point to the web host, instead of Electron's own stack trace.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The binary's path, read from electron's path.txt (requiring `electron` would try to download it). */
function electronBinary() {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return process.env.ELECTRON_OVERRIDE_DIST_PATH;
  let pkgDir;
  try {
    pkgDir = path.dirname(createRequire(path.join(root, 'package.json')).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
  const pathFile = path.join(pkgDir, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const bin = path.join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(bin) ? bin : undefined;
}

const bin = electronBinary();
if (!bin) {
  console.error(
    'The Electron binary is not installed here (its download was skipped or blocked), so the desktop app cannot start: run `npm run start:web -- --project <folder>` to use CodeCoder in your browser instead.',
  );
  process.exit(1);
}
execFileSync(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], { cwd: root, stdio: 'inherit' });
const child = spawn(bin, [root, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
