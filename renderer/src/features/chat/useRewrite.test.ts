import { describe, expect, it } from 'vitest';
import type { TranscriptItem } from './transcript.js';
import { regenerateTarget, restorePointFor } from './useRewrite.js';

const user = (id: string, messageIndex?: number): TranscriptItem => ({
  kind: 'user',
  id,
  text: id,
  at: 0,
  ...(messageIndex !== undefined ? { messageIndex } : {}),
});
const answer = (id: string): TranscriptItem => ({ kind: 'assistant', id, text: id, at: 0, streaming: false }) as TranscriptItem;
const checkpoint = (id: string, messageIndex: number | undefined, createdAt: number, kind: 'turn' | 'before-restore' = 'turn') => ({
  id,
  conversationId: 'c',
  kind,
  label: id,
  createdAt,
  ...(messageIndex !== undefined ? { messageIndex } : {}),
  files: 1,
  bytes: 1,
});

describe('Edit and Regenerate: what they act on', () => {
  it('Regenerate sits on the answer after your last message, only when that message can be cut at', () => {
    expect(regenerateTarget([user('a', 0), answer('x'), user('b', 2), answer('y')]).lastAnswerId).toBe('y');
    // The transcript ends with your message (no answer yet), or the last answer is to an earlier message.
    expect(regenerateTarget([user('a', 0), answer('x'), user('b', 2)]).lastAnswerId).toBeUndefined();
    // A message recorded before its place was known (no messageIndex) cannot be cut at.
    expect(regenerateTarget([user('a'), answer('x')]).lastAnswerId).toBeUndefined();
    expect(regenerateTarget([]).lastAnswerId).toBeUndefined();
  });

  it('offers the first turn checkpoint at or after the edited message, never a restore undo point', () => {
    const cps = [
      checkpoint('late', 4, 30),
      checkpoint('undo', 2, 25, 'before-restore'),
      checkpoint('second-of-run', 2, 20),
      checkpoint('first-of-run', 2, 10),
      checkpoint('before', 0, 5),
      checkpoint('unplaced', undefined, 1),
    ];
    expect(restorePointFor(cps, 2)).toBe('first-of-run');
    expect(restorePointFor(cps, 3)).toBe('late');
    expect(restorePointFor(cps, 5)).toBeNull();
  });
});
