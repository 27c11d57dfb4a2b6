import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from '@playwright/test';

/**
 * The Chromium to drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own if it
 * was installed. None → a failure that says how to get one (never a silent skip).
 */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', safe(() => chromium.executablePath())];
  const found = candidates.find((c): c is string => Boolean(c) && existsSync(c!));
  if (!found) {
    throw new Error(
      'No Chromium found for the e2e tests. Install one (Debian/Ubuntu: `apt-get install -y chromium`), or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  return found;
}

/** Flags for a headless Chromium on a machine with no network beyond loopback. */
export const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The Electron binary's path, or why there is none. Read from the package's path.txt rather than
 * `require('electron')`, which tries to download a missing binary (and hangs on a closed network).
 */
export function electronBinary(): { path: string } | { missing: string } {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return { path: process.env.ELECTRON_OVERRIDE_DIST_PATH };
  let pkgDir: string;
  try {
    pkgDir = path.dirname(createRequire(import.meta.url).resolve('electron/package.json'));
  } catch {
    return { missing: 'the electron package is not installed' };
  }
  const pathFile = path.join(pkgDir, 'path.txt');
  if (!existsSync(pathFile))
    return { missing: 'the Electron binary was never downloaded (its download host is unreachable from this machine)' };
  const bin = path.join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(bin) ? { path: bin } : { missing: `the Electron binary ${bin} is missing` };
}

function safe<T>(f: () => T): T | undefined {
  try {
    return f();
  } catch {
    return undefined;
  }
}
