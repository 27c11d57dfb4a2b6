import './chat.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ApiError, getApi, unwrap } from '../../bridge/index.js';
import type { Settings } from '../../../../shared/contract/index.js';
import { keys, projectKeys, useConversations, useSettings } from '../../queries.js';
import { ActionError } from '../../ui/ActionError.js';
import { FileRefContext } from '../../ui/FileRefLink.js';
import type { FileRef } from '../../ui/fileRefs.js';
import { FileView } from '../files/FileView.js';
import { ResumePicker, RewindPicker } from './CommandPickers.js';
import { Composer, COMPOSER_TEXT_ID } from './Composer.js';
import { containerChoices } from './containerChoice.js';
import { ContainerNote, ContainerToggle } from './ContainerSwitch.js';
import { ContextGauge } from './ContextGauge.js';
import { ConversationList } from './ConversationList.js';
import { CheckpointActionsContext } from '../checkpoints/CheckpointActions.js';
import { RestorePanel } from '../checkpoints/RestorePanel.js';
import { ModeNotice, ModeSelector } from './ModeSelector.js';
import { ModelPicker } from './ModelPicker.js';
import { SLASH_COMMANDS, type ModeWord, type SlashName } from './slash.js';
import { MODE_SHORTCUT } from './modeShortcut.js';
import { useConversationMode } from './useConversationMode.js';
import { QueuedMessages } from './QueuedMessages.js';
import { ChatActionsContext, type ChatActions } from './chatActions.js';
import { Thinking } from './Thinking.js';
import { Transcript } from './Transcript.js';
import { describeUsage, modelIsSilent } from './transcript.js';
import { useProposedDiffs } from './useProposedDiffs.js';
import { useSendQueue } from './useSendQueue.js';
import { useTranscript } from './useTranscript.js';
import { RewriteContext } from './rewrite.js';
import { useRewrite } from './useRewrite.js';

interface Props {
  /** `/permissions` opens the allowlist editor. */
  onOpenPermissions: () => void;
  /** Show this conversation (the approval dock's link to the one that asked); `n` changes each time. */
  openRequest?: { id: string; n: number } | null;
  /** The conversation on screen, for the approval dock. */
  onShown?: (id: string | null) => void;
}

