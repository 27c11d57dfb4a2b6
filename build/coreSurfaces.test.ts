/**
 * The module surfaces of main/core (build/coreSurfaces.mjs), and the codemod that rewrites deep
 * imports (build/codemods/surfaces.mjs) run on a small tree: rewrite, export, and a second run that
 * changes nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { surfaceSpecifier, surfaceViolation } from './coreSurfaces.mjs';

describe('surfaceViolation', () => {
  it('from outside a core folder, only its index.ts', () => {
    expect(surfaceViolation('main/core/agent/loop.ts', 'main/core/permissions/engine.js')).toBe('permissions');
    expect(surfaceViolation('main/core/agent/loop.ts', 'main/core/permissions/shell/classify.ts')).toBe('permissions');
    expect(surfaceViolation('main/webhost/server.ts', 'main/core/app/createCore.js')).toBe('app');
    expect(surfaceViolation('bench/x.bench.ts', 'main/core/llm/provider.js')).toBe('llm');
    expect(surfaceViolation('main/core/agent/loop.ts', 'main/core/permissions/index.js')).toBeNull();
    expect(surfaceViolation('main/core/agent/loop.ts', 'main/core/permissions/index.ts')).toBeNull();
    // A subfolder's index.ts is not the folder's surface.
    expect(surfaceViolation('main/core/agent/loop.ts', 'main/core/permissions/shell/index.js')).toBe('permissions');
  });
  it('inside a folder, and files directly in main/core, are free', () => {
    expect(surfaceViolation('main/core/permissions/shell/classify.ts', 'main/core/permissions/engine.js')).toBeNull();
    expect(surfaceViolation('main/core/permissions/engine.test.ts', 'main/core/permissions/trust/gate.js')).toBeNull();
    expect(surfaceViolation('main/webhost/cli.ts', 'main/core/appData.js')).toBeNull();
  });
  it("a folder's test helpers are reachable from test code only", () => {
    expect(surfaceViolation('main/core/checkpoints/x.test.ts', 'main/core/agent/agent.testkit.js')).toBeNull();
    expect(surfaceViolation('bench/exec.bench.ts', 'main/core/tools/execute/execute.testkit.js')).toBeNull();
    expect(surfaceViolation('e2e/mcp.spec.ts', 'main/core/mcp/testkit/server.js')).toBeNull();
    expect(surfaceViolation('main/core/checkpoints/service.ts', 'main/core/agent/agent.testkit.js')).toBe('agent');
    // Today's names only: an old-style helper name is an ordinary module, behind the surface.
    expect(surfaceViolation('main/core/checkpoints/x.test.ts', 'main/core/agent/testSupport.js')).toBe('agent');
  });
  it('writes the surface specifier relative to the importer', () => {
    expect(surfaceSpecifier('main/core/agent/loop.ts', 'permissions')).toBe('../permissions/index.js');
    expect(surfaceSpecifier('main/core/agent/context/manager.ts', 'llm')).toBe('../../llm/index.js');
    expect(surfaceSpecifier('bench/x.bench.ts', 'tools')).toBe('../main/core/tools/index.js');
  });
});

describe('the surfaces codemod', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const codemod = path.resolve(import.meta.dirname, 'codemods/surfaces.mjs');
  const run = (...args: string[]) => execFileSync(process.execPath, [codemod, '--root', dir!, ...args], { encoding: 'utf8' });

  it('rewrites deep imports to the index, adds the missing exports, and is idempotent', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cc-surfaces-'));
    const files: Record<string, string> = {
      'main/core/perm/engine.ts': 'export class Engine {}\nexport interface Verdict { ok: boolean }\nexport const LIMIT = 3;\n',
      'main/core/perm/index.ts': "export { LIMIT } from './engine.js';\n",
      'main/core/perm/inside.ts': "import { Engine } from './engine.js';\nexport const e = new Engine();\n",
      'main/core/agent/loop.ts':
        "import { Engine, type Verdict } from '../perm/engine.js';\nimport { LIMIT } from '../perm/index.js';\nexport const run = (v: Verdict) => [new Engine(), v, LIMIT];\n",
      'main/core/agent/ns.ts': "import * as engine from '../perm/engine.js';\nexport const n = engine;\n",
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    const first = run();
    expect(first).toContain('left alone: main/core/agent/ns.ts: a namespace import of ../perm/engine.js');
    expect(first).toContain('changed 2 file(s)');
    const read = (f: string) => readFile(path.join(dir!, f), 'utf8');
    expect(await read('main/core/agent/loop.ts')).toBe(
      "import { Engine, type Verdict, LIMIT } from '../perm/index.js';\nexport const run = (v: Verdict) => [new Engine(), v, LIMIT];\n",
    );
    expect(await read('main/core/perm/index.ts')).toBe("export { LIMIT, Engine, type Verdict } from './engine.js';\n");
    expect(await read('main/core/perm/inside.ts')).toBe(files['main/core/perm/inside.ts']);
    expect(run()).toContain('changed 0 file(s)');
    expect(() => run('--check')).not.toThrow();
  }, 120_000);
});
