/** Your hooks.json: read through a cache, added to and removed from by the Hooks section, refused when it must be fixed by hand. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { readHooks } from './declarations.js';
import { UserHooksFile } from './userHooks.js';

const tempDir = useTempDir();

describe('UserHooksFile', () => {
  it('adds a group (checked on its own), keeps other fields, removes a hook and its empty group', async () => {
    const dir = await tempDir('cc-user-hooks-');
    await writeFile(
      path.join(dir, 'hooks.json'),
      JSON.stringify({ theme: 'kept', hooks: { Stop: [{ hooks: [{ type: 'command', command: 'a' }] }] } }),
    );
    const f = new UserHooksFile(dir);
    await f.add('PreToolUse', { matcher: 'run_command', hooks: [{ type: 'command', command: 'guard' }] });
    await expect(f.add('PreToolUse', { matcher: 'Edit.*', hooks: [{ type: 'command', command: 'x' }] })).rejects.toThrow(
      'regular expressions are not read',
    );
    const doc = JSON.parse(await readFile(f.file, 'utf8')) as { theme: string; hooks: unknown };
    expect(doc.theme).toBe('kept');
    const hooks = readHooks(f.read().value, 'user').hooks;
    expect(hooks.map((h) => [h.event, h.command, h.at])).toEqual([
      ['Stop', 'a', 'Stop[0].hooks[0]'],
      ['PreToolUse', 'guard', 'PreToolUse[0].hooks[0]'],
    ]);
    await f.remove('Stop[0].hooks[0]');
    expect(f.read().value).toEqual({ PreToolUse: [{ matcher: 'run_command', hooks: [{ type: 'command', command: 'guard' }] }] });
    await expect(f.remove('Stop[0].hooks[0]')).rejects.toThrow('no hook at Stop[0].hooks[0]');
  });

  it('a file that is not JSON is reported (PreToolUse then asks) and never rewritten', async () => {
    const dir = await tempDir('cc-user-hooks-');
    await writeFile(path.join(dir, 'hooks.json'), '{ "hooks": ');
    const f = new UserHooksFile(dir);
    expect(f.read().error).toMatch(/^hooks.json is not valid JSON/);
    await expect(f.add('Stop', { hooks: [{ type: 'command', command: 'x' }] })).rejects.toThrow('fix it by hand first');
    expect(await readFile(f.file, 'utf8')).toBe('{ "hooks": ');
    expect(new UserHooksFile(await tempDir('cc-user-hooks-')).read()).toEqual({});
  });
});
