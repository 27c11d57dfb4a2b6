/**
 * A key that carries its own environment (run_capability: the capability's) has that environment's
 * ceiling: a wasm capability may be granted for the project, a shell one never above the session.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatKey } from './keyGrammar.js';
import { makeEngine, request, tempProject } from './permissions.testkit.js';
import type { Environment, Permission } from './types.js';

const capability = (name: string, env: Environment): Permission => ({
  kind: 'ask',
  key: formatKey('run_capability', `${name}@0123456789ab`),
  environment: env,
});
const envOf = (raw: string): Environment | undefined =>
  raw.startsWith('run_capability:wasm_') ? 'wasm' : raw.startsWith('run_capability:') ? 'shell' : undefined;

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => cleanup?.());

describe('per-key environment', () => {
  it('honours a project entry for a wasm capability and reports one for a shell capability', async () => {
    const t = await tempProject();
    cleanup = t.cleanup;
    await writeFile(
      path.join(t.root, 'codecoder.json'),
      JSON.stringify({
        allowlist: {
          'run_capability:wasm_fmt@0123456789ab': 'AlwaysThisProject',
          'run_capability:sh_fmt@0123456789ab': 'AlwaysThisProject',
        },
      }),
    );
    const { engine, asker } = await makeEngine(t.root, { environmentOfKey: envOf });
    // The tool itself declares shell (fail closed); the key's own environment decides.
    const wasm = await engine.check(request('run_capability', capability('wasm_fmt', 'wasm'), 'shell'));
    expect(wasm).toMatchObject({ allowed: true, via: 'project' });
    asker.answer({ choice: 'project' });
    const sh = await engine.check(request('run_capability', capability('sh_fmt', 'shell'), 'shell'));
    expect(sh.allowed).toBe(false);
    expect(sh.via).toBe('ceiling');
    expect(asker.asked[0]).toMatchObject({ environment: 'shell', ceiling: 'session' });
  });
});
