import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildRunArgv } from './container.js';
import { afterEnvironments, ensureProtectedEntries, environmentsIdle, holdEnvironment } from './protectedEntries.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('read-only placeholders for absent protected entries', () => {
  it('outlive every environment of the process, then go; one the host filled meanwhile stays', () => {
    root = tempDirs.sync('cc-prot-');
    const endA = holdEnvironment();
    expect(ensureProtectedEntries(root)).toEqual(['.git', 'codecoder.json', '.codecoder', '.mcp.json']);
    const endB = holdEnvironment();
    let idle = 0;
    afterEnvironments(() => idle++);
    endA();
    // B (a sandbox, say) may have mounted A's placeholder: removing it would detach that mount.
    expect(existsSync(path.join(root, 'codecoder.json'))).toBe(true);
    expect(idle).toBe(0);
    writeFileSync(path.join(root, '.mcp.json'), '{"mine":1}');
    endB();
    endB(); // once only
    expect(idle).toBe(1);
    for (const gone of ['.git', 'codecoder.json', '.codecoder']) expect(existsSync(path.join(root, gone)), gone).toBe(false);
    expect(existsSync(path.join(root, '.mcp.json'))).toBe(true);
  });

  it('are made only inside a hold, and mounted read-only after the project', () => {
    root = tempDirs.sync('cc-prot-');
    expect(() => ensureProtectedEntries(root)).toThrow(/outside holdEnvironment/);
    const argv = buildRunArgv({
      engine: { name: 'podman', bin: 'podman', globalArgs: [] },
      image: 'i',
      projectRoot: '/p',
      command: 'true',
      name: 'n',
      readOnly: ['.git', 'codecoder.json'],
    });
    const vols = argv.flatMap((a, i) => (a === '-v' ? [argv[i + 1]] : []));
    expect(vols).toEqual(['/p:/work:rw', '/p/.git:/work/.git:ro', '/p/codecoder.json:/work/codecoder.json:ro']);
  });

  it('environmentsIdle waits for the last environment (for the app’s own replacing writes)', async () => {
    root = tempDirs.sync('cc-prot-');
    await environmentsIdle();
    const end = holdEnvironment();
    let idle = false;
    const waiting = environmentsIdle().then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(false);
    end();
    await waiting;
    expect(idle).toBe(true);
  });
});
