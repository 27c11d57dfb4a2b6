import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { capabilityKey } from './capabilities/runCapability.js';
import { saveCapability } from './capabilities/store.js';
import { keyEnvironmentResolver } from './keyEnvironment.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

describe('keyEnvironmentResolver', () => {
  const registry = {
    get: (n: string) =>
      n === 'run_command' ? ({ environment: 'shell' } as never) : n === 'write_file' ? ({ environment: 'host' } as never) : undefined,
  };

  it("gives a tool's environment, and a capability's own while its content is unchanged", async () => {
    const root = await tempDirs('cc-keyenv-');
    const env = keyEnvironmentResolver(registry, root);
    expect(env('run_command:git')).toBe('shell');
    expect(env('write_file:src/**')).toBe('host');
    expect(env('nope:x')).toBeUndefined();
    const cap = await saveCapability(
      root,
      {
        name: 'word_count',
        description: 'counts words',
        environment: 'wasm',
        parameters: { type: 'object', properties: {} },
        grants: [],
      } as never,
      'export default () => 1;',
    );
    const key = capabilityKey(cap).raw;
    expect(env(key)).toBe('wasm');
    await writeFile(path.join(cap.dir, 'main.js'), 'export default () => 2;');
    expect(env(key)).toBe('shell');
    expect(env('run_capability:missing@0123456789ab')).toBe('shell');
    expect(env('run_capability:../../etc@0123456789ab')).toBe('shell');
  });
});
