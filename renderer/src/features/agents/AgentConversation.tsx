import '../chat/chat.css';
import type { AgentView, PendingApprovalView } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { ActionError } from '../../ui/ActionError.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { describeUsage } from '../chat/transcript.js';
import { Transcript } from '../chat/Transcript.js';
import { useTranscript, type LoadConversation } from '../chat/useTranscript.js';
import { AgentDetail } from './AgentDetail.js';
import { AgentPrompt } from './AgentPrompt.js';
import { isActive, statusLabel } from './agentWords.js';

const loadAgentConversation = (id: string): ReturnType<LoadConversation> =>
  unwrap(getApi().agents.events({ id })).then(({ agent, events }) => ({ running: isActive(agent.status), events }));

/**
 * A background agent's conversation: its recorded transcript (`agents.events`), then its live
 * events, with the prompt it waits on answerable above it. It was started with its task; the board
 * is where it is stopped, reviewed, merged or discarded.
 */
export function AgentConversation({
  agent,
  approvals,
  onBack,
}: {
  agent: AgentView;
  approvals: readonly PendingApprovalView[];
  onBack: () => void;
}) {
  // Keyed by the agent's conversation (its live agent.events carry that id); the record is the agent's.
  const transcript = useTranscript(agent.conversationId, 0, () => loadAgentConversation(agent.id));
  return (
    <AgentDetail
      className="agent-conversation"
      onBack={onBack}
      title={
        <>
          {agent.name} <span className="muted">· {statusLabel(agent.status)}</span>
          {transcript.usage.calls > 0 && <span className="muted small"> · {describeUsage(transcript.usage)}</span>}
        </>
      }
    >
      <p className="muted small agent-task">
        Task: <EscapedText text={agent.prompt} />
      </p>
      <AgentPrompt approvals={approvals} />
      {transcript.loading && <p aria-busy="true">Loading the conversation…</p>}
      <ActionError error={transcript.error} doing={`load the conversation of ${agent.name}`} />
      <Transcript items={transcript.items} busy={transcript.running} />
    </AgentDetail>
  );
}
