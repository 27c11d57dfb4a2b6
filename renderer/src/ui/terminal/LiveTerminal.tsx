import { FitAddon } from '@xterm/addon-fit';
import { Terminal as XTerm } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef } from 'react';
import { rowsFor } from './rows.js';

/**
 * A running command's PTY output in xterm.js, so colours, progress bars and carriage returns look as they
 * did in the terminal. Fed the whole output so far; only the new tail is written on each update.
 * Read-only: the agent's processes take no keyboard input from here.
 */
export function LiveTerminal({
  output,
  dropped = 0,
  maxRows = 12,
  label,
}: {
  output: string;
  /** Characters dropped from the front of `output` since the command started. */
  dropped?: number;
  maxRows?: number;
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const term = useRef<XTerm | null>(null);
  const written = useRef(0);
  const rows = rowsFor(output, maxRows);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  useEffect(() => {
    const t = new XTerm({
      rows: rowsRef.current,
      disableStdin: true,
      convertEol: true,
      scrollback: 5000,
      fontSize: 12,
      cursorBlink: false,
      screenReaderMode: false,
    });
    const fit = new FitAddon();
    t.loadAddon(fit);
    t.open(host.current!);
    const refit = () => {
      try {
        const dims = fit.proposeDimensions();
        if (dims && dims.cols > 0) t.resize(dims.cols, rowsRef.current);
      } catch {
        // Not laid out yet (a hidden tab): the next resize fits it.
      }
    };
    refit();
    const ro = new ResizeObserver(refit);
    ro.observe(host.current!);
    term.current = t;
    written.current = 0;
    return () => {
      ro.disconnect();
      t.dispose();
      term.current = null;
    };
  }, []);

  useEffect(() => {
    const t = term.current;
    if (t && t.rows !== rows) t.resize(t.cols, rows);
  }, [rows]);

  // `written` counts from the start of the stream (dropped + output), so a bounded output whose
  // front moves on still only writes what is new.
  useEffect(() => {
    const t = term.current;
    if (!t) return;
    const total = dropped + output.length;
    if (total < written.current) {
      t.reset();
      written.current = 0;
    }
    if (total > written.current) {
      t.write(output.slice(Math.max(0, written.current - dropped)));
      written.current = total;
    }
  }, [output, dropped]);

  return (
    <div className="terminal" role="log" aria-label={label}>
      <div ref={host} className="terminal-host" />
    </div>
  );
}
