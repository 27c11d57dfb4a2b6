import type { PendingApprovalView } from '../../../../shared/contract/index.js';
import { ENVIRONMENT_WORDS } from '../../ui/ceilingRule.js';
import { DiffView } from '../diff/DiffView.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { hasHiddenCharacters } from '../../ui/escapeInvisible.js';
import { KeyView } from '../../ui/KeyView.js';
import { isCompoundKey } from '../../ui/keySegments.js';
import { entryGit, entryWhat } from './deleteEntry.js';

/** Who asks: the main agent or a sub-agent (depth 1), by its id. */
export function askerOf(a: Pick<PendingApprovalView, 'depth' | 'agentId' | 'worktreeAgentId'>): string {
  const background = a.worktreeAgentId ? `background agent ${a.worktreeAgentId}` : null;
  if (a.depth === 0) return background ?? 'the main agent';
  return background ? `a sub-agent (${a.agentId}) of ${background}` : `a sub-agent (${a.agentId})`;
}

/**
 * What will run, shown first and given the space: the command as written, or the path and the
 * proposed diff. Hidden characters are escaped.
 */
export function ApprovalSubject({ approval: a }: { approval: PendingApprovalView }) {
  const command = a.preview?.command;
  const path = a.preview?.path;
  const diff = a.preview?.diff;
  const entry = a.preview?.entry;
  // An MCP tool's call is its arguments: they are what is being approved.
  const mcpArgs = a.preview?.mcp ? (JSON.stringify(a.args ?? {}, null, 2) ?? '') : undefined;
  const hidden =
    (a.key !== undefined && hasHiddenCharacters(a.key)) || (command !== undefined && hasHiddenCharacters(command, { keepNewlines: true }));
  if (command === undefined && !path && !diff && !entry && mcpArgs === undefined && !hidden) return null;
  return (
    <div className="approval-subject">
      {hidden && (
        <p role="alert" className="warn-note">
          This request contains hidden or control characters. They are shown escaped (like <code>\x1b</code>); read it carefully.
        </p>
      )}
      {command !== undefined && (
        // Focusable: a command longer than its box scrolls, and the keyboard must reach all of it.
        <pre className="tool-command approval-command" tabIndex={0} aria-label="Command" data-testid="approval-command">
          <EscapedText text={command} keepNewlines />
        </pre>
      )}
      {/* A diff names its file in its own header: the path is said there, once, and the diff keeps the room. */}
      {path && !(diff !== undefined && diff !== '') && (
        <p className="approval-path">
          <span className="muted">Path</span>{' '}
          <code data-testid="approval-path">
            <EscapedText text={path} />
          </code>
        </p>
      )}
      {diff === '' && (
        <p className="muted approval-no-changes" data-testid="no-changes">
          No changes: the file already has this content.
        </p>
      )}
      {entry && (
        // A delete: what will go, and how much of it git could bring back.
        <p className="approval-entry" data-testid="delete-entry">
          {entryWhat(entry)} {entryGit(entry)}
        </p>
      )}
      {diff !== undefined && diff !== '' && <DiffView diff={diff} label="Proposed changes" path={path} />}
      {mcpArgs !== undefined && (
        <pre className="tool-command approval-command" tabIndex={0} aria-label="Arguments" data-testid="mcp-args">
          <EscapedText text={mcpArgs} keepNewlines />
        </pre>
      )}
    </div>
  );
}

