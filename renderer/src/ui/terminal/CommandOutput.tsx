import './terminal.css';
import { lazy, Suspense, useEffect, useState } from 'react';
import { TerminalSnapshot } from './TerminalSnapshot.js';

// xterm.js and its CSS are a chunk of their own, loaded when a command first runs long enough to
// watch live; until then the snapshot shows the same output.
const LiveTerminal = lazy(() => import('./LiveTerminal.js').then((m) => ({ default: m.LiveTerminal })));

/** How long a command runs before it gets a live xterm. */
export const LIVE_AFTER_MS = 400;

/**
 * A command's output: a live xterm.js while it runs long enough to watch, drawn from a headless
 * xterm.js otherwise (quick commands, finished ones, a reopened conversation). Opening a live
 * terminal costs a font measurement and a layout of the whole page — tens of milliseconds that
 * would otherwise land between one approval and the next prompt.
 */
export function CommandOutput({
  output,
  dropped = 0,
  running,
  label,
  maxRows = 12,
}: {
  output: string;
  /** Characters already dropped from the front of `output` (the transcript keeps it bounded). */
  dropped?: number;
  running: boolean;
  label: string;
  maxRows?: number;
}) {
  const [live, setLive] = useState(false);
  useEffect(() => {
    // A finished card never runs again; the render below drops the live terminal once it ends.
    if (!running) return;
    const timer = setTimeout(() => setLive(true), LIVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [running]);
  const snapshot = <TerminalSnapshot output={output} dropped={dropped} label={label} maxRows={maxRows} />;
  return live && running ? (
    <Suspense fallback={snapshot}>
      <LiveTerminal output={output} dropped={dropped} label={label} maxRows={maxRows} />
    </Suspense>
  ) : (
    snapshot
  );
}
