/**
 * The session allowlist: in memory, `Map<(tool, key), expiry>` with -1 = never expires; gone
 * with the session. The tool of the pair is the key's own tool (`run_command` for `run_command:git`),
 * so the pair is fully named by the raw key. Entries may be patterns (accepted presets such as
 * `write_file:tests/**`); they are compiled lazily after each change.
 */
import { AllowSet, type MatchTarget } from './match.js';
import type { Clock, PermissionKey } from './types.js';

export const NEVER = -1;

export interface SessionEntry {
  tool: string;
  key: string;
  /** Milliseconds since the epoch; -1 = never. Valid while -1 or now < expiry. */
  expiry: number;
}

export class SessionAllowlist {
  private readonly entries = new Map<string, { key: PermissionKey; expiry: number }>();
  private compiled: AllowSet<number> | undefined;

  constructor(private readonly clock: Clock) {}

  add(key: PermissionKey, ttlMs?: number): SessionEntry {
    const expiry = ttlMs === undefined ? NEVER : this.clock.now() + Math.max(0, ttlMs);
    this.entries.set(key.raw, { key, expiry });
    this.compiled = undefined;
    return { tool: key.tool, key: key.raw, expiry };
  }

  remove(raw: string): boolean {
    const had = this.entries.delete(raw);
    if (had) this.compiled = undefined;
    return had;
  }

  clear(): void {
    this.entries.clear();
    this.compiled = undefined;
  }

  /** The entry allowing this target, if one is valid now. Expired entries met on the way are dropped. */
  lookup(t: MatchTarget): SessionEntry | undefined {
    if (this.entries.size === 0) return undefined;
    const now = this.clock.now();
    for (;;) {
      const set = (this.compiled ??= new AllowSet([...this.entries.values()].map((e) => ({ key: e.key, meta: e.expiry }))));
      const hit = set.match(t);
      if (!hit) return undefined;
      if (hit.meta === NEVER || now < hit.meta) return { tool: hit.key.tool, key: hit.key.raw, expiry: hit.meta };
      // Expired: drop it and look again (a broader entry may still be valid).
      this.entries.delete(hit.key.raw);
      this.compiled = undefined;
    }
  }

  /** Live entries (expired ones are dropped first). */
  list(): SessionEntry[] {
    const now = this.clock.now();
    const out: SessionEntry[] = [];
    for (const [raw, e] of this.entries) {
      if (e.expiry !== NEVER && now >= e.expiry) {
        this.entries.delete(raw);
        this.compiled = undefined;
        continue;
      }
      out.push({ tool: e.key.tool, key: raw, expiry: e.expiry });
    }
    return out;
  }

  has(raw: string): boolean {
    return this.entries.has(raw);
  }
}
