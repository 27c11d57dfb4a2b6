import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { TranscriptItem } from './transcript.js';
import { TranscriptRow } from './TranscriptRow.js';

/**
 * The transcript, virtualized: only the rows in view (and a few around) are in the DOM, each
 * measured after it renders, so 2,000 messages open as fast as 20. It follows the newest message
 * while the user is at the bottom, and stays put when they scrolled up to read.
 */
export function Transcript({ items, busy }: { items: TranscriptItem[]; busy: boolean }) {
  const scroller = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 72,
    overscan: 6,
    getItemKey: (i) => items[i]!.id,
  });

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    // The box shrinks when something opens between it and the message box (a notice, queued
    // messages, the approval dock), and its content grows as a row is measured: neither scrolls, so
    // a reader at the bottom is kept there. One who scrolled up stays where they are.
    const pin = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    pin.observe(el);
    if (inner.current) pin.observe(inner.current);
    return () => {
      el.removeEventListener('scroll', onScroll);
      pin.disconnect();
    };
  }, []);

  const last = items[items.length - 1];
  useLayoutEffect(() => {
    if (atBottom.current && items.length > 0) virtualizer.scrollToIndex(items.length - 1, { align: 'end' });
  }, [items.length, last, virtualizer]);

  return (
    <div ref={scroller} className="transcript" role="log" aria-label="Transcript" aria-busy={busy} tabIndex={0}>
      {items.length === 0 && <p className="muted transcript-empty">No messages yet. Ask the agent something below.</p>}
      <div ref={inner} className="transcript-inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((v) => (
          <div
            key={v.key}
            data-index={v.index}
            ref={virtualizer.measureElement}
            className="transcript-row"
            style={{ transform: `translateY(${v.start}px)` }}
          >
            <TranscriptRow item={items[v.index]!} />
          </div>
        ))}
      </div>
    </div>
  );
}
