import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getApi, unwrap } from '../../bridge/index.js';
import { projectKeys, useConversations } from '../../queries.js';
import { ActionError } from '../../ui/ActionError.js';
import { Composer } from './Composer.js';
import { ConversationList } from './ConversationList.js';
import { CheckpointActionsContext } from '../checkpoints/CheckpointActions.js';
import { RestorePanel } from '../checkpoints/RestorePanel.js';
import { ModeNotice, ModeSelector } from './ModeSelector.js';
import type { ModeWord, SlashName } from './slash.js';
import { useConversationMode } from './useConversationMode.js';
import { Transcript } from './Transcript.js';
import { describeUsage } from './transcript.js';
import { useTranscript } from './useTranscript.js';

interface Props {
  /** `/permissions` opens the allowlist editor. */
  onOpenPermissions: () => void;
}

/** The conversation list, the open conversation's transcript and the composer. */
export function ChatPanel({ onOpenPermissions }: Props) {
  const queryClient = useQueryClient();
  const conversations = useConversations();
  const [selected, setSelected] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const transcript = useTranscript(selected, version);
  const [restoring, setRestoring] = useState<string | null>(null);

  // Open the newest conversation when none is chosen yet.
  useEffect(() => {
    if (selected === null && conversations.data?.[0]) setSelected(conversations.data[0].id);
  }, [conversations.data, selected]);

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
  const send = useMutation({
    mutationFn: async (text: string) => {
      const id = selected ?? (await create.mutateAsync()).id;
      return unwrap(getApi().agent.send({ conversationId: id, text }));
    },
  });
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

  const onCommand = (name: SlashName, to?: ModeWord) => {
    setNotice(null);
    if (name === 'rewind') void openNewestCheckpoint();
    else if (name === 'mode') {
      if (to) mode.set(to);
      else mode.cycle();
    } else if (name === 'reload') reload.mutate();
    else if (name === 'permissions') onOpenPermissions();
    else if (name === 'clear') create.mutate();
    // The agent reads "/compact" as its command: it summarises instead of asking the model anything.
    else if (name === 'compact') send.mutate('/compact');
    else location.hash = '#/settings';
  };

  /** `/rewind`: the restore panel for the newest checkpoint of this conversation. */
  const openNewestCheckpoint = async () => {
    const list = selected ? await unwrap(getApi().checkpoints.list({ conversationId: selected })).catch(() => null) : null;
    const newest = list?.checkpoints[0];
    if (newest) setRestoring(newest.id);
    else setNotice('This conversation has no checkpoint yet: one is taken before each turn that may change files.');
  };

  const title = conversations.data?.find((c) => c.id === selected)?.title;
  return (
    <div className="chat">
      <ConversationList
        conversations={conversations.data}
        error={conversations.error}
        selected={selected}
        onSelect={setSelected}
        onNew={() => create.mutate()}
        creating={create.isPending}
      />
      <section className="conv-main" aria-labelledby="conversation-title">
        <h2 id="conversation-title" className="conv-heading">
          Conversation {title ? <span className="muted">· {title}</span> : null}
          {transcript.usage.calls > 0 && (
            <span className="muted conv-cost" title="Model usage of this conversation, sub-agents included">
              {' '}
              · {describeUsage(transcript.usage)}
            </span>
          )}
        </h2>
        {transcript.loading && <p aria-busy="true">Loading the conversation…</p>}
        <ActionError error={transcript.error} doing="load this conversation" />
        <CheckpointActionsContext.Provider value={{ openRestore: setRestoring }}>
          <Transcript items={transcript.items} busy={transcript.running} />
        </CheckpointActionsContext.Provider>
        {restoring && (
          <RestorePanel
            key={restoring}
            checkpointId={restoring}
            onClose={() => setRestoring(null)}
            onRestored={(r) => {
              setRestoring(null);
              const n = r.changes.length;
              setNotice(
                `Restored ${n} file${n === 1 ? '' : 's'}${r.rewoundMessages ? ' and rewound the conversation' : ''}. “Undo this restore” in the transcript brings them back.` +
                  (r.skipped.length ? ` Not changed: ${r.skipped.map((s) => `${s.path} (${s.reason})`).join(', ')}.` : ''),
              );
              if (r.rewoundMessages) {
                setVersion((v) => v + 1);
                void queryClient.invalidateQueries({ queryKey: projectKeys.conversations });
              }
            }}
          />
        )}
        {notice && (
          <p role="status" className="ok-note slash-status">
            {notice}
          </p>
        )}
        <ActionError error={send.error} doing="send your message" />
        <ActionError error={stop.error} doing="stop the agent" />
        <ActionError error={create.error} doing="start a new conversation" />
        <ActionError error={reload.error} doing="reload codecoder.json" />
        <ActionError error={mode.error} doing="switch the permission mode" />
        <ModeNotice mode={mode.mode} carryPlan={mode.carryPlan} onDropCarry={mode.dropCarry} />
        <Composer
          running={transcript.running}
          sending={send.isPending}
          stopping={stop.isPending}
          onSend={async (text) => {
            setNotice(null);
            try {
              await send.mutateAsync(text);
              return true;
            } catch {
              return false;
            }
          }}
          onStop={() => selected && stop.mutate(selected)}
          onCommand={onCommand}
          modeControl={<ModeSelector mode={mode.mode} onChange={mode.set} disabled={mode.pending} />}
          onCycleMode={mode.cycle}
        />
      </section>
    </div>
  );
}
