/**
 * A PreToolUse hook's ask through the real engine (hooks/ passes `hookAsks`): the allowlists and an
 * allowing mode no longer answer, the user does; deny rules, invalid input and Plan mode still refuse
 * first; an answer for the session does not silence the hook on the next call.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConversationModes } from './modes.js';
import { makeEngine, pathKey, request, simple, tempProject, type Harness } from './permissions.testkit.js';
import { builtInToolFacts } from '../tools/tools.testkit.js';

let root: string;
let cleanup: () => Promise<void>;
let h: Harness;
const modes = new ConversationModes();

beforeEach(async () => {
  ({ root, cleanup } = await tempProject());
  await writeFile(
    path.join(root, 'codecoder.json'),
    JSON.stringify({ allowlist: { 'write_file:src/**': 'AlwaysThisProject' }, deny: ['run_command:curl'] }),
  );
  h = await makeEngine(root, { modeOf: (c) => modes.get(c), tools: builtInToolFacts() });
});
afterEach(async () => {
  h.engine.close();
  modes.set('conv-1', 'ask');
  await cleanup();
});

describe('hookAsks', () => {
  it('turns an allowlisted call into a prompt; without it the entry allows', async () => {
    expect(await h.engine.check(request('write_file', pathKey('src/a.ts')))).toMatchObject({ allowed: true, via: 'project', asked: false });
    h.asker.answer({ choice: 'once' });
    expect(await h.engine.check({ ...request('write_file', pathKey('src/a.ts')), hookAsks: 'look' })).toMatchObject({
      allowed: true,
      via: 'once',
      asked: true,
    });
    expect(h.asker.asked.map((a) => a.key.raw)).toEqual(['write_file:src/a.ts']);
  });

  it('a session answer does not silence the hook next time', async () => {
    h.asker.answer({ choice: 'session' }, { choice: 'deny' });
    await h.engine.check({ ...request('run_command', simple('ls')), hookAsks: 'look' });
    expect(await h.engine.check(request('run_command', simple('ls')))).toMatchObject({ allowed: true, via: 'session' });
    expect(await h.engine.check({ ...request('run_command', simple('ls')), hookAsks: 'look' })).toMatchObject({
      allowed: false,
      via: 'user-deny',
    });
    expect(h.asker.asked).toHaveLength(2);
  });

  it('deny rules and Plan mode still refuse without a prompt; Accept edits does not allow', async () => {
    expect(await h.engine.check({ ...request('run_command', simple('curl')), hookAsks: 'look' })).toMatchObject({
      allowed: false,
      via: 'deny-rule',
    });
    modes.set('conv-1', 'plan');
    expect(await h.engine.check({ ...request('write_file', pathKey('b.txt')), hookAsks: 'look' })).toMatchObject({
      allowed: false,
      via: 'mode',
    });
    modes.set('conv-1', 'edits');
    expect(await h.engine.check(request('write_file', pathKey('b.txt')))).toMatchObject({ allowed: true, via: 'mode' });
    h.asker.answer({ choice: 'deny' });
    expect(await h.engine.check({ ...request('write_file', pathKey('b.txt')), hookAsks: 'look' })).toMatchObject({
      allowed: false,
      via: 'user-deny',
    });
    expect(h.asker.asked.map((a) => a.key.raw)).toEqual(['write_file:b.txt']);
  });
});
