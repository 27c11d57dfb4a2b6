/**
 * What run_container says when its container ran on a copy of the project (a remote engine): the
 * changes it made, as a diff, and that none of them was applied. The model applies what it wants
 * through write_file / edit_file / delete_path, so every change is keyed, approved and
 * checkpointed like any other edit; the user sees the same diff in the tool card.
 */
import type { RunHandle, RunResult } from '../../env/index.js';
import type { ToolResult } from '../types.js';

/** Where a container ran, for the result's first line (the tool card shows it): "podman at unix:///… (a copy)". */
export function containerWhere(c: RunHandle['container']): string | undefined {
  if (!c) return undefined;
  return `${c.engine} ${c.endpoint.endsWith(' CLI') ? 'through its CLI' : `at ${c.endpoint}`}${c.remote ? ', on a copy of the project' : ''}`;
}

/** The diff the model reads is cut here; the whole of it is in the tool's data for the UI. */
const DIFF_CHARS = 20_000;

export function withCopyChanges(result: ToolResult, changes: NonNullable<RunResult['changes']>): ToolResult {
  const data = { ...(result.data as Record<string, unknown>), changes };
  if ('error' in changes) return { ...result, content: `${result.content}\n[copy] ${changes.error}`, data };
  const { added, modified, deleted, dropped, diff } = changes;
  const lines = ['', '[copy] The command ran on a copy of the project on a remote engine. Its changes were NOT applied to the project.'];
  if (added.length + modified.length + deleted.length === 0) lines.push('[copy] It changed no file.');
  else {
    lines.push(`[copy] Changed: ${modified.length} modified, ${added.length} added, ${deleted.length} deleted. To keep any, apply them with the edit tools:`);
    lines.push(diff.length > DIFF_CHARS ? `${diff.slice(0, DIFF_CHARS)}\n[copy] diff cut at ${DIFF_CHARS} of ${diff.length} characters` : diff);
  }
  if (dropped.length) lines.push(`[copy] Dropped (protected entries, links or special files are never offered): ${dropped.join(', ')}`);
  return { ...result, content: result.content + lines.join('\n'), data };
}
