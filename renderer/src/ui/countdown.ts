/**
 * Session entries lapse at a time; the editor shows how long is left, ticking. Pure so the
 * formatting is tested without a clock.
 */

/** `expiresAt` null = until the session ends. Returns "until the session ends", "expired", "14:59", "1 h 05 min", "2 d 3 h". */
export function formatRemaining(expiresAt: number | null, now: number): string {
  if (expiresAt === null) return 'until the session ends';
  const ms = expiresAt - now;
  if (ms <= 0) return 'expired';
  const s = Math.ceil(ms / 1000);
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** The time-limit choices of "Allow for this session"; undefined ttlMs = until the session ends. */
export const SESSION_TTL_CHOICES: readonly { label: string; ttlMs: number | undefined }[] = [
  { label: 'until the session ends', ttlMs: undefined },
  { label: '15 minutes', ttlMs: 15 * 60_000 },
  { label: '1 hour', ttlMs: 3_600_000 },
  { label: '8 hours', ttlMs: 8 * 3_600_000 },
];