/** The conversation list, the open conversation's transcript and the composer. */
export function ChatPanel({ onOpenPermissions, openRequest, onShown }: Props) {
  const queryClient = useQueryClient();
  const conversations = useConversations();
  // Only a list fetched for this panel counts: a cached one may be another project's (after a switch),
  // and asking for its conversation here fails with "no conversation … for …".
  const list = conversations.isFetchedAfterMount ? conversations.data : undefined;
  const [chosen, setSelected] = useState<string | null>(null);
  const selected = chosen !== null && list?.some((c) => c.id === chosen) ? chosen : null;
  const [notice, setNotice] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [restoring, setRestoring] = useState<string | null>(null);
  const settings = useSettings().data;
  const model = settings ? (settings.llmOverride?.model ?? settings.model) : undefined;
  // Said before the first send, not as a failed run: a local OpenAI-compatible server often needs no key.
  const noKey = settings && !settings.llmOverride && settings.apiKey.source === 'none' && settings.provider !== 'openai-compatible';
  const transcript = useTranscript(selected, version);

  useEffect(() => {
    if (openRequest) setSelected(openRequest.id);
  }, [openRequest]);
  useEffect(() => onShown?.(selected), [selected, onShown]);
  // Open the newest conversation when none is chosen yet (or the chosen one is gone).
  useEffect(() => {
    if (selected === null && list?.[0]) setSelected(list[0].id);
  }, [list, selected]);

  const create = useMutation({
    mutationFn: () => unwrap(getApi().conversations.create({})),
    onSuccess: (c) => {
      queryClient.setQueryData(projectKeys.conversations, (list: typeof conversations.data) => [
        c,
        ...(list ?? []).filter((x) => x.id !== c.id),
      ]);
      setSelected(c.id);
    },
  });
  const mode = useConversationMode(selected, async () => (await create.mutateAsync()).id);
  const rename = useMutation({
    mutationFn: (v: { id: string; title: string }) => unwrap(getApi().conversations.rename(v)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: projectKeys.conversations }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => unwrap(getApi().conversations.delete({ id })),
    onSuccess: (_r, id) => {
      queryClient.setQueryData(projectKeys.conversations, (l: typeof conversations.data) => l?.filter((c) => c.id !== id));
      if (chosen === id) setSelected(null);
    },
  });
  const send = useMutation({
    mutationFn: async ({ text, attachments }: Outgoing) => {
      const id = selected ?? (await create.mutateAsync()).id;
      return unwrap(
        getApi().agent.send({ conversationId: id, text, ...withAttachments(attachments), ...containerChoices.sendField(id, selected) }),
      );
    },
  });
  const queue = useSendQueue({
    conversationId: selected,
    busy: transcript.running || transcript.loading,
    send: useCallback(
      (conversationId: string, text: string, attachments: readonly string[]) =>
        unwrap(
          getApi().agent.send({ conversationId, text, ...withAttachments(attachments), ...containerChoices.sendField(conversationId) }),
        ),
      [],
    ),
  });
  // Text handed back to the composer (a queued message to edit).
  const [draft, setDraft] = useState<{ text: string; n: number } | null>(null);
  const stopCall = useMutation({
    mutationFn: (callId: string) => unwrap(getApi().agent.stopCall({ conversationId: selected ?? '', callId })),
  });
  const stoppingCall = stopCall.isPending ? stopCall.variables : undefined;
  const stopCallMutate = stopCall.mutate;
  const proposedDiffs = useProposedDiffs();
  const actions = useMemo<ChatActions>(
    () => ({ stopCall: (id) => stopCallMutate(id), stopping: new Set(stoppingCall ? [stoppingCall] : []), proposedDiffs }),
    [stopCallMutate, stoppingCall, proposedDiffs],
  );
  const stop = useMutation({ mutationFn: (conversationId: string) => unwrap(getApi().agent.stop({ conversationId })) });
  const reload = useMutation({
    mutationFn: () => unwrap(getApi().allowlist.reload({})),
    onSuccess: (view) => {
      queryClient.setQueryData(projectKeys.allowlist, view);
      const n = view.violations.length;
      setNotice(
        view.file.error
          ? `codecoder.json could not be read: ${view.file.error.message}`
          : `codecoder.json reloaded${n ? ` — ${n} entr${n === 1 ? 'y breaks' : 'ies break'} the ceiling rule and ${n === 1 ? 'is' : 'are'} ignored (see Permissions)` : ''}.`,
      );
    },
  });

  const setModel = useMutation({
    mutationFn: (model: string) => unwrap(getApi().settings.update({ model })),
    onSuccess: (s) => {
      queryClient.setQueryData(keys.settings, s);
      setNotice(
        s.llmOverride
          ? `Saved ${s.model} as the model, but ${s.llmOverride.model} answers for now: ${s.llmOverride.why}.`
          : `The model is now ${s.model} (${s.provider}).`,
      );
    },
  });
  const [picker, setPicker] = useState<'resume' | 'rewind' | null>(null);
  // A path clicked in a tool card or an answer: the read-only file view.
  const [viewing, setViewing] = useState<FileRef | null>(null);
  const closePicker = () => {
    setPicker(null);
    document.getElementById(COMPOSER_TEXT_ID)?.focus();
  };

  const onCommand = (name: SlashName, args: { mode?: ModeWord; model?: string } = {}) => {
    setNotice(null);
    if (name === 'rewind' || name === 'resume') setPicker(name);
    else if (name === 'mode') {
      if (args.mode) mode.set(args.mode);
      else mode.cycle();
    } else if (name === 'model') {
      if (args.model) setModel.mutate(args.model);
      else setNotice(describeModel(settings));
    } else if (name === 'help') setNotice(HELP);
    else if (name === 'cost')
      setNotice(
        transcript.usage.calls > 0
          ? `This conversation used ${describeUsage(transcript.usage)}.`
          : 'No model calls yet in this conversation.',
      );
    else if (name === 'reload') reload.mutate();
    else if (name === 'permissions') onOpenPermissions();
    else if (name === 'clear') create.mutate();
    // The agent reads "/compact" as its command: it summarises instead of asking the model anything.
    else if (name === 'compact') send.mutate({ text: '/compact', attachments: [] });
    else location.hash = '#/settings';
  };

  // Edit a message of yours (cut there, its text back in the box, the files' checkpoint offered) or regenerate the last answer.
  const rewrite = useRewrite({
    conversationId: selected,
    items: transcript.items,
    running: transcript.running || send.isPending,
    onCut: () => {
      setVersion((v) => v + 1);
      void queryClient.invalidateQueries({ queryKey: projectKeys.conversations });
    },
    onDraft: (text) => setDraft((d) => ({ text, n: (d?.n ?? 0) + 1 })),
    send: (text) => send.mutate({ text, attachments: [] }),
  });
  const title = list?.find((c) => c.id === selected)?.title;
  const lastUserText = transcript.items.findLast((i) => i.kind === 'user')?.text;
  // A turn that failed (the model unreachable, an error) can be sent again as it was.
  const lastItem = transcript.items[transcript.items.length - 1];
  const canRetry = !transcript.running && lastItem?.kind === 'notice' && lastItem.tone === 'error' && lastUserText !== undefined;
  return (
    <div className="chat">
      <ConversationList
        conversations={list}
        liveCount={transcript.loading ? undefined : transcript.items.filter((i) => i.kind === 'user' || i.kind === 'assistant').length}
        onRename={(id, title) => rename.mutate({ id, title })}
        onDelete={(id) => remove.mutate(id)}
        actionError={rename.error ?? remove.error}
        error={conversations.error}
        selected={selected}
        onSelect={setSelected}
        onNew={() => create.mutate()}
        creating={create.isPending}
      />
      <section className="conv-main" aria-labelledby="conversation-title">
        <div className="conv-header">
          <h2 id="conversation-title" className="conv-heading">
            Conversation {title ? <span className="muted">· {title}</span> : null}
            {transcript.usage.calls > 0 && (
              <span className="muted conv-cost" title="Model usage of this conversation, sub-agents included">
                {' '}
                · {describeUsage(transcript.usage)}
              </span>
            )}
          </h2>
          {model && settings && (
            <ModelPicker
              model={model}
              provider={settings.llmOverride?.provider ?? settings.provider}
              onPick={(m) => setModel.mutate(m)}
              pending={setModel.isPending}
            />
          )}
          <ContextGauge context={transcript.context} />
        </div>
        {transcript.loading && <p aria-busy="true">Loading the conversation…</p>}
        <ActionError error={transcript.error} doing="load this conversation" />
        <CheckpointActionsContext.Provider value={{ openRestore: setRestoring }}>
          <ChatActionsContext.Provider value={actions}>
            <FileRefContext.Provider value={setViewing}>
              <RewriteContext.Provider value={rewrite.rewrite}>
                <Transcript items={transcript.items} busy={transcript.running} />
              </RewriteContext.Provider>
            </FileRefContext.Provider>
          </ChatActionsContext.Provider>
        </CheckpointActionsContext.Provider>
        {viewing && <FileView fileRef={viewing} onClose={() => setViewing(null)} />}
        {picker === 'resume' && (
          <ResumePicker
            conversations={list}
            current={selected}
            onChoose={(id) => {
              setSelected(id);
              closePicker();
            }}
            onClose={closePicker}
          />
        )}
        {picker === 'rewind' && (
          <RewindPicker
            conversationId={selected}
            onChoose={(id) => {
              setPicker(null);
              setRestoring(id);
            }}
            onClose={closePicker}
          />
        )}
        {restoring && (
          <RestorePanel
            key={restoring}
            checkpointId={restoring}
            onClose={() => setRestoring(null)}
            onRestored={(r) => {
              setRestoring(null);
              const n = r.changes.length;
              const m = r.restoredMessages;
              setNotice(
                `Restored ${n} file${n === 1 ? '' : 's'}${r.rewoundMessages ? ' and rewound the conversation' : ''}` +
                  `${m ? ` and brought back ${m} message${m === 1 ? '' : 's'}` : ''}. “Undo this restore” in the transcript brings them back.` +
                  (r.rewoundPrompt !== undefined ? ' Your message is back in the box to edit and send again.' : '') +
                  (r.conversationNote ? ` The conversation: ${r.conversationNote}.` : '') +
                  (r.skipped.length ? ` Not changed: ${r.skipped.map((s) => `${s.path} (${s.reason})`).join(', ')}.` : ''),
              );
              // As Claude Code's Esc Esc: the rewound prompt goes back in the box, to edit and send again.
              const prompt = r.rewoundPrompt;
              if (prompt !== undefined) {
                setDraft((d) => ({ text: prompt, n: (d?.n ?? 0) + 1 }));
                document.getElementById(COMPOSER_TEXT_ID)?.focus();
              }
              if (r.rewoundMessages || m) {
                setVersion((v) => v + 1);
                void queryClient.invalidateQueries({ queryKey: projectKeys.conversations });
              }
            }}
          />
        )}
        <Thinking active={transcript.running && modelIsSilent(transcript.items)} />
        {canRetry && (
          <p className="retry-row">
            <button type="button" onClick={() => send.mutate({ text: lastUserText, attachments: [] })} disabled={send.isPending}>
              Retry the failed turn
            </button>
          </p>
        )}
        <ActionError error={stopCall.error} doing="stop the command" />
        <ActionError error={rewrite.error} doing="cut the conversation at that message" />
        {rewrite.offer && (
          <p role="status" className="banner rewrite-offer" data-testid="rewrite-offer">
            The conversation now ends before that message, and its text is back in the box. The files may have changed since.{' '}
            <button
              type="button"
              onClick={() => {
                setRestoring(rewrite.offer);
                rewrite.clearOffer();
              }}
            >
              Restore the files to before it…
            </button>{' '}
            <button type="button" onClick={rewrite.clearOffer}>
              Keep the files
            </button>
          </p>
        )}
        {notice && (
          <p role="status" className="ok-note slash-status">
            {notice}
          </p>
        )}
        <QueuedMessages
          queued={queue.queued}
          error={queue.error}
          onRemove={queue.remove}
          onRetry={queue.retry}
          onEdit={(m) => {
            queue.remove(m.id);
            setDraft({ text: m.text, n: (draft?.n ?? 0) + 1 });
          }}
        />
        {noKey && (
          <p className="banner banner-warn no-key" data-testid="no-key">
            No API key is set for {settings.provider}: the agent cannot answer yet. <a href="#/settings">Add a key</a> in Settings.
          </p>
        )}
        <ActionError error={send.error} doing="send your message" />
        <ActionError error={stop.error} doing="stop the agent" />
        <ActionError error={create.error} doing="start a new conversation" />
        <ActionError error={reload.error} doing="reload codecoder.json" />
        <ActionError error={setModel.error} doing="set the model" />
        <ActionError error={mode.error} doing="switch the permission mode" />
        <ContainerNote conversationId={selected} />
        <ModeNotice mode={mode.mode} carryPlan={mode.carryPlan} planReady={mode.planReady} onDropCarry={mode.dropCarry} />
        <Composer
          running={transcript.running}
          sending={send.isPending}
          stopping={stop.isPending}
          draft={draft}
          lastSent={lastUserText}
          onSend={async (text, attachments) => {
            setNotice(null);
            // While the agent works, the message waits for the run to end (main allows one run per conversation).
            if (transcript.running && selected) {
              queue.enqueue(selected, text, attachments);
              return true;
            }
            try {
              await send.mutateAsync({ text, attachments });
              return true;
            } catch (err) {
              if (err instanceof ApiError && err.code === 'conflict' && selected) {
                send.reset();
                queue.enqueue(selected, text, attachments);
                return true;
              }
              return false;
            }
          }}
          onStop={() => selected && stop.mutate(selected)}
          onCommand={onCommand}
          modeControl={
            <>
              <ContainerToggle conversationId={selected} />
              <ModeSelector mode={mode.mode} onChange={mode.set} disabled={mode.pending} />
            </>
          }
          onCycleMode={mode.cycle}
        />
      </section>
    </div>
  );
}

interface Outgoing {
  text: string;
  attachments: readonly string[];
}

/** The files a message @-mentions go with it (main checks them and the agent reads them first). */
function withAttachments(attachments: readonly string[]): { attachments?: string[] } {
  return attachments.length ? { attachments: [...attachments] } : {};
}

/** `/help`: every command, and the keys of the message box and the approval prompt. */
const HELP =
  'Commands: ' +
  Object.entries(SLASH_COMMANDS)
    .map(([n, what]) => `/${n} — ${what}`)
    .join(' · ') +
  `. Keys: Enter sends, Shift+Enter breaks the line, ${MODE_SHORTCUT.label} switches the mode, Alt+Shift+A goes to a waiting approval, ↑ in an empty box recalls your last message.`;

/** `/model`: which model answers, and why when it is not the one in Settings. */
function describeModel(s: Settings | undefined): string {
  if (!s) return 'The settings are still loading.';
  if (s.llmOverride) return `${s.llmOverride.model} (${s.llmOverride.provider}) answers: ${s.llmOverride.why}. Settings say ${s.model}.`;
  return `${s.model} (${s.provider}) answers. /model NAME sets another; Settings has the provider and key.`;
}
