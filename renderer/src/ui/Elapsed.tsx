import './ui.css';
import { useNow } from './useNow.js';

/** "12 s", "3 min 05 s": time since `since`, counting while shown. */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

export function Elapsed({ since, label }: { since: number; label?: string }) {
  const now = useNow(1000);
  return (
    <span className="elapsed" data-testid="elapsed">
      {label ? `${label} ` : ''}
      {formatElapsed(now - since)}
    </span>
  );
}
