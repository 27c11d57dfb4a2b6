import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { MethodOutput } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import type { Rewrite, UserItem } from './rewrite.js';
import type { TranscriptItem } from './transcript.js';

/**
 * Edit and Regenerate for the open conversation, on the existing rewind (conversations.rewind, the
 * conversation store's `rewind`): the conversation is cut at the message, the transcript reloads
 * (`onCut`), then Edit hands the text back to the box and offers the checkpoint that restores the
 * files to before that message, if one was taken; Regenerate sends the message again.
 */
export function useRewrite(opts: {
  conversationId: string | null;
  items: readonly TranscriptItem[];
  running: boolean;
  onCut: () => void;
  onDraft: (text: string) => void;
  send: (text: string) => void;
}) {
  const { conversationId, items } = opts;
  /** A checkpoint to offer after an Edit: restoring it brings the files back to before that message. */
  const [offer, setOffer] = useState<string | null>(null);
  const cut = useMutation({
    mutationFn: async ({ item }: { item: UserItem; then: 'edit' | 'regenerate' }) => {
      await unwrap(getApi().conversations.rewind({ id: conversationId!, messageIndex: item.messageIndex!, text: item.text }));
      return item;
    },
    onSuccess: async (item, { then }) => {
      opts.onCut();
      if (then === 'regenerate') return opts.send(item.text);
      opts.onDraft(item.text);
      setOffer(await checkpointBefore(conversationId!, item.messageIndex!));
    },
  });
  const { lastUser, lastAnswerId } = regenerateTarget(items);
  const rewrite: Rewrite = {
    edit: (item) => {
      setOffer(null);
      cut.mutate({ item, then: 'edit' });
    },
    regenerate: () => {
      if (lastUser?.messageIndex !== undefined) cut.mutate({ item: lastUser, then: 'regenerate' });
    },
    lastAnswerId,
    busy: opts.running || cut.isPending || conversationId === null,
  };
  return { rewrite, offer, clearOffer: () => setOffer(null), error: cut.error };
}

type CheckpointView = MethodOutput<'checkpoints.list'>['checkpoints'][number];

/**
 * What Regenerate redoes: your last message (when its place is known) and the answer after it — the
 * button sits on that answer; none when the transcript ends with your message or has no answer.
 */
export function regenerateTarget(items: readonly TranscriptItem[]): { lastUser: UserItem | undefined; lastAnswerId: string | undefined } {
  const lastUser = items.findLast((i): i is UserItem => i.kind === 'user');
  const lastAnswer = items.findLast((i) => i.kind === 'assistant');
  const answersLast = lastAnswer !== undefined && items.lastIndexOf(lastAnswer) > (lastUser ? items.lastIndexOf(lastUser) : -1);
  return { lastUser, lastAnswerId: answersLast && lastUser?.messageIndex !== undefined ? lastAnswer.id : undefined };
}

/** The checkpoint taken first at or after the message (before its run changed files), if there is one. */
export function restorePointFor(checkpoints: readonly CheckpointView[], messageIndex: number): string | null {
  const after = checkpoints
    .filter((c) => c.kind === 'turn' && c.messageIndex !== undefined && c.messageIndex >= messageIndex)
    .sort((a, b) => a.messageIndex! - b.messageIndex! || a.createdAt - b.createdAt);
  return after[0]?.id ?? null;
}

async function checkpointBefore(conversationId: string, messageIndex: number): Promise<string | null> {
  return restorePointFor((await unwrap(getApi().checkpoints.list({ conversationId }))).checkpoints, messageIndex);
}
