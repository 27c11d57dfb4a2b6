import '../../ui/ui.css';
import { EscapedText } from '../../ui/EscapedText.js';

/** One line of a unified diff and how it is drawn. */
function lineClass(line: string): string {
  if (line.startsWith('+++') || line.startsWith('---')) return 'diff-file';
  if (line.startsWith('@@')) return 'diff-hunk';
  if (line.startsWith('+')) return 'diff-add';
  if (line.startsWith('-')) return 'diff-del';
  if (line.startsWith('\\')) return 'diff-note';
  return 'diff-ctx';
}

/**
 * A unified diff as plain coloured lines: what shows while the diff view's code loads, and instead
 * of it when the library cannot read a diff. Hidden characters are escaped: a diff is exactly where
 * bidi tricks hide what a line really does. Long diffs scroll inside their box.
 */
export function PlainDiff({ diff, label }: { diff: string; label: string }) {
  const lines = diff.replace(/\n$/, '').split('\n');
  return (
    <pre className="diff" aria-label={label} tabIndex={0} data-testid="plain-diff">
      {lines.map((l, i) => (
        <div key={i} className={lineClass(l)}>
          <EscapedText text={l === '' ? ' ' : l} keepTabs />
        </div>
      ))}
    </pre>
  );
}
