/**
 * THE list of protected project entries: what the host runs or trusts later without asking, so no
 * allowlist, no permission mode and no environment may let the agent write, delete or move one
 * without the user seeing that exact call. Everything that has an idea of "protected" reads it here:
 * the path keys (permissions/keys.ts), the modes and the engine (through the protectedPath flag),
 * the edit tools, the sandbox's and the container's read-only mounts (env/protectedEntries.ts), the
 * WASI module's writes (env/wasm/wasi.ts), checkpoints (never snapshotted, never restored) and
 * allow-entry validation (permissions/match.ts).
 *
 * A name is protected at any depth (`sub/.git/config` with core.fsmonitor runs a program under
 * `git -C sub status`; `pkg/.mcp.json` is the root file of the project opened at `pkg/`), in any
 * case (case-insensitive file systems), with or without the trailing dots, spaces or `:stream` that
 * Windows drops, and as a folder as well as a file (`.mcp.json/x` is protected too).
 * `protected-entries.walk.test.ts` walks every tool × mode × environment against this list.
 */
import { opendir } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';

export interface ProtectedEntry {
  /** Lower case; matched against each path segment (see `entryNameOf`). */
  readonly name: string;
  /**
   * The sandbox and the container mount it read-only over the writable project at the root; when
   * absent, a placeholder of this kind is made so a command cannot create it. null: not mounted
   * (why in `why`).
   */
  readonly mount: 'dir' | 'file' | null;
  /** Why it is protected, for notes and the docs. */
  readonly why: string;
}

export const PROTECTED_ENTRIES: readonly ProtectedEntry[] = [
  { name: '.git', mount: 'dir', why: "git's config and hooks name programs git runs" },
  { name: 'codecoder.json', mount: 'file', why: "the project's allowlist" },
  {
    name: 'codecoder.json.lock',
    mount: null,
    // A read-only placeholder would stall the app's own writes of codecoder.json for as long as a
    // command runs; the lock itself runs nothing, so environments may touch it.
    why: "the allowlist writers' lock",
  },
  { name: '.codecoder', mount: 'dir', why: "the app's own project folder" },
  { name: '.mcp.json', mount: 'file', why: 'MCP servers the app (or another client) starts' },
];

const NAMES: ReadonlySet<string> = new Set(PROTECTED_ENTRIES.map((e) => e.name));

/** The entries the sandbox and the container mount read-only at the project root, in list order. */
export const READ_ONLY_MOUNT_ENTRIES: readonly ProtectedEntry[] = PROTECTED_ENTRIES.filter((e) => e.mount !== null);

/** The names, for messages: ".git, codecoder.json, …". */
export const PROTECTED_NAMES_TEXT = PROTECTED_ENTRIES.map((e) => e.name).join(', ');

/**
 * The protected entry one path segment names, or undefined. Case-folded, and without what Windows
 * drops when it opens a name (trailing dots and spaces) or reads as a stream (`name:stream`).
 */
export function entryNameOf(segment: string): string | undefined {
  let s = segment.toLowerCase();
  const colon = s.indexOf(':');
  if (colon > 0) s = s.slice(0, colon);
  s = s.replace(/[. ]+$/, '');
  // `.git.` → `.git`, but a name made only of dots is '.' or '..', never an entry.
  return NAMES.has(s) ? s : undefined;
}

/**
 * True when any segment of `p` (relative, absolute or climbing with `..`; '/' or '\' separated) is a
 * protected entry: the path is one, or lies inside one.
 */
export function namesProtectedEntry(p: string): boolean {
  for (const seg of p.split(/[\\/]/)) if (seg.length > 1 && entryNameOf(seg) !== undefined) return true;
  return false;
}

const GLOB_CHARS = /[*?[\]{}]/;

/**
 * True when `p`, read as a shell glob (`*`, `.*`, `.[gG]it`, `codecoder*`), may name a protected entry
 * at some segment, as well as when it plainly does. A glob that cannot be read is taken to.
 */
export function mayNameProtectedEntry(p: string): boolean {
  if (namesProtectedEntry(p)) return true;
  for (const seg of p.split(/[\\/]/)) {
    if (!GLOB_CHARS.test(seg)) continue;
    try {
      const re = picomatch.makeRe(seg, { dot: true, nocase: true });
      for (const e of PROTECTED_ENTRIES) if (re.test(e.name)) return true;
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * Paths an agent must never be pre-authorised to write, delete or move: `rel` is project-relative
 * (`./x`, `x/`, `x` alike). The same as `namesProtectedEntry`, named for its use.
 */
export function isProtectedPath(rel: string): boolean {
  return namesProtectedEntry(rel);
}

/** What `protectedInside` found: the first protected entry, or that the folder was too big to know. */
export type InsideFinding = { found: string } | { tooMany: number } | undefined;

/**
 * Looks inside the folder `abs` (symlinks are not followed) for a protected entry at any depth, for a
 * delete or move of the folder itself: removing `sub` removes `sub/.git`, moving `stage` to `pkg`
 * makes `pkg/.mcp.json`. Stops at the first hit, or after `limit` entries (the caller then treats
 * the folder as holding one: it cannot tell). `rel` is the folder's project-relative path, for
 * the finding.
 */
export async function protectedInside(abs: string, rel: string, limit = 20_000): Promise<InsideFinding> {
  let seen = 0;
  const stack: [string, string][] = [[abs, rel]];
  while (stack.length > 0) {
    const [dir, dirRel] = stack.pop()!;
    let handle;
    try {
      handle = await opendir(dir);
    } catch {
      continue; // unreadable or gone: the operation itself will meet it
    }
    for await (const d of handle) {
      const childRel = `${dirRel}/${d.name}`;
      if (entryNameOf(d.name) !== undefined) return { found: childRel };
      if (++seen > limit) return { tooMany: limit };
      if (d.isDirectory()) stack.push([path.join(dir, d.name), childRel]);
    }
  }
  return undefined;
}
