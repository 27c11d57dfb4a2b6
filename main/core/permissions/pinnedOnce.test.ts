import { afterEach, describe, expect, it } from 'vitest';
import { commandPermission } from './keys.js';
import { makeEngine, request, tempProject } from './permissions.testkit.js';

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => cleanup?.());

describe('answers that cannot be remembered', () => {
  it('a command whose program is unknown until it runs is allowed once even when the user chose the session', async () => {
    const t = await tempProject();
    cleanup = t.cleanup;
    const { engine, asker } = await makeEngine(t.root);
    const p = commandPermission('$CMD --help');
    expect(p.kind).toBe('ask');
    if (p.kind !== 'ask') return;
    expect(p.key.raw).toContain('?');
    asker.answer({ choice: 'session' }, { choice: 'once' });
    expect(await engine.check(request('run_command', p))).toMatchObject({ allowed: true, via: 'once' });
    expect(engine.listSession()).toEqual([]);
    expect(await engine.check(request('run_command', p))).toMatchObject({ allowed: true, via: 'once' });
    expect(asker.asked).toHaveLength(2);
  });
});
