import { Component, lazy, Suspense, type ReactNode } from 'react';
import { PlainDiff } from './PlainDiff.js';

// The diff view (library, highlight.js with its languages, its CSS) is a chunk of its own, loaded the
// first time a diff is shown: the start screen and a chat without edits never pay for it.
const GitDiffView = lazy(() => import('./GitDiffView.js'));

export interface DiffViewProps {
  /** The unified diff from main (the contract's `diff`). */
  diff: string;
  label?: string;
  /** The file's path, when known: it picks the highlighting. Else the diff's own header names it. */
  path?: string;
}

/**
 * Every diff the UI shows — an approval's proposed change, a tool card's applied or refused one:
 * line numbers, highlighting by the file's extension, unified or split (the choice is kept in
 * Settings). Until its code has loaded, and if the library cannot read a diff, the plain lines show.
 */
export function DiffView({ diff, label = 'Changes', path }: DiffViewProps) {
  const plain = <PlainDiff diff={diff} label={label} />;
  return (
    <PlainOnError fallback={plain} diff={diff}>
      <Suspense fallback={plain}>
        <GitDiffView diff={diff} label={label} path={path} />
      </Suspense>
    </PlainOnError>
  );
}

/** A diff the library cannot parse (or a chunk that fails to load) still shows, as plain lines; a new diff tries again. */
class PlainOnError extends Component<{ fallback: ReactNode; diff: string; children: ReactNode }, { failed: boolean; diff: string }> {
  override state = { failed: false, diff: this.props.diff };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { diff: string }, state: { diff: string }) {
    return props.diff === state.diff ? null : { failed: false, diff: props.diff };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
