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

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(rel));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name)) out.push(rel);
  }
  return out;
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
  it('shared/ and renderer/ stay free of Node built-ins (they run in the page)', () => {
    const offenders = ['shared', 'renderer'].flatMap(sources).filter((f) => nodeImport.test(readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
