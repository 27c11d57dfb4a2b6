import { memo } from 'react';
import { DiffView } from '../diff/DiffView.js';
import { Elapsed } from '../../ui/Elapsed.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { FileRefLink } from '../../ui/FileRefLink.js';
import { changedLines, type FileRef } from '../../ui/fileRefs.js';
import { hunksOf, hunksWords } from '../../ui/hunksWords.js';
import { KeyView } from '../../ui/KeyView.js';
import { CommandOutput } from '../../ui/terminal/CommandOutput.js';
import { useCommandTools } from '../../queries.js';
import { useChatActions } from './chatActions.js';
import { argFields, commandEnding, refusalReason, resultRepeatsReason, toolSubject } from './toolSummary.js';
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

/**
 * A write or edit that left the file as it was: its result names the file, was not a creation, and
 * carries an empty diff (a diff that could not be made says so in `diffOmitted` instead).
 */
function writeWasUnchanged(data: unknown): boolean {
  if (!data || typeof data !== 'object') return false;
  const d = data as { diff?: unknown; diffOmitted?: unknown; created?: unknown; path?: unknown };
  return typeof d.path === 'string' && d.created !== true && d.diffOmitted === undefined && d.diff === '';
}

/**
 * The file a finished call read or changed, for the card's clickable path: a result naming one file
 * (read_file, write_file, edit_file — not list_dir's folder, not a deleted entry), with the lines it
 * read or the lines its diff added highlighted.
 */
function fileOfResult(data: unknown): FileRef | undefined {
  const path = pathOf(data);
  const d = data as { entries?: unknown; kind?: unknown; firstLine?: unknown; lastLine?: unknown; diff?: unknown };
  if (path === undefined || d.entries !== undefined || d.kind !== undefined) return undefined;
  if (typeof d.firstLine === 'number' && typeof d.lastLine === 'number') return { path, lines: [{ from: d.firstLine, to: d.lastLine }] };
  if (typeof d.diff === 'string' && d.diff !== '') return { path, lines: changedLines(d.diff) };
  return { path };
}

/** The `path` field of a call's arguments or result data, when it is a string. */
function pathOf(o: unknown): string | undefined {
  const p = o && typeof o === 'object' ? (o as { path?: unknown }).path : undefined;
  return typeof p === 'string' && p !== '' ? p : undefined;
}