/** The engine's note on a protected target (permissions/keys.ts: "<path> is protected…"). */
function isProtectedNote(note: string): boolean {
  return / is protected[ :(]/.test(note);
}

/** What else the user needs to judge the request: key, environment, who asks, programs, warnings, argv. */
export function ApprovalDetails({ approval: a }: { approval: PendingApprovalView }) {
  // An MCP tool's notes (server, tool, hints) are shown in their own rows below.
  const flags = a.preview?.mcp ? { ...a.flags, notes: [] } : (a.flags ?? {});
  // The engine's own note on a protected path names the file and why: it IS the protected-path
  // warning, so it is said once, under that heading, not again as a note below it.
  const protectedNote = flags.protectedPath ? flags.notes?.find(isProtectedNote) : undefined;
  const notes = flags.notes?.filter((n) => n !== protectedNote);
  return (
    // Focusable: it scrolls when the request is long, and the keyboard must reach all of it.
    <div className="approval-details" role="group" aria-label="Request details" tabIndex={0}>
      <dl className="facts">
        <dt>Key</dt>
        <dd>
          {a.key ? <KeyView value={a.key} /> : <span className="muted">none</span>}
          {(flags.compound || (a.key && isCompoundKey(a.key))) && (
            <span className="muted small"> Several commands: this key matches only this exact combination.</span>
          )}
        </dd>
        <dt>Environment</dt>
        <dd>
          <strong>{a.environment ?? 'unknown'}</strong>{' '}
          {a.environment && <span className="muted">— {ENVIRONMENT_WORDS[a.environment]}</span>}
        </dd>
        <dt>Asked by</dt>
        <dd data-testid="asker">{askerOf(a)}</dd>
        {flags.programs && flags.programs.length > 0 && (
          <>
            <dt>Programs</dt>
            <dd>
              {flags.programs.map((p, i) => (
                <code key={i} className="chip">
                  <EscapedText text={p.subcommand ? `${p.program} ${p.subcommand}` : p.program} />
                </code>
              ))}
            </dd>
          </>
        )}
        {a.preview?.mcp && (
          <>
            <dt>MCP server</dt>
            <dd data-testid="mcp-server">
              <EscapedText text={a.preview.mcp.server} />
            </dd>
            <dt>Tool</dt>
            <dd data-testid="mcp-tool">
              <code>
                <EscapedText text={a.preview.mcp.tool} />
              </code>
            </dd>
            {a.preview.mcp.hints.length > 0 && (
              <>
                <dt>Server says</dt>
                <dd data-testid="mcp-hints">
                  {a.preview.mcp.hints.map((h, i) => (
                    <span key={i} className="chip" title="a claim of the server: shown, not trusted">
                      <EscapedText text={h} />
                    </span>
                  ))}
                </dd>
              </>
            )}
          </>
        )}
      </dl>
      {(flags.protectedPath || flags.outsideProject || (notes?.length ?? 0) > 0) && (
        <ul className="approval-flags" aria-label="Warnings">
          {flags.protectedPath && (
            <li className="warn-note" data-testid="protected-warning">
              <strong>Protected path.</strong>{' '}
              {protectedNote ? (
                <EscapedText text={protectedNote} />
              ) : (
                'codecoder.json, .codecoder/ and .git/ always ask: an agent that can write its own allowlist or a git hook can take over your machine.'
              )}
            </li>
          )}
          {flags.outsideProject && (
            <li className="warn-note">
              <strong>Outside the project.</strong> This path resolves outside the project folder.
            </li>
          )}
          {notes?.map((n, i) => (
            <li key={i} className="warn-note">
              <EscapedText text={n} />
            </li>
          ))}
        </ul>
      )}
      {a.preview?.argv && a.preview.argv.length > 0 && (
        <>
          <h3 className="small-head">Arguments as the program receives them</h3>
          <ol className="argv" aria-label="Parsed arguments">
            {a.preview.argv.map((arg, i) => (
              <li key={i}>
                <code className="chip" title={`argument ${i}`}>
                  <EscapedText text={arg} />
                </code>
              </li>
            ))}
          </ol>
        </>
      )}
      {!a.preview && a.args !== undefined && (
        <details>
          <summary>Arguments</summary>
          <pre>
            <EscapedText text={JSON.stringify(a.args, null, 2) ?? ''} keepNewlines />
          </pre>
        </details>
      )}
    </div>
  );
}
