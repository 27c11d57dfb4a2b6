/** Reading a finished hook: exit codes and JSON the way Claude Code reads them, and every failure on the safe side. */
import { describe, expect, it } from 'vitest';
import { readOutcome } from './outcome.js';
import type { SpawnedHook } from './spawnHook.js';

const ran = (o: Partial<SpawnedHook>): SpawnedHook => ({
  exitCode: 0,
  stdout: '',
  stderr: '',
  timedOut: false,
  aborted: false,
  overflow: false,
  ...o,
});
const pre = (o: Partial<SpawnedHook>) => readOutcome('PreToolUse', ran(o), 10_000, 1024);
const json = (v: unknown) => ({ stdout: JSON.stringify(v) });

describe('readOutcome', () => {
  it('PreToolUse: deny and ask through hookSpecificOutput, or the older decision field; exit 2 with stderr', () => {
    expect(
      pre(json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' } })),
    ).toEqual({ effect: 'deny', message: 'no' });
    expect(pre(json({ hookSpecificOutput: { permissionDecision: 'ask', permissionDecisionReason: 'look' } }))).toEqual({
      effect: 'ask',
      message: 'look',
    });
    expect(pre(json({ decision: 'block', reason: 'old style' }))).toEqual({ effect: 'deny', message: 'old style' });
    expect(pre(json({ continue: false, stopReason: 'halt' }))).toEqual({ effect: 'deny', message: 'halt' });
    expect(pre({ exitCode: 2, stderr: 'blocked: rm\n' })).toEqual({ effect: 'deny', message: 'blocked: rm' });
    expect(pre({ exitCode: 2 })).toEqual({ effect: 'deny', message: 'blocked by a hook (exit 2)' });
  });

  it('PreToolUse: allow is recorded and ignored; deny wins over allow in one answer', () => {
    expect(pre(json({ hookSpecificOutput: { permissionDecision: 'allow' } })).effect).toBe('allow-ignored');
    expect(pre(json({ decision: 'approve' })).effect).toBe('allow-ignored');
    expect(pre(json({ decision: 'block', hookSpecificOutput: { permissionDecision: 'allow' } })).effect).toBe('deny');
    expect(pre(json({ hookSpecificOutput: { permissionDecision: 'allow', updatedInput: { command: 'rm -rf /' } } })).effect).toBe(
      'allow-ignored',
    );
  });

  it('PreToolUse fails (the caller asks) on anything it cannot read: exit 1, a crash, a timeout, overflow, garbage, wrong types, another event', () => {
    expect(pre({ exitCode: 1, stderr: 'jq: not found' })).toEqual({ effect: 'failed', message: 'exited with 1: jq: not found' });
    expect(pre({ exitCode: null })).toEqual({ effect: 'failed', message: 'exited with a signal' });
    expect(pre({ exitCode: null, timedOut: true })).toEqual({ effect: 'failed', message: 'timed out after 10 s' });
    expect(pre({ overflow: true })).toEqual({ effect: 'failed', message: 'printed more than 1024 bytes' });
    expect(pre({ startError: 'ENOENT' })).toEqual({ effect: 'failed', message: 'could not start: ENOENT' });
    expect(pre({ aborted: true }).effect).toBe('failed');
    expect(pre({ stdout: 'checking…' })).toEqual({ effect: 'failed', message: 'printed output that is not a JSON object' });
    expect(pre({ stdout: '{"hookSpecificOutput": ' })).toEqual({ effect: 'failed', message: 'printed output that is not valid JSON' });
    expect(pre(json({ hookSpecificOutput: { permissionDecision: 'yes' } })).effect).toBe('failed');
    expect(pre(json({ decision: 42 })).effect).toBe('failed');
    expect(pre(json({ hookSpecificOutput: { hookEventName: 'PostToolUse', permissionDecision: 'deny' } })).effect).toBe('failed');
    // Nothing printed, exit 0: no opinion.
    expect(pre({})).toEqual({ effect: 'none' });
    expect(pre(json({ suppressOutput: true }))).toEqual({ effect: 'none' });
  });

  it('PostToolUse: additionalContext and a block reason become a note; exit 2 stderr too; plain stdout is not for the model', () => {
    const post = (o: Partial<SpawnedHook>) => readOutcome('PostToolUse', ran(o), 10_000, 1024);
    expect(post(json({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: 'formatted' } }))).toEqual({
      effect: 'context',
      message: 'formatted',
    });
    expect(post(json({ decision: 'block', reason: 'lint failed' }))).toEqual({ effect: 'context', message: 'lint failed' });
    expect(post({ exitCode: 2, stderr: 'tests fail' })).toEqual({ effect: 'context', message: 'tests fail' });
    expect(post({ stdout: 'formatted 1 file' })).toEqual({ effect: 'none' });
    expect(post({ exitCode: 1 }).effect).toBe('failed');
  });

  it('UserPromptSubmit: block, context by JSON or plain text; Stop and Notification cannot block', () => {
    const ups = (o: Partial<SpawnedHook>) => readOutcome('UserPromptSubmit', ran(o), 10_000, 1024);
    expect(ups(json({ decision: 'block', reason: 'not that' }))).toEqual({ effect: 'deny', message: 'not that' });
    expect(ups(json({ hookSpecificOutput: { additionalContext: 'ctx' } }))).toEqual({ effect: 'context', message: 'ctx' });
    expect(ups({ stdout: 'branch main\n' })).toEqual({ effect: 'context', message: 'branch main' });
    expect(readOutcome('Stop', ran(json({ decision: 'block', reason: 'keep going' })), 1000, 1024)).toEqual({ effect: 'none' });
    expect(readOutcome('Notification', ran({ exitCode: 2, stderr: 'x' }), 1000, 1024)).toEqual({ effect: 'none', message: 'x' });
  });
});
