/**
 * Snapshots after the first hash only what changed. The shadow index is kept between snapshots, so
 * git's own stat cache says which files differ from the last snapshot (`diff-files`: lstat against
 * the index, with git's racy-git check — an entry as new as the index itself is compared by content,
 * so an edit within the same timestamp is still seen), and `ls-files --others` lists new files by
 * the ignore rules. Only those paths go to `update-index`; `write-tree` reuses the cached trees.
 *
 * What this module remembers, per store, in memory:
 * - the index file's identity after our last write: anything else that wrote it (another process, a
 *   restore's checkout) and the next snapshot is a full one;
 * - each staged path's size, for the file and byte limits without an lstat of every file;
 * - the `.gitignore` of every folder that holds a staged file (and its parents): a rule that changed
 *   may turn a staged file into an ignored one, which only a full snapshot removes. A `.gitignore`
 *   that ignores itself is seen too, since this looks at the files, not at what git lists.
 * - the staged files git's stat cache could miss an edit of: git keeps whole seconds of mtime and
 *   ctime, and its racy check looks at the mtime only, so a file staged in the same second as its
 *   last change, then edited again within that second with its mtime put back (same size), looks
 *   unchanged. Any edit sets the ctime, so only files whose ctime falls in the second the snapshot
 *   recorded them are at risk. The next snapshot takes those whose ctime moved since (Node sees it to
 *   the nanosecond) out of the index and hashes them again; one staged within a clock tick of its
 *   last change is hashed again whatever its ctime says, as the kernel's file clock is that coarse.
 * Whenever anything here is unsure, the caller takes the full path (the previous behaviour).
 */
import { lstatSync, type Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';

export interface StagedState {
  /** ino:size:mtime:ctime of the shadow index after our last write. */
  indexSig: string;
  /** Staged path → size in bytes (0 for a symlink). */
  sizes: Map<string, number>;
  bytes: number;
  /** Folder ('' for the root) → signature of its .gitignore ('-' when there is none). */
  ignoreSigs: Map<string, string>;
  /**
   * Staged files git cannot be trusted to see change (see above) → their ctime when staged, which a
   * later edit moves; NaN when even that cannot tell (the change was too close): hashed again anyway.
   */
  risky: Map<string, number>;
}

const sigOf = (st: { ino: number | bigint; size: number | bigint; mtimeMs: number; ctimeMs: number } | undefined) =>
  st ? `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}` : '-';

/**
 * lstat without a promise per path: for the few paths a later snapshot looks at (a turn's changes,
 * one .gitignore per folder) the synchronous call costs a few microseconds of CPU each, where the
 * thread-pool round trip of the promise costs ten times that — and waits its turn on a busy machine.
 */
function lstatOrUndefined(abs: string): Stats | undefined {
  try {
    return lstatSync(abs, { throwIfNoEntry: false });
  } catch {
    return undefined; // ENOTDIR: a parent is a file now
  }
}

export function fileSig(abs: string): string {
  return sigOf(lstatOrUndefined(abs));
}

/** lstat of paths relative to the work tree, in order (undefined: gone). */
export function statsOf(workTree: string, paths: readonly string[]): (Stats | undefined)[] {
  return paths.map((p) => lstatOrUndefined(path.join(workTree, p)));
}

/** Every folder holding a staged path, and their parents, up to the root (''). */
export function foldersOf(paths: Iterable<string>): Set<string> {
  const dirs = new Set<string>(['']);
  for (const p of paths) {
    let d = path.posix.dirname(p);
    while (d !== '.' && !dirs.has(d)) {
      dirs.add(d);
      d = path.posix.dirname(d);
    }
  }
  return dirs;
}

/** lstat of many paths, a bounded number at a time. */
export async function lstatAll<T>(paths: readonly string[], fn: (p: string) => Promise<T>, width = 64): Promise<T[]> {
  const out = new Array<T>(paths.length);
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const i = next++;
      out[i] = await fn(paths[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, paths.length) }, worker));
  return out;
}

