/**
 * The files the message box offers after `@`: the glob tool's listing (tools/read/fileList.ts — the
 * same ignore rules), matched against what was typed, best first. Bounded three ways: the lines read
 * from ripgrep, the candidates kept for ranking, and the time; past any of them the answer says it
 * is partial.
 */
import { runRg, fileListArgs } from '../tools/index.js';

export const MENTION_SCAN_LIMIT = 200_000;
const CANDIDATE_LIMIT = 5_000;
const TIME_LIMIT_MS = 3_000;

export interface MentionFiles {
  files: string[];
  /** The listing stopped early (too many files, or too slow): a more precise query finds the rest. */
  truncated: boolean;
}

/** Lower is better: the file's name is the query, starts with it, contains it; else its path does. */
function rank(file: string, q: string): number {
  const lower = file.toLowerCase();
  const base = lower.slice(lower.lastIndexOf('/') + 1);
  if (base === q) return 0;
  if (base.startsWith(q)) return 1;
  if (base.includes(q)) return 2;
  return 3;
}

export function rankMentions(files: readonly string[], query: string, limit: number): string[] {
  const q = query.toLowerCase();
  return files
    .filter((f) => q === '' || f.toLowerCase().includes(q))
    .map((f) => ({ f, r: q === '' ? f.split('/').length : rank(f, q) }))
    .sort((a, b) => a.r - b.r || a.f.length - b.f.length || (a.f < b.f ? -1 : a.f > b.f ? 1 : 0))
    .slice(0, limit)
    .map((x) => x.f);
}

export async function mentionFiles(projectRoot: string, query: string, limit: number): Promise<MentionFiles> {
  const q = query.toLowerCase();
  const candidates: string[] = [];
  let scanned = 0;
  let truncated = false;
  const timer = new AbortController();
  const t = setTimeout(() => timer.abort(), TIME_LIMIT_MS);
  try {
    await runRg(fileListArgs({}), {
      cwd: projectRoot,
      signal: timer.signal,
      onLine: (line) => {
        if (++scanned > MENTION_SCAN_LIMIT || candidates.length >= CANDIDATE_LIMIT) {
          truncated = true;
          return false;
        }
        if (q === '' || line.toLowerCase().includes(q)) candidates.push(line);
      },
    });
  } catch (err) {
    if (!timer.signal.aborted) throw err;
    truncated = true;
  } finally {
    clearTimeout(t);
  }
  return { files: rankMentions(candidates, query, limit), truncated };
}
