import { useEffect, useMemo, useState } from 'react';
import { plainScreen, screenOf } from './emulator.js';
import type { Screen } from './screen.js';

/**
 * A command's output drawn as plain styled spans: what the live terminal would show, at the cost
 * of a <pre>. Plain text is split at once; anything with control sequences is emulated off-screen
 * (emulator.ts) and appears when that is done, the previous screen staying until then.
 */
export function TerminalSnapshot({
  output,
  dropped = 0,
  maxRows,
  label,
}: {
  output: string;
  dropped?: number;
  maxRows: number;
  label: string;
}) {
  const plain = useMemo(() => plainScreen(output), [output]);
  const [emulated, setEmulated] = useState<Screen | null>(null);

  useEffect(() => {
    if (plain) return;
    let wanted = true;
    void screenOf(output, () => wanted).then((s) => {
      if (wanted && s) setEmulated(s);
    });
    return () => {
      wanted = false;
    };
  }, [output, plain]);

  const screen = plain ?? emulated;
  return (
    <div className="terminal" role="log" aria-label={label}>
      {/* column-reverse: like a terminal it opens on the latest lines and stays there as lines
          arrive, unless the user scrolled up — without reading the layout from script. */}
      <pre className="xterm terminal-snapshot" style={{ maxHeight: `${maxRows * 17}px` }}>
        <div>
          {screen && (screen.hiddenLines > 0 || dropped > 0) && (
            <div className="muted">… earlier output is not shown here; the full log is kept on disk</div>
          )}
          {screen?.lines.map((line, i) => (
            <div key={i}>
              {line.map((r, j) => (
                <span
                  key={j}
                  className={r.cls || undefined}
                  style={r.color || r.background ? { color: r.color, background: r.background } : undefined}
                >
                  {r.text}
                </span>
              ))}
            </div>
          ))}
        </div>
      </pre>
    </div>
  );
}
