/**
 * The Electron binary cannot start on our machines, so every behaviour lives in plain-Node code
 * that never imports electron. Only the thin shell (main/electron) and the preload may.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const electronImport =
  /(?:from\s*['"]electron(?:\/[^'"]*)?['"]|require\(\s*['"]electron(?:\/[^'"]*)?['"]\s*\)|import\(\s*['"]electron['"]\s*\)|from\s*['"]electron-store['"])/;
const nodeImport = /(?:from\s*['"](?:node:|fs['"]|path['"]|child_process['"]|os['"])|require\(\s*['"]node:)/;

/** Where main/core reaches outside plain Node: the web host and the Electron shell sit on top of it. */
const hostDirs = ['main/webhost/', 'main/electron/'];
/** A relative import, export-from, dynamic import() or require(). */
const relativeImport = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\(\s*|^\s*import\s*)['"](\.{1,2}\/[^'"]*)['"]/gm;

/** The imports of `file` (repo-relative) that land in a host folder. */
function hostImports(file: string, text: string): string[] {
  return [...text.matchAll(relativeImport)]
    .map((m) => path.posix.join(path.posix.dirname(file.split(path.sep).join('/')), m[1]!))
    .filter((target) => hostDirs.some((dir) => target.startsWith(dir)));
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(rel));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/**
 * The permission engine sits at the bottom of main/core: it may import only itself, fs/, appData.ts
 * and shared/ (and packages). Tools, the agent and the app import it, never the other way round, so
 * the engine can be read, tested and reasoned about alone. Its tests may drive real tools.
 */
const PERMISSIONS_MAY_IMPORT = ['main/core/permissions/', 'main/core/fs/', 'main/core/appData.ts', 'shared/'];
/** The tools' shared helpers sit under every tool folder: they import no tool folder. */
const TOOLS_KIT_MAY_IMPORT = [
  'main/core/tools/kit/',
  'main/core/tools/output.ts',
  'main/core/tools/types.ts',
  'main/core/env/',
  'main/core/fs/',
  'main/core/permissions/',
  'shared/',
];

function importsOutside(file: string, text: string, allowed: string[]): string[] {
  return [...text.matchAll(relativeImport)]
    .map((m) => path.posix.join(path.posix.dirname(file.split(path.sep).join('/')), m[1]!))
    .filter((target) => !allowed.some((a) => (a.endsWith('/') ? target.startsWith(a) : target.replace(/\.js$/, '.ts') === a)))
    .map((target) => `${file} → ${target}`);
}

describe('import boundaries', () => {
  it('nothing outside main/electron and preload imports electron', () => {
    const offenders = ['shared', 'main', 'renderer', 'bin', 'bench']
      .flatMap(sources)
      .filter((f) => !f.startsWith(`main${path.sep}electron${path.sep}`))
      .filter((f) => electronImport.test(readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
  it('the check itself catches an electron import', () => {
    expect(electronImport.test("import { app } from 'electron';")).toBe(true);
    expect(electronImport.test('const { ipcMain } = require("electron")')).toBe(true);
    expect(electronImport.test("import Store from 'electron-store'")).toBe(true);
    expect(electronImport.test("import x from 'electron-vite'")).toBe(false);
  });
  it('main/core imports neither the web host nor the Electron shell', () => {
    const offenders = sources('main/core').flatMap((f) => hostImports(f, readFileSync(path.join(root, f), 'utf8')).map((t) => `${f} → ${t}`));
    expect(offenders).toEqual([]);
  });
  it('the check itself catches a core file importing a host', () => {
    expect(hostImports('main/core/app/x.ts', "import { a } from '../../webhost/server.js';")).toEqual(['main/webhost/server.js']);
    expect(hostImports('main/core/app/x.ts', "export * from '../../electron/ipc.js';")).toEqual(['main/electron/ipc.js']);
    expect(hostImports('main/core/app/x.test.ts', "const m = await import('../../webhost/cli.js');")).toEqual(['main/webhost/cli.js']);
    expect(hostImports('main/core/x.ts', "import '../electron/main.js';")).toEqual(['main/electron/main.js']);
    expect(hostImports('main/core/app/x.ts', "import { b } from '../agent/loop.js';\nimport e from 'electron-vite';")).toEqual([]);
  });
  it('shared/ and renderer/ stay free of Node built-ins (they run in the page)', () => {
    const offenders = ['shared', 'renderer'].flatMap(sources).filter((f) => nodeImport.test(readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
  it('permissions/ depends on nothing above it', () => {
    const offenders = sources(path.join('main', 'core', 'permissions'))
      .filter((f) => !/\.test\.ts$/.test(f))
      .flatMap((f) => importsOutside(f, readFileSync(path.join(root, f), 'utf8'), PERMISSIONS_MAY_IMPORT));
    expect(offenders).toEqual([]);
  });
  it('tools/kit/ imports no tool folder', () => {
    const offenders = sources(path.join('main', 'core', 'tools', 'kit'))
      .filter((f) => !/\.test\.ts$/.test(f))
      .flatMap((f) => importsOutside(f, readFileSync(path.join(root, f), 'utf8'), TOOLS_KIT_MAY_IMPORT));
    expect(offenders).toEqual([]);
  });
  it('the check itself catches an import from above', () => {
    const f = 'main/core/permissions/x.ts';
    expect(importsOutside(f, "import type { Tool } from '../tools/types.js';", PERMISSIONS_MAY_IMPORT)).toEqual([
      'main/core/permissions/x.ts → main/core/tools/types.js',
    ]);
    expect(importsOutside(f, "const m = await import('../agent/loop.js');", PERMISSIONS_MAY_IMPORT)).toHaveLength(1);
    expect(importsOutside(f, "import { a } from './keys.js';\nimport { b } from '../fs/projectPath.js';", PERMISSIONS_MAY_IMPORT)).toEqual([]);
    expect(importsOutside(f, "import { projectDataDir } from '../appData.js';", PERMISSIONS_MAY_IMPORT)).toEqual([]);
    expect(importsOutside(f, "import { z } from 'zod';", PERMISSIONS_MAY_IMPORT)).toEqual([]);
  });
});
