import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
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
  const lastUser = items.findLast((i): i is UserItem => i.kind === 'user');
  const lastUserAt = lastUser ? items.lastIndexOf(lastUser) : -1;
  const lastAnswer = items.findLast((i) => i.kind === 'assistant');
  const answersLast = lastAnswer !== undefined && items.lastIndexOf(lastAnswer) > lastUserAt;
  const rewrite: Rewrite = {
    edit: (item) => {
      setOffer(null);
      cut.mutate({ item, then: 'edit' });
    },
    regenerate: () => {
      if (lastUser?.messageIndex !== undefined) cut.mutate({ item: lastUser, then: 'regenerate' });
    },
    lastAnswerId: answersLast && lastUser?.messageIndex !== undefined ? lastAnswer.id : undefined,
    busy: opts.running || cut.isPending || conversationId === null,
  };
  return { rewrite, offer, clearOffer: () => setOffer(null), error: cut.error };
}

/** The checkpoint taken first after the message (before its run changed files), if there is one. */
async function checkpointBefore(conversationId: string, messageIndex: number): Promise<string | null> {
  const { checkpoints } = await unwrap(getApi().checkpoints.list({ conversationId }));
  const after = checkpoints
    .filter((c) => c.kind === 'turn' && c.messageIndex !== undefined && c.messageIndex >= messageIndex)
    .sort((a, b) => a.messageIndex! - b.messageIndex! || a.createdAt - b.createdAt);
  return after[0]?.id ?? null;
}
