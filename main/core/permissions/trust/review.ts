/**
 * The trust review: what an untrusted codecoder.json would allow, entry by entry, with its meaning,
 * its ceiling violation or problem, and the deny rules (honoured whether trusted or not). The app's
 * review screen, `codecoder trust` and `allowlist validate` show this one list.
 */
import type { EntryValue } from '../configFile.js';
import type { CompiledProject, EntryStatus } from '../projectLevel.js';
import { entryMeaning } from './entryMeaning.js';

export interface ReviewEntry {
  key: string;
  value: EntryValue;
  /** What trusting would grant, in words. */
  meaning: string;
  status: EntryStatus;
  /** The CeilingViolation's message: never honoured, trusted or not. */
  violation: string | null;
  /** Why the entry is ignored (unknown tool, unusable pattern), trusted or not. */
  problem: string | null;
}

export interface TrustReview {
  allow: ReviewEntry[];
  deny: { pattern: string; problem: string | null }[];
}

export function trustReview(compiled: Pick<CompiledProject, 'entries' | 'denyEntries'>): TrustReview {
  return {
    allow: compiled.entries.map((e) => ({
      key: e.key,
      value: e.value,
      meaning: entryMeaning(e.key, e.value),
      status: e.status,
      violation: e.status === 'violation' ? (e.message ?? 'above the ceiling') : null,
      problem: e.status === 'ignored' ? (e.message ?? 'ignored') : null,
    })),
    deny: compiled.denyEntries.map((d) => ({ pattern: d.key, problem: d.status === 'ignored' ? (d.message ?? 'ignored') : null })),
  };
}