export function ignoreSigs(workTree: string, dirs: Iterable<string>): Map<string, string> {
  const sigs = new Map<string, string>();
  for (const d of dirs) sigs.set(d, fileSig(path.join(workTree, d, '.gitignore')));
  return sigs;
}

export function sameSigs(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

/**
 * `git status --porcelain=v2 -z --untracked-files=all --no-renames`: the tracked paths that differ
 * in the work tree from the index (whatever the kind: modified, type changed, deleted), and the new
 * files — minus nested repositories (listed as `dir/`: never part of a snapshot) and minus the
 * given folders of ours. What the index holds against HEAD does not matter here.
 */
export function parseStatus(out: string, skipPrefixes: readonly string[]): { changed: string[]; fresh: string[] } {
  const changed: string[] = [];
  const fresh: string[] = [];
  for (const rec of out.split('\0')) {
    if (rec.startsWith('? ')) {
      const p = rec.slice(2);
      if (!p.endsWith('/') && !skipPrefixes.some((s) => p.startsWith(s))) fresh.push(p);
    } else if (rec.startsWith('1 ') || rec.startsWith('u ')) {
      // 1 XY sub mH mI mW hH hI path (u: unmerged, with more fields): the path is what follows them.
      const fields = rec.startsWith('1 ') ? 8 : 10;
      let at = 0;
      for (let i = 0; i < fields && at >= 0; i++) at = rec.indexOf(' ', at + 1);
      if (at < 0) continue;
      if (rec[0] === 'u' || rec[3] !== '.') changed.push(rec.slice(at + 1));
    }
  }
  return { changed, fresh };
}

/** The signature of an ignore file not looked at yet: never equal to a real one, so it is checked next time. */
export const UNKNOWN_SIG = '?';

/** The kernel stamps files from a coarse clock: two changes this close may carry the same ctime. */
const TICK_MS = 50;

type Stat = { ctimeMs: number; isFile(): boolean } | undefined;

/**
 * Which of the just staged `paths` git could miss an edit of: `before` is their lstat from before
 * git read them (taken at `statAtMs`), `after` from after. A file whose ctime falls in the second
 * the snapshot started, or that changed while git read it, is at risk.
 */
export function atRisk(
  paths: readonly string[],
  before: readonly Stat[],
  after: readonly Stat[],
  startedMs: number,
  statAtMs: number,
): Map<string, number> {
  const risky = new Map<string, number>();
  paths.forEach((p, i) => {
    const [b, a] = [before[i], after[i]];
    if (!a?.isFile()) return;
    if (!b || b.ctimeMs !== a.ctimeMs) risky.set(p, NaN);
    else if (a.ctimeMs >= startedMs - 1000) risky.set(p, a.ctimeMs < statAtMs - TICK_MS ? a.ctimeMs : NaN);
  });
  return risky;
}

/** The at-risk files to hash again now: their ctime moved, they are gone, or nothing could tell. */
export function toRehash(workTree: string, risky: ReadonlyMap<string, number>): string[] {
  const list = [...risky.keys()];
  const stats = statsOf(workTree, list);
  return list.filter((p, i) => {
    const was = risky.get(p)!;
    return Number.isNaN(was) || stats[i]?.ctimeMs !== was;
  });
}

/**
 * After staging everything: the sizes of the staged paths, and every file at risk (ctime within a
 * second of the snapshot's start), to be hashed again next time whatever its ctime says then.
 */
export async function recorded(
  workTree: string,
  paths: readonly string[],
  startedMs: number,
): Promise<{ sizes: Map<string, number>; bytes: number; risky: Map<string, number> }> {
  const stats = await lstatAll(paths, (p) => lstat(path.join(workTree, p)).catch(() => undefined));
  const sizes = new Map<string, number>();
  const risky = new Map<string, number>();
  let bytes = 0;
  paths.forEach((p, i) => {
    const st = stats[i];
    if (!st) return;
    const size = st.isFile() ? st.size : 0;
    sizes.set(p, size);
    bytes += size;
    if (st.isFile() && st.ctimeMs >= startedMs - 1000) risky.set(p, NaN);
  });
  return { sizes, bytes, risky };
}
