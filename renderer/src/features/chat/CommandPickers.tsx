import { useQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { ActionError } from '../../ui/ActionError.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { ChoicePanel } from './ChoicePanel.js';

const when = (ms: number) => new Date(ms).toLocaleString();

/** `/resume`: the other conversations of this project, newest first; choosing one shows it. */
export function ResumePicker(props: {
  conversations: readonly ConversationSummary[] | undefined;
  current: string | null;
  onChoose: (id: string) => void;
  onClose: () => void;
}) {
  const others = (props.conversations ?? []).filter((c) => c.id !== props.current);
  return (
    <ChoicePanel
      title="Resume a conversation"
      empty={props.conversations ? 'No earlier conversation in this project.' : 'Loading the conversations…'}
      choices={others.map((c) => ({
        id: c.id,
        label: <EscapedText text={c.title || 'Untitled'} />,
        detail: `${c.messageCount} message${c.messageCount === 1 ? '' : 's'} · ${when(c.updatedAt)}`,
      }))}
      onChoose={props.onChoose}
      onClose={props.onClose}
    />
  );
}

/**
 * `/rewind`: this conversation's checkpoints, newest first — a turn's, or the one taken before a
 * restore (choosing it undoes that restore). Choosing opens the restore panel for it.
 */
export function RewindPicker(props: { conversationId: string | null; onChoose: (id: string) => void; onClose: () => void }) {
  const list = useQuery({
    queryKey: ['checkpoints', props.conversationId],
    queryFn: () => unwrap(getApi().checkpoints.list({ conversationId: props.conversationId! })),
    enabled: props.conversationId !== null,
  });
  const checkpoints = list.data?.checkpoints ?? [];
  return (
    <>
      <ChoicePanel
        title="Rewind to a checkpoint"
        empty={
          list.isPending && props.conversationId
            ? 'Loading the checkpoints…'
            : 'This conversation has no checkpoint yet: one is taken before each turn that may change files.'
        }
        choices={checkpoints.map((c) => ({
          id: c.id,
          label:
            c.kind === 'before-restore' ? (
              <>
                Undo the restore to <EscapedText text={c.label} />
              </>
            ) : (
              <>
                Before <EscapedText text={c.label} />
              </>
            ),
          detail: `${c.turn !== undefined ? `turn ${c.turn} · ` : ''}${when(c.createdAt)}`,
        }))}
        onChoose={props.onChoose}
        onClose={props.onClose}
      />
      <ActionError error={list.error} doing="list the checkpoints" />
    </>
  );
}
