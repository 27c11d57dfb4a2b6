import './approvals.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { FOCUS_SHORTCUT } from './focusPolicy.js';
import { takesText } from './keyboard.js';
import { COMPOSER_TEXT_ID } from '../chat/Composer.js';
import { useFocusInside, useFocusShortcut, useTakeFocusWhenIdle } from './useDockFocus.js';
import { projectKeys, useApprovals, useConversations, useSettings } from '../../queries.js';
import { ActionError } from '../../ui/ActionError.js';
import { useEvent } from '../../ui/useEvent.js';
import { useApprovalNotifications } from '../notifications/useApprovalNotifications.js';
import { ApprovalPrompt } from './ApprovalPrompt.js';
import { PresetsPrompt } from './PresetsPrompt.js';
import { useAnswer } from './useAnswer.js';

/**
 * The pending approvals of this project as a queue: one prompt at a time, oldest first, with a
 * count and a way to look at the others. A prompt never takes focus from a field being typed in
 * (`focusPolicy.ts`): it announces itself (a marked dock, a live status, the notification) and is
 * entered with the shortcut, a click, or by itself once the field is idle and empty. Focus goes
 * back where it was when the queue is empty. A notification click selects its prompt.
 */
export function ApprovalDock({
  projectName,
  shownConversation,
  onOpenConversation,
  boardShown,
  onOpenAgents,
}: {
  projectName: string;
  /** The conversation on screen (null: another tab): a prompt from any other one says where it comes from. */
  shownConversation: string | null;
  onOpenConversation: (id: string) => void;
  /** The Agents board is on screen: it shows its agents' prompts itself, so the dock leaves them out. */
  boardShown: boolean;
  onOpenAgents: () => void;
}) {
  const queryClient = useQueryClient();
  const approvals = useApprovals();
  const settings = useSettings();
  const { tool, presets } = useAnswer();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const dock = useRef<HTMLElement>(null);
  useEvent('approvals.changed', (list) => {
    // For the e2e measure of the approval round trip: when the host's list reached the page.
    performance.mark('codecoder:approvals-changed');
    queryClient.setQueryData(projectKeys.approvals, list);
  });

  const all = useMemo(() => approvals.data ?? [], [approvals.data]);
  const list = useMemo(() => (boardShown ? all.filter((a) => !a.worktreeAgentId) : all), [all, boardShown]);
  const index = Math.max(
    0,
    list.findIndex((a) => a.id === selectedId),
  );
  const current = list[index];

  const promptRoot = () => dock.current?.querySelector<HTMLElement>('[role="dialog"]') ?? null;
  /** Moves focus into the prompt. */
  const enter = () => {
    const el = promptRoot();
    if (!el) return;
    // preventScroll: the dock is always in view; scrolling ancestors into place would lay the page out twice.
    el.focus({ preventScroll: true });
  };
  /**
   * Focus back to the text field it came from, else to the message box if it is shown. Not for a
   * character typed early in a prompt that took focus in a chain: that user is answering, not
   * writing, and nothing typed before the prompt armed counts — not even as text.
   */
  const backToField = ({ early }: { early: boolean }) => {
    if (early && enteredByChain.current) return false;
    const from = returnFocus.current;
    const field = from?.isConnected && takesText(from) ? from : document.getElementById(COMPOSER_TEXT_ID);
    field?.focus({ preventScroll: true });
    return field != null && document.activeElement === field;
  };
  // When the last prompt was answered by a key: the next one then takes focus as it appears (focusPolicy.ts).
  const keyAnsweredAt = useRef<number | null>(null);
  const enteredByChain = useRef(false);
  const answered = ({ byKeyboard }: { byKeyboard: boolean }) => {
    keyAnsweredAt.current = byKeyboard ? performance.now() : null;
  };
  const focusInside = useFocusInside(dock, current?.id);
  useTakeFocusWhenIdle(
    current?.id,
    dock,
    (byChain) => {
      enteredByChain.current = byChain;
      enter();
    },
    keyAnsweredAt,
  );
  useFocusShortcut(Boolean(current), enter);

  // The queue emptied: give focus back where it came from — unless the user has moved on meanwhile.
  const hadAny = useRef(false);
  useLayoutEffect(() => {
    if (list.length === 0 && hadAny.current) {
      const back = returnFocus.current;
      returnFocus.current = null;
      const active = document.activeElement;
      const userElsewhere = active && active !== document.body && !dock.current?.contains(active);
      if (back?.isConnected && !userElsewhere) back.focus();
    }
    hadAny.current = list.length > 0;
  }, [list.length]);

  const focusPrompt = (id: string) => {
    setSelectedId(id);
    // A deliberate request (a notification click): focus the prompt once it is shown.
    requestAnimationFrame(enter);
  };
  // Browser notifications (web host); in the desktop app main shows native ones and sends approvals.focus on a click.
  useApprovalNotifications(all, { projectName, enabled: settings.data?.notifications ?? true, onClick: focusPrompt });
  useEvent('approvals.focus', ({ id }) => focusPrompt(id));

  // An error belongs to the prompt it happened in.
  const currentId = current?.id;
  useEffect(() => {
    enteredByChain.current = false;
    tool.reset();
    presets.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentId]);

  useEffect(() => {
    if (selectedId && !list.some((a) => a.id === selectedId)) setSelectedId(null);
  }, [list, selectedId]);

  if (approvals.isError) {
    return (
      <section className="approval-dock" aria-label="Approvals">
        <ActionError error={approvals.error} doing="load the pending approvals" />
      </section>
    );
  }
  if (!current) return null;
  return (
    <section
      ref={dock}
      className="approval-dock"
      aria-label="Approvals"
      data-waiting={!focusInside}
      onFocus={(e) => {
        // However focus came in (the shortcut, a click, Tab, by itself), it goes back there when the queue empties.
        const from = e.relatedTarget;
        if (from instanceof HTMLElement && !dock.current?.contains(from)) returnFocus.current = from;
      }}
    >
      <div className="queue-head">
        {/* The announcement (aria-live), the same words whether focus is in or out: the prompt does not
            take focus from a field being typed in, so it says how to get there. */}
        <span role="status" data-testid="approval-status">
          <span data-testid="approval-count">
            {list.length === 1 ? '1 approval waiting' : `Approval ${index + 1} of ${list.length} waiting`}
          </span>
          <span className="waiting-hint">
            {' '}
            · <kbd>{FOCUS_SHORTCUT.label}</kbd> or a click to answer
          </span>
        </span>
        {list.length > 1 && (
          <span className="row">
            <button type="button" onClick={() => setSelectedId(list[index - 1]?.id ?? null)} disabled={index === 0}>
              Previous
            </button>
            <button type="button" onClick={() => setSelectedId(list[index + 1]?.id ?? null)} disabled={index >= list.length - 1}>
              Next
            </button>
          </span>
        )}
      </div>
      {current.kind === 'presets' ? (
        <PresetsPrompt
          key={current.id}
          approval={current}
          onAnswer={(accept, how) => {
            answered(how);
            presets.mutate({ id: current.id, accept });
          }}
          error={presets.error}
          busy={presets.isPending}
          onStrayText={backToField}
        />
      ) : (
        <ApprovalPrompt
          key={current.id}
          approval={current}
          answer={(answer, how) => {
            answered(how);
            tool.mutate({ id: current.id, answer });
          }}
          error={tool.error}
          busy={tool.isPending}
          onStrayText={backToField}
          origin={
            current.worktreeAgentId ? (
              <InAgent name={current.worktreeAgentId} onOpen={onOpenAgents} />
            ) : (
              <AskedIn conversationId={current.conversationId} shown={shownConversation} onOpen={onOpenConversation} />
            )
          }
        />
      )}
    </section>
  );
}

/**
 * Which conversation asked: named always (a run goes on in a conversation that is not on screen),
 * with a link to it when it is not the one shown.
 */
function AskedIn({ conversationId, shown, onOpen }: { conversationId: string; shown: string | null; onOpen: (id: string) => void }) {
  const conversations = useConversations();
  const title = conversations.data?.find((c) => c.id === conversationId)?.title || 'an untitled conversation';
  if (conversationId === shown) return <span className="muted small asked-in"> in this conversation</span>;
  return (
    <span className="muted small asked-in" data-testid="asked-in">
      {' '}
      in{' '}
      <button type="button" className="link" onClick={() => onOpen(conversationId)} title="Show the conversation that asked">
        {title}
      </button>
    </span>
  );
}

/** A background agent asked (its own worktree): named, with a way to its card on the Agents board. */
function InAgent({ name, onOpen }: { name: string; onOpen: () => void }) {
  return (
    <span className="muted small asked-in" data-testid="asked-in">
      {' '}
      in{' '}
      <button type="button" className="link" onClick={onOpen} title="Show the agent on the Agents board">
        agent {name}
      </button>
    </span>
  );
}
