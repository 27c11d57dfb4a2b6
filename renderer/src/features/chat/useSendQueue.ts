import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../bridge/index.js';

export interface QueuedMessage {
  id: number;
  conversationId: string;
  text: string;
  /** Files the message @-mentions, sent with it. */
  attachments: readonly string[];
}

/** How often, and how many times, a queued message is offered again while main still ends the run. */
const RETRY_MS = 250;
const MAX_TRIES = 40;

/**
 * Messages written while the agent works: kept, shown, and sent in order when the run of their
 * conversation ends. Main refuses a second run in a conversation (`conflict`), and a run counts as
 * active until its last event is on disk — a moment after `run.finished` reaches the window — so a
 * refused send is simply tried again shortly. Nothing typed is lost: a message that still cannot be
 * sent stays in the queue, with the error, until it is sent, edited or removed.
 */
export function useSendQueue(opts: {
  conversationId: string | null;
  /** The open conversation's run is going (or its transcript is still loading). */
  busy: boolean;
  send: (conversationId: string, text: string, attachments: readonly string[]) => Promise<unknown>;
}) {
  const { conversationId, busy, send } = opts;
  const [queue, setQueue] = useState<QueuedMessage[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);
  const inFlight = useRef(false);
  const tries = useRef(0);
  const nextId = useRef(1);

  const enqueue = useCallback((cid: string, text: string, attachments: readonly string[] = []) => {
    setQueue((q) => [...q, { id: nextId.current++, conversationId: cid, text, attachments }]);
  }, []);
  const remove = useCallback((id: number) => setQueue((q) => q.filter((m) => m.id !== id)), []);

  const head = queue.find((m) => m.conversationId === conversationId);
  useEffect(() => {
    if (!head || busy || inFlight.current || tries.current >= MAX_TRIES) return;
    inFlight.current = true;
    send(head.conversationId, head.text, head.attachments)
      .then(() => {
        tries.current = 0;
        setError(null);
        setQueue((q) => q.filter((m) => m.id !== head.id));
      })
      .catch((err: unknown) => {
        tries.current++;
        if (err instanceof ApiError && err.code === 'conflict' && tries.current < MAX_TRIES)
          setTimeout(() => setTick((t) => t + 1), RETRY_MS);
        else setError(err);
      })
      .finally(() => {
        inFlight.current = false;
      });
  }, [head, busy, send, tick]);

  /** Try again now (after an error that stopped the automatic sending). */
  const retry = useCallback(() => {
    tries.current = 0;
    setError(null);
    setTick((t) => t + 1);
  }, []);

  return { queued: queue.filter((m) => m.conversationId === conversationId), enqueue, remove, retry, error };
}
