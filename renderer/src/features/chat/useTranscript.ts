import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useRef, useState } from 'react';
import type { AgentEvent } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { projectKeys } from '../../queries.js';
import { useEvent } from '../../ui/useEvent.js';
import { TranscriptBuilder, type ContextFigures, type TranscriptItem, type UsageTotals } from './transcript.js';

const EMPTY_USAGE: UsageTotals = { calls: 0, input: 0, cached: 0, output: 0, cost: 0 };

export interface TranscriptState {
  items: TranscriptItem[];
  /** The conversation's model usage so far (a copy, so a change re-renders the header). */
  usage: UsageTotals;
  /** How full the context window is (the gauge in the header). */
  context: ContextFigures | null;
  running: boolean;
  loading: boolean;
  error: unknown;
}

/**
 * One conversation's transcript: its recorded events, then the live `agent.event`s of that
 * conversation. Live events that arrive while the record loads are kept and applied after it (the
 * record already holds those older than its last event). Renders are batched to one per frame, so a
 * fast stream of deltas does not re-render per token.
 */
/** A conversation's record: whether it runs now, and its events so far. */
export type LoadConversation = (id: string) => Promise<{ running: boolean; events: AgentEvent[] }>;

const loadProjectConversation: LoadConversation = (id) =>
  unwrap(getApi().conversations.events({ id })).then(({ conversation, events }) => ({ running: conversation.running, events }));

/**
 * `version`: bump it to load the conversation again (after it was rewound). `load`: where its record
 * comes from (a background agent's is `agents.events`); read when the conversation or version changes.
 */
export function useTranscript(
  conversationId: string | null,
  version = 0,
  load: LoadConversation = loadProjectConversation,
): TranscriptState {
  const queryClient = useQueryClient();
  const loader = useRef(load);
  loader.current = load;
  const builder = useRef(new TranscriptBuilder());
  const pending = useRef<AgentEvent[] | null>(null);
  const flushTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [state, setState] = useState<TranscriptState>({
    items: [],
    usage: { ...EMPTY_USAGE },
    context: null,
    running: false,
    loading: false,
    error: null,
  });

  const scheduleFlush = (running?: boolean) => {
    if (running !== undefined) setState((s) => ({ ...s, running }));
    if (flushTimer.current) return;
    flushTimer.current = setTimeout(() => {
      flushTimer.current = null;
      // A transition: an approval prompt arriving at the same moment renders first.
      startTransition(() =>
        setState((s) => ({
          ...s,
          items: builder.current.snapshot(),
          usage: { ...builder.current.usage },
          context: builder.current.context,
        })),
      );
    }, 16);
  };

  useEffect(() => {
    builder.current = new TranscriptBuilder();
    setState({ items: [], usage: { ...EMPTY_USAGE }, context: null, running: false, loading: conversationId !== null, error: null });
    if (!conversationId) return;
    let live = true;
    pending.current = [];
    loader
      .current(conversationId)
      .then(({ running, events }) => {
        if (!live) return;
        // For the e2e measure of first render (a 2,000-message conversation in < 1 s).
        performance.mark('codecoder:conversation-loaded');
        const b = builder.current;
        for (const e of events) b.push(e);
        const last = events.length ? events[events.length - 1]!.at : -Infinity;
        for (const e of pending.current ?? []) if (e.at > last) b.push(e);
        pending.current = null;
        setState({
          items: b.snapshot(),
          usage: { ...b.usage },
          context: b.context,
          running,
          loading: false,
          error: null,
        });
      })
      .catch((error: unknown) => {
        if (!live) return;
        pending.current = null;
        setState((s) => ({ ...s, loading: false, error }));
      });
    return () => {
      live = false;
      if (flushTimer.current) clearTimeout(flushTimer.current);
      flushTimer.current = null;
    };
  }, [conversationId, version]);

  useEvent('agent.event', (e) => {
    if (e.conversationId !== conversationId) {
      // Another conversation ran: its title, count or running state in the list may have changed.
      if (e.type === 'run.started' || e.type === 'run.finished')
        void queryClient.invalidateQueries({ queryKey: projectKeys.conversations });
      return;
    }
    if (pending.current) {
      pending.current.push(e);
      return;
    }
    const changed = builder.current.push(e);
    const top = e.depth === 0 && !e.parentCallId;
    if (top && (e.type === 'run.started' || e.type === 'run.finished')) {
      void queryClient.invalidateQueries({ queryKey: projectKeys.conversations });
      scheduleFlush(e.type === 'run.started');
    } else if (changed) scheduleFlush();
  });

  return state;
}
