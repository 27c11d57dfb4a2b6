/**
 * What a delete prompt says will go (`preview.entry`, measured by main/core/approvals/deletePreview.ts):
 * what it is, its size, and how much of it git could bring back. Fields main could not measure are
 * left unsaid, never guessed.
 */
import type { PendingApprovalView } from '../../../../shared/contract/index.js';
import { formatBytes } from '../../../../shared/formatBytes.js';

export type DeleteEntry = NonNullable<NonNullable<PendingApprovalView['preview']>['entry']>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What goes, in one line: "A folder: 12 files, 3.4 MB." */
export function entryWhat(e: DeleteEntry): string {
  switch (e.kind) {
    case 'missing':
      return 'Nothing is there now: this delete would remove nothing.';
    case 'symlink':
      return 'A symbolic link: only the link goes, not what it points to.';
    case 'file':
      return e.bytes === undefined ? 'A file.' : `A file, ${formatBytes(e.bytes)}.`;
    case 'dir': {
      const atLeast = e.complete === false ? 'at least ' : '';
      const parts = [
        e.files === undefined ? undefined : `${atLeast}${plural(e.files, 'file')}`,
        e.bytes === undefined ? undefined : `${atLeast}${formatBytes(e.bytes)}`,
      ].filter((p): p is string => p !== undefined);
      return parts.length ? `A folder: ${parts.join(', ')}.` : 'A folder.';
    }
  }
}

/** How much git could restore; null when there is nothing to say (a missing entry). */
export function entryGit(e: DeleteEntry): string | null {
  if (e.kind === 'missing') return null;
  if (e.gitTracked === undefined) return 'Not in a git repository: nothing of it can be restored from git.';
  if (e.kind === 'dir') {
    const total = e.files;
    if (e.gitTracked === 0) return 'Git tracks none of these files: they cannot be restored from git.';
    if (total !== undefined && e.complete !== false && e.gitTracked >= total) return `Git tracks all ${plural(total, 'file')}.`;
    return `Git tracks ${plural(e.gitTracked, 'file')} of ${total === undefined ? 'them' : `${e.complete === false ? 'at least ' : ''}${total}`}; the others cannot be restored from git.`;
  }
  return e.gitTracked > 0 ? 'Git tracks it.' : 'Git does not track it: it cannot be restored from git.';
}
