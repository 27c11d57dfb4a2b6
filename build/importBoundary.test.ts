/**
 * The Electron binary cannot start on our machines, so every behaviour lives in plain-Node code
 * that never imports electron. Only the thin shell (main/electron) and the preload may.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_HELPER } from './coreSurfaces.mjs';

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

/**
 * main/core's folders in layers, bottom first. A folder imports only folders of lower layers (and
 * `shared/`): nothing points back up, so there is no circle between folders, and each layer can be
 * read and tested with only what lies under it (`hooks/` runs the user's programs through env/ and
 * answers to permissions/, under the agent that calls it). `assembly/` is the per-project composition root
 * (engine + registry + MCP + checkpoints + runtime); `app/` and `cli/` are its two users.
 * A new folder must take a place here (the test says so).
 */
const CORE_LAYERS: readonly (readonly string[])[] = [
  ['appData.ts', 'fs', 'router', 'host', 'llm'],
  // stores keep their files private through fs (privateDir.ts).
  ['stores', 'env', 'permissions'],
  ['tools', 'settings', 'hooks'],
  ['approvals', 'checkpoints', 'mcp', 'projects'],
  ['agent'],
  ['assembly'],
  // Background agents: each one an assembled agent on its own worktree.
  ['agents'],
  ['app', 'cli'],
];

/** Production files: tests and test helpers may reach up (a test of checkpoints drives the assembled agent). */
const isProduction = (f: string) => !/\.test\.tsx?$/.test(f) && !TEST_HELPER.test(f.split(path.sep).join('/'));

/** The main/core file each relative import of `file` lands on (repo-relative, posix, `.ts`), ignoring imports that leave main/core. */
function coreImports(file: string, text: string): string[] {
  const from = file.split(path.sep).join('/');
  return [...text.matchAll(relativeImport)]
    .map((m) => path.posix.join(path.posix.dirname(from), m[1]!).replace(/\.js$/, '.ts'))
    .filter((target) => target.startsWith('main/core/'));
}

/** The node of main/core a file belongs to: its folder directly under main/core, or the file itself (`appData.ts`). */
function coreNode(file: string): string {
  const parts = file.split('/');
  return parts[2]!;
}

/** The strongly connected components with more than one node (Tarjan): every circle of the graph, one component each. */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

/** Every production file of main/core → the main/core files it imports. */
function coreFileGraph(): Map<string, string[]> {
  const files = sources(path.join('main', 'core')).filter(isProduction);
  return new Map(files.map((f) => [f.split(path.sep).join('/'), coreImports(f, readFileSync(path.join(root, f), 'utf8'))]));
}

/** The folder graph: each main/core folder → the other folders its production files import, with one example import each. */
function coreFolderGraph(files: ReadonlyMap<string, readonly string[]>): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const [file, targets] of files) {
    const from = coreNode(file);
    const edges = graph.get(from) ?? graph.set(from, new Map()).get(from)!;
    for (const target of targets) {
      const to = coreNode(target);
      if (to !== from && !edges.has(to)) edges.set(to, `${file} → ${target}`);
    }
  }
  return graph;
}

/** The imports that point up or sideways in CORE_LAYERS, and the folders with no layer. */
function layerViolations(graph: ReadonlyMap<string, ReadonlyMap<string, string>>, layers: readonly (readonly string[])[]): string[] {
  const layerOf = new Map(layers.flatMap((names, i) => names.map((n) => [n, i] as const)));
  const out: string[] = [];
  for (const [from, edges] of graph) {
    if (!layerOf.has(from)) {
      out.push(`main/core/${from} has no place in CORE_LAYERS`);
      continue;
    }
    for (const [to, example] of edges) {
      if (!layerOf.has(to)) out.push(`main/core/${to} has no place in CORE_LAYERS`);
      else if (layerOf.get(to)! >= layerOf.get(from)!)
        out.push(`${from} → ${to} points ${layerOf.get(to) === layerOf.get(from) ? 'sideways' : 'up'} (${example})`);
    }
  }
  return [...new Set(out)];
}

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
    const offenders = sources('main/core').flatMap((f) =>
      hostImports(f, readFileSync(path.join(root, f), 'utf8')).map((t) => `${f} → ${t}`),
    );
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
    expect(importsOutside(f, "import { a } from './keys.js';\nimport { b } from '../fs/projectPath.js';", PERMISSIONS_MAY_IMPORT)).toEqual(
      [],
    );
    expect(importsOutside(f, "import { projectDataDir } from '../appData.js';", PERMISSIONS_MAY_IMPORT)).toEqual([]);
    expect(importsOutside(f, "import { z } from 'zod';", PERMISSIONS_MAY_IMPORT)).toEqual([]);
  });
  it('main/core has no circle between its folders', () => {
    const folders = coreFolderGraph(coreFileGraph());
    const circles = circlesOf(new Map([...folders].map(([k, v]) => [k, [...v.keys()]])));
    expect(
      circles.map((c) =>
        c.map(
          (f) =>
            `${f}: ${[...folders.get(f)!]
              .filter(([to]) => c.includes(to))
              .map(([, ex]) => ex)
              .join('; ')}`,
        ),
      ),
    ).toEqual([]);
  });
  it('no main/core folder imports one above or beside it (CORE_LAYERS)', () => {
    expect(layerViolations(coreFolderGraph(coreFileGraph()), CORE_LAYERS)).toEqual([]);
  });
  it('main/core has no circle between its files either', () => {
    expect(circlesOf(coreFileGraph())).toEqual([]);
  });
  it('the checks themselves find a circle and an arrow back up', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(circlesOf(graph)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(
      circlesOf(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
    const files = new Map([
      ['main/core/agent/loop.ts', ['main/core/tools/index.ts', 'main/core/agent/runtime.ts']],
      ['main/core/tools/x.ts', ['main/core/agent/index.ts', 'main/core/appData.ts']],
      ['main/core/newfolder/y.ts', []],
    ]);
    expect(layerViolations(coreFolderGraph(files), CORE_LAYERS)).toEqual([
      'tools → agent points up (main/core/tools/x.ts → main/core/agent/index.ts)',
      'main/core/newfolder has no place in CORE_LAYERS',
    ]);
    expect(
      coreImports(
        'main/core/agent/x.ts',
        "import type { A } from '../tools/index.js';\nexport * from './y.js';\nimport { z } from 'zod';\nimport { c } from '../../../shared/contract/index.js';",
      ),
    ).toEqual(['main/core/tools/index.ts', 'main/core/agent/y.ts']);
  });
});
