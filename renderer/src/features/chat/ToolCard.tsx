import { memo } from 'react';
import { DiffView } from '../../ui/DiffView.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { KeyView } from '../../ui/KeyView.js';
import { CommandOutput } from '../../ui/terminal/CommandOutput.js';
import type { DecisionHow, ToolItem } from './transcript.js';
import { TranscriptRow } from './TranscriptRow.js';

/** The words of the decision badge: how the call was allowed or refused. */
export const HOW_LABELS: Record<DecisionHow, string> = {
  none: 'None — no permission needed',
  project: 'project — allowed by codecoder.json',
  session: 'session — allowed for this session',
  once: 'once — allowed this time',
  mode: 'mode — allowed by Accept edits',
  denied: 'denied',
  invalid: 'invalid — not run',
  pending: 'waiting',
};

const MAX_SHOWN = 8000;

function commandOf(args: unknown): string | undefined {
  return args && typeof args === 'object' && typeof (args as { command?: unknown }).command === 'string'
    ? (args as { command: string }).command
    : undefined;
}

function diffOf(data: unknown): string | undefined {
  const d = data && typeof data === 'object' ? (data as { diff?: unknown }).diff : undefined;
  return typeof d === 'string' && d !== '' ? d : undefined;
}

function argsText(args: unknown): string {
  try {
    return JSON.stringify(args, null, 2) ?? '';
  } catch {
    return String(args);
  }
}

/**
 * One tool call: what was asked (arguments, key), how it was decided, its live output, its result —
 * a terminal for commands, a diff for file edits — and a sub-agent's own transcript nested inside.
 */
export const ToolCard = memo(function ToolCard({ item }: { item: ToolItem }) {
  const command = commandOf(item.args);
  const diff = diffOf(item.result?.data);
  const running = item.decision === 'allowed' && !item.result;
  const status = item.result?.cancelled
    ? 'cancelled'
    : item.result?.isError
      ? 'error'
      : item.result
        ? 'done'
        : running
          ? 'running'
          : item.approval?.status === 'pending'
            ? 'waiting for you'
            : '';
  const isCommand = item.tool === 'run_command' || item.output !== '';
  return (
    <article className={`tool-card how-${item.how}`} aria-label={`Tool call ${item.tool}`} data-call-id={item.callId}>
      <header className="tool-head">
        <span className="tool-name">{item.tool}</span>
        {item.key && <KeyView value={item.key} />}
        <span className={`badge badge-${item.how}`} data-testid="decision">
          {HOW_LABELS[item.how]}
        </span>
        {status && <span className={`tool-status status-${status.replace(/ /g, '-')}`}>{status}</span>}
        {item.depth > 0 && <span className="muted">sub-agent</span>}
      </header>
      {command !== undefined && (
        <pre className="tool-command">
          <span className="muted">$ </span>
          <EscapedText text={command} keepNewlines />
        </pre>
      )}
      {command === undefined && item.args !== undefined && item.tool !== 'agent' && (
        <details className="tool-args">
          <summary>Arguments</summary>
          <pre>
            <EscapedText text={argsText(item.args).slice(0, MAX_SHOWN)} keepNewlines />
          </pre>
        </details>
      )}
      {item.approval && (
        <p className="muted tool-approval">
          {item.approval.status === 'pending'
            ? 'Waiting for your approval…'
            : item.approval.status === 'cancelled'
              ? 'The approval was cancelled.'
              : `You answered: ${item.approval.answer ?? 'answered'}`}
        </p>
      )}
      {item.reason && (
        <p className="tool-reason">
          Reason: <EscapedText text={item.reason} />
        </p>
      )}
      {isCommand && (item.output !== '' || running) && (
        <CommandOutput output={item.output} dropped={item.outputDropped} running={running} label={`Output of ${command ?? item.tool}`} />
      )}
      {item.sub && (
        <section className="subagent" aria-label="Sub-agent transcript">
          <p className="subagent-head">
            Sub-agent <code>{item.sub.childAgentId}</code> · {item.sub.status === 'running' ? 'running…' : item.sub.status}
            {item.sub.usage && <span className="muted"> · {item.sub.usage}</span>}
          </p>
          <blockquote className="subagent-prompt">
            <EscapedText text={item.sub.prompt} keepNewlines />
          </blockquote>
          <div className="subagent-items">
            {item.sub.items.map((it) => (
              <TranscriptRow key={it.id} item={it} />
            ))}
          </div>
        </section>
      )}
      {diff && <DiffView diff={diff} label={`Changes to ${String((item.result?.data as { path?: string }).path ?? 'the file')}`} />}
      {item.result && !diff && !isCommand && !item.sub && (
        <details className="tool-result">
          <summary>{item.result.isError ? 'Error' : 'Result'}</summary>
          <pre>
            <EscapedText text={item.result.content.slice(0, MAX_SHOWN)} keepNewlines keepTabs />
          </pre>
        </details>
      )}
      {item.result && (isCommand || item.sub) && (item.result.isError || item.result.cancelled) && (
        <p className="tool-error">
          <EscapedText text={item.result.content.slice(0, 500)} keepNewlines />
        </p>
      )}
    </article>
  );
});