/** The arguments as labelled fields (a write's content as a block), never raw JSON. */
function ArgList({ args }: { args: unknown }) {
  return (
    <dl className="arg-list">
      {argFields(args).map((f) => (
        <div key={f.name} className={f.block ? 'arg arg-block' : 'arg'}>
          <dt>{f.name}</dt>
          <dd>
            {f.block ? (
              <pre>
                <EscapedText text={f.value.slice(0, MAX_SHOWN)} keepNewlines keepTabs />
              </pre>
            ) : (
              <EscapedText text={f.value} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One tool call: what was asked (arguments, key), how it was decided, its live output, its result —
 * a terminal for commands, a diff for file edits — and a sub-agent's own transcript nested inside.
 */
export const ToolCard = memo(function ToolCard({ item }: { item: ToolItem }) {
  const command = commandOf(item.args);
  const commandTools = useCommandTools();
  const diff = diffOf(item.result?.data);
  const unchanged = item.result !== undefined && !item.result.isError && writeWasUnchanged(item.result.data);
  const hunks = hunksOf(item.result?.data);
  const running = item.decision === 'allowed' && !item.result;
  // A refused call never ran: its badge says so, and its one line says why — no "error" status,
  // no "(no output)", no error result repeating the refusal.
  const refused = item.decision === 'denied' || item.decision === 'invalid';
  const status = refused
    ? ''
    : item.result?.cancelled
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
  // A command tool (as the tool declares itself, through the catalogue) shows a terminal from the start.
  const isCommand = commandTools.has(item.tool) || item.output !== '';
  const showsOutput = isCommand && (item.output !== '' || running);
  const subject = command === undefined ? toolSubject(item.args) : undefined;
  const shownFile = item.result && !item.result.isError ? fileOfResult(item.result.data) : undefined;
  // The badge already says how an answered prompt went: the answer is repeated only when it says
  // more (a time limit) or something else (the engine narrowed it: the reason says why).
  const a = item.approval;
  const answerMatches =
    a?.choice !== undefined && (a.choice === 'deny' ? item.how === 'denied' : a.choice === item.how) && !a.answer?.includes(' min)');
  const approvalLine =
    a?.status === 'pending'
      ? 'Waiting for your approval…'
      : a?.status === 'cancelled'
        ? 'The approval was cancelled.'
        : a && !answerMatches
          ? `You answered: ${a.answer ?? 'answered'}`
          : undefined;
  const reason = item.reason ?? (refused && item.result ? refusalReason(item.result.content, item.tool) : undefined);
  const reasonShown = reason !== undefined;
  const actions = useChatActions();
  // A refused write still shows what it would have changed.
  const proposed =
    !diff && item.decision !== 'allowed' && item.decision !== undefined ? actions?.proposedDiffs.get(item.callId) : undefined;
  const stoppable = running && item.depth === 0 && isCommand && actions !== null;
  // A finished command that printed nothing says so, instead of an empty terminal or nothing at all.
  const noOutput =
    !refused &&
    isCommand &&
    item.result &&
    !item.result.cancelled &&
    item.output === '' &&
    item.result.content.split('\n').slice(1).join('').trim() === '';
  return (
    <article className={`tool-card how-${item.how}`} aria-label={`Tool call ${item.tool}`} data-call-id={item.callId}>
      <header className="tool-head">
        <span className="tool-name">{item.tool}</span>
        {subject && (
          <span className="tool-subject" data-testid="tool-subject" title={subject}>
            {shownFile && shownFile.path === subject ? <FileRefLink fileRef={shownFile} text={subject} /> : <EscapedText text={subject} />}
          </span>
        )}
        {item.key && <KeyView value={item.key} />}
        <span className={`badge badge-${item.how}`} data-testid="decision">
          {HOW_LABELS[item.how]}
        </span>
        {status && <span className={`tool-status status-${status.replace(/ /g, '-')}`}>{status}</span>}
        {running && item.startedAt !== undefined && <Elapsed since={item.startedAt} />}
        {stoppable && (
          <button
            type="button"
            className="tool-stop"
            onClick={() => actions.stopCall(item.callId)}
            disabled={actions.stopping.has(item.callId)}
            // Not "Stop": that name is the whole run's button, beside the message box.
            aria-label={`Cancel this command: ${command ?? item.tool}`}
            title="Ends only this command (its process group is killed); the agent goes on"
          >
            {actions.stopping.has(item.callId) ? 'Cancelling…' : 'Cancel command'}
          </button>
        )}
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
          <ArgList args={item.args} />
        </details>
      )}
      {approvalLine && <p className="muted tool-approval">{approvalLine}</p>}
      {reason !== undefined && (
        <p className="tool-reason">
          Reason: <EscapedText text={reason} />
        </p>
      )}
      {showsOutput && (
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
      {proposed && (
        <DiffView
          diff={proposed}
          label={`Proposed changes to ${toolSubject(item.args) ?? 'the file'} (not applied)`}
          path={pathOf(item.args)}
        />
      )}
      {noOutput && <p className="muted tool-no-output">(no output)</p>}
      {diff && (
        <DiffView
          diff={diff}
          label={`Changes to ${pathOf(item.result?.data) ?? 'the file'}`}
          path={pathOf(item.result?.data) ?? pathOf(item.args)}
        />
      )}
      {unchanged && (
        <p className="muted tool-unchanged" data-testid="no-changes">
          No changes: the file already had this content.
        </p>
      )}
      {hunks && (
        <p className="muted small" data-testid="tool-hunks">
          Part of the proposed change: {hunksWords(hunks)}; the rejected ones were not applied.
        </p>
      )}
      {item.result &&
        !refused &&
        !diff &&
        !isCommand &&
        !item.sub &&
        !(reasonShown && resultRepeatsReason(item.result.content, reason)) && (
          <details className="tool-result">
            <summary>{item.result.isError ? 'Error' : 'Result'}</summary>
            <pre>
              <EscapedText text={item.result.content.slice(0, MAX_SHOWN)} keepNewlines keepTabs />
            </pre>
          </details>
        )}
      {item.result &&
        !refused &&
        (isCommand || item.sub) &&
        (item.result.isError || item.result.cancelled) &&
        !(reasonShown && resultRepeatsReason(item.result.content, reason)) && (
          <p className="tool-error">
            {/* The terminal above already shows the output: only how it ended is new. */}
            <EscapedText
              text={(showsOutput ? commandEnding(item.result.content, item.tool) : item.result.content).slice(0, 500)}
              keepNewlines
            />
          </p>
        )}
    </article>
  );
});
