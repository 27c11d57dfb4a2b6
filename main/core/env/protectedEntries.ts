/**
 * Project entries a command in the sandbox or a container may read but never write: the root-level
 * entries of the one protected-entry list (fs/protectedEntries.ts) that it marks for a read-only
 * mount — not the allowlist's lock, which runs nothing, and whose placeholder would stall the app's
 * own writes of codecoder.json for as long as a command runs. Top level only: a nested `.git` is the
 * tools' business (the protected-path rule) and git's (the config guard).
 *
 * Both environments mount these read-only over the writable project. One that does not exist yet
 * needs a mount point all the same, or the command could create it: an empty placeholder on the
 * host, removed when the last environment that may rely on it has ended. Removal waits for every
 * sandbox and container of this process, because unlinking a mount point on the host detaches
 * the mount in every other namespace that has it: a placeholder one environment made and removed
 * would otherwise open the path in another one still running.
 */
import { lstatSync, mkdirSync, readdirSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { READ_ONLY_MOUNT_ENTRIES } from '../fs/index.js';

export const READ_ONLY_PROJECT_ENTRIES: readonly string[] = READ_ONLY_MOUNT_ENTRIES.map((e) => e.name);
/** What a placeholder is when the entry is absent: what git, the app and their tools expect there. */
const DIRECTORY_ENTRIES = new Set(READ_ONLY_MOUNT_ENTRIES.filter((e) => e.mount === 'dir').map((e) => e.name));

export class ProtectedEntryRefused extends Error {
  override name = 'ProtectedEntryRefused';
}

let running = 0;
const whenIdle = new Set<() => void>();

/** Marks an environment as running; the returned function ends it (once). */
export function holdEnvironment(): () => void {
  running++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    running--;
    if (running > 0) return;
    removePlaceholders();
    for (const f of [...whenIdle]) {
      whenIdle.delete(f);
      f();
    }
  };
}

/**
 * Resolves when no sandbox or container of this process runs. For the app's own writers of a
 * protected file (the allowlist): replacing it on the host (write to a temp file, rename over)
 * detaches the read-only mount in a running environment, which could then write the file. Wait
 * for this first, or write in place (same inode).
 */
export function environmentsIdle(): Promise<void> {
  return new Promise((resolve) => afterEnvironments(resolve));
}

/** Runs `f` now when no environment runs, else once the last one has ended (each `f` once). */
export function afterEnvironments(f: () => void): void {
  if (running === 0) f();
  else whenIdle.add(f);
}

interface Placeholder {
  dev: number;
  ino: number;
  dir: boolean;
}
const placeholders = new Map<string, Placeholder>();
let exitHook = false;

/**
 * Makes every protected entry of `projectRoot` exist (a placeholder where it does not) and returns
 * their names, for read-only mounts. A symlink or anything but a file or folder there is refused:
 * mounting it would bring what it points at, perhaps outside the project, into the container.
 */
export function ensureProtectedEntries(projectRoot: string): string[] {
  // Placeholders are removed when the last environment ends: one must be running to own them.
  if (running === 0) throw new Error('ensureProtectedEntries outside holdEnvironment()');
  for (const name of READ_ONLY_PROJECT_ENTRIES) {
    const abs = path.join(projectRoot, name);
    const st = lstatOrUndefined(abs);
    if (st?.isSymbolicLink()) throw new ProtectedEntryRefused(`${name} is a symbolic link; it cannot be kept read-only, so nothing runs`);
    if (st && !st.isFile() && !st.isDirectory()) throw new ProtectedEntryRefused(`${name} is neither a file nor a folder`);
    if (st) continue;
    const dir = DIRECTORY_ENTRIES.has(name);
    // Exclusive creation: if anything appeared meanwhile, this fails and nothing of it is touched.
    if (dir) mkdirSync(abs);
    else writeFileSync(abs, '', { flag: 'wx' });
    const made = lstatSync(abs);
    placeholders.set(abs, { dev: made.dev, ino: made.ino, dir });
    if (!exitHook) {
      exitHook = true;
      process.once('exit', () => {
        running = 0;
        removePlaceholders();
      });
    }
  }
  return [...READ_ONLY_PROJECT_ENTRIES];
}

/** Removes the placeholders still as they were made (same inode, still empty); leaves anything else. */
export function removePlaceholders(): void {
  if (running > 0) return;
  for (const [abs, p] of placeholders) {
    placeholders.delete(abs);
    const st = lstatOrUndefined(abs);
    if (!st || st.dev !== p.dev || st.ino !== p.ino) continue;
    try {
      if (p.dir && st.isDirectory() && readdirSync(abs).length === 0) rmdirSync(abs);
      else if (!p.dir && st.isFile() && st.size === 0) unlinkSync(abs);
    } catch {
      // Gone or filled meanwhile: it is no longer ours to remove.
    }
  }
}

function lstatOrUndefined(p: string) {
  try {
    return lstatSync(p);
  } catch {
    return undefined;
  }
}
