/**
 * File operations pinned to a path that was checked, so a local process swapping a folder or the
 * file itself for a symlink between the check and the operation cannot redirect it.
 *
 * Node has no openat/renameat/unlinkat. On Linux `/proc/self/fd/<fd>/<name>` is the same thing: the
 * kernel follows the `fd` magic link to the very directory we hold open (not to a path that could
 * have changed), then looks `<name>` up in it. So a folder is walked from the project root one
 * component at a time, each opened with O_NOFOLLOW | O_DIRECTORY (a symlink put anywhere on the way
 * fails the walk), and every operation names its entry relative to the opened folder:
 *  - a write creates a temp file in that folder (O_EXCL | O_NOFOLLOW) and renames it over the name —
 *    rename replaces a symlink, never writes through it, and never writes into a hard link's inode;
 *  - a read opens with O_NOFOLLOW | O_NONBLOCK and checks fstat, so a FIFO or device cannot hang it;
 *  - unlink, rmdir and rename never follow their last component.
 * After a write the folder's current path is read back (`/proc/self/fd/<fd>`): a folder moved or
 * removed meanwhile is reported, not silently accepted.
 *
 * Elsewhere (no /proc: macOS, Windows) the same steps run on plain paths with each component
 * lstat'ed and the folder's realpath checked before and after: the window is narrower than a path
 * resolved once, but not closed. docs/tools.md says so.
 */
import { randomBytes } from 'node:crypto';
import { constants as C, type Stats } from 'node:fs';
import { lstat, mkdir, open, readdir, readlink, realpath, rename, rmdir, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** A refusal whose message is for the model and the user (the tools turn it into a ToolFailure). */
export class AnchorError extends Error {
  override readonly name = 'AnchorError';
}

let procFd: boolean | undefined;
/** Whether /proc/self/fd/<fd> resolves to the open directory itself (Linux with /proc mounted). */
async function hasProcFd(): Promise<boolean> {
  if (procFd !== undefined) return procFd;
  if (process.platform !== 'linux') return (procFd = false);
  let fh: FileHandle | undefined;
  try {
    const dir = await realpath('/');
    fh = await open(dir, C.O_RDONLY | C.O_DIRECTORY);
    procFd = (await readlink(`/proc/self/fd/${fh.fd}`)) === dir;
  } catch {
    procFd = false;
  } finally {
    await fh?.close();
  }
  return procFd;
}

/** For tests: run the portable (path-based) variant even on Linux. */
export function forcePortableForTests(on: boolean | undefined): void {
  procFd = on ? false : undefined;
}

/** An open project folder: entries inside it are named through `at(name)`. */
export interface AnchoredDir {
  /** Project-relative path of the folder ('.' for the root). */
  readonly rel: string;
  /** A path naming `name` inside this very folder (one component, never `.`/`..`). */
  at(name: string): string;
  /** The folder's absolute path when it was opened. */
  readonly abs: string;
  /** A path naming the folder itself (its handle on Linux). */
  readonly self: string;
  close(): Promise<void>;
}

/** An AnchoredDir over an open handle (Linux) or over its checked path (elsewhere). */
function anchored(rel: string, abs: string, fh?: FileHandle): AnchoredDir {
  const self = fh ? `/proc/self/fd/${fh.fd}` : abs;
  return {
    rel,
    abs,
    self,
    at: (name) => {
      checkName(name);
      return fh ? `${self}/${name}` : path.join(abs, name);
    },
    close: async () => {
      await fh?.close();
    },
  };
}

function checkName(name: string): void {
  if (name === '' || name === '.' || name === '..' || name.includes('/') || name.includes('\0') || name.includes(path.sep)) {
    throw new AnchorError(`invalid path component ${JSON.stringify(name)}`);
  }
}

const DIR_FLAGS = C.O_RDONLY | C.O_DIRECTORY | C.O_NOFOLLOW;

/**
 * Opens the project folder `rel` (project-relative, forward slashes, no `.`/`..` components: the
 * output of resolveInProject) from the real project root, never following a symlink. With
 * `create`, missing folders are made (0777 & ~umask, like mkdir -p).
 */
export async function openProjectDir(root: string, rel: string, opts: { create?: boolean } = {}): Promise<AnchoredDir> {
  const rootReal = await realpath(root);
  const parts = rel === '.' || rel === '' ? [] : rel.split('/');
  for (const part of parts) checkName(part);
  if (!(await hasProcFd())) return openPortable(rootReal, parts, opts);

  let fh = await open(rootReal, C.O_RDONLY | C.O_DIRECTORY);
  let abs = rootReal;
  try {
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const child = `/proc/self/fd/${fh.fd}/${part}`;
      let next: FileHandle;
      try {
        next = await open(child, DIR_FLAGS);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' && opts.create) {
          await mkdir(child).catch((e: NodeJS.ErrnoException) => {
            if (e.code !== 'EEXIST') throw e;
          });
          next = await open(child, DIR_FLAGS).catch((e: NodeJS.ErrnoException) => {
            throw notADir(e, parts.slice(0, i + 1).join('/'));
          });
        } else {
          throw notADir(err as NodeJS.ErrnoException, parts.slice(0, i + 1).join('/'));
        }
      }
      await fh.close();
      fh = next;
      abs = path.join(abs, part);
    }
  } catch (err) {
    await fh.close();
    throw err;
  }
  return anchored(parts.length ? parts.join('/') : '.', abs, fh);
}

function notADir(err: NodeJS.ErrnoException, rel: string): Error {
  if (err.code === 'ENOTDIR' || err.code === 'ELOOP') {
    return new AnchorError(`${rel} is no longer a folder (a symlink or a file was put there after the check)`);
  }
  if (err.code === 'ENOENT') return new AnchorError(`${rel} does not exist`);
  return err;
}

async function openPortable(rootReal: string, parts: string[], opts: { create?: boolean }): Promise<AnchoredDir> {
  let abs = rootReal;
  for (let i = 0; i < parts.length; i++) {
    abs = path.join(abs, parts[i]!);
    let st = await lstat(abs).catch(() => undefined);
    if (!st && opts.create) {
      await mkdir(abs).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'EEXIST') throw e;
      });
      st = await lstat(abs).catch(() => undefined);
    }
    if (!st) throw new AnchorError(`${parts.slice(0, i + 1).join('/')} does not exist`);
    if (!st.isDirectory()) throw notADir({ code: 'ENOTDIR' } as NodeJS.ErrnoException, parts.slice(0, i + 1).join('/'));
  }
  await expectAt(abs, abs);
  return anchored(parts.length ? parts.join('/') : '.', abs);
}

async function expectAt(abs: string, expected: string): Promise<void> {
  const now = await realpath(abs).catch(() => undefined);
  if (now !== expected) throw new AnchorError(`${expected} changed during the operation (it now resolves to ${now ?? 'nothing'})`);
}

/**
 * The folder is still where it was opened. A folder moved or deleted while we held it would have
 * taken our write with it: say so rather than report success.
 */
export async function checkStillInPlace(dir: AnchoredDir): Promise<void> {
  if (dir.self === dir.abs) return expectAt(dir.abs, dir.abs);
  const now = await readlink(dir.self).catch(() => undefined);
  if (now !== dir.abs) {
    throw new AnchorError(`the folder ${dir.rel} was moved or removed during the operation (it is now ${now ?? 'gone'})`);
  }
}

/** lstat of an entry of the folder (the entry itself, never what a symlink points to). */
export function lstatIn(dir: AnchoredDir, name: string): Promise<Stats | undefined> {
  return lstat(dir.at(name)).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return undefined;
    throw err;
  });
}

/** `data` is undefined when the file is larger than the caller's cap. */
export type ReadResult = { kind: 'file'; data?: Buffer; stat: Stats } | { kind: 'missing' } | { kind: 'other'; what: string };

/**
 * Reads a regular file of the folder, or says what else is there. Never follows a symlink (one is
 * `other`), never blocks on a FIFO or a device (O_NONBLOCK, then fstat decides before any read).
 */
export async function readRegularIn(dir: AnchoredDir, name: string, maxBytes = Infinity): Promise<ReadResult> {
  let fh: FileHandle;
  try {
    fh = await open(dir.at(name), C.O_RDONLY | C.O_NOFOLLOW | C.O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing' };
    if (code === 'ELOOP' || code === 'EMLINK') return { kind: 'other', what: 'a symlink' };
    if (code === 'ENXIO') return { kind: 'other', what: 'a socket or device' };
    throw err;
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) return { kind: 'other', what: kindOf(st) };
    if (st.size > maxBytes) return { kind: 'file', stat: st };
    return { kind: 'file', data: await fh.readFile(), stat: st };
  } finally {
    await fh.close();
  }
}

export function kindOf(st: Stats): string {
  if (st.isFile()) return 'a regular file';
  if (st.isDirectory()) return 'a folder';
  if (st.isSymbolicLink()) return 'a symlink';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isSocket()) return 'a socket';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * Replaces (or creates) `name` in the folder with `data`: a temp file beside it, fsynced, renamed
 * over the name. The entry is replaced, never written through — a symlink is replaced by the file,
 * a hard link's other names keep their content. `mode` defaults to 0666 & ~umask.
 */
export async function replaceFileIn(dir: AnchoredDir, name: string, data: string | Uint8Array, mode?: number): Promise<void> {
  checkName(name);
  // Short enough for any name (255 bytes at most even for multi-byte characters), and hidden.
  const tmpName = `.${name.slice(0, 40)}.codecoder-${randomBytes(6).toString('hex')}.tmp`;
  const tmp = dir.at(tmpName);
  const fh = await open(tmp, C.O_WRONLY | C.O_CREAT | C.O_EXCL | C.O_NOFOLLOW, 0o666);
  let renamed = false;
  try {
    try {
      await fh.writeFile(data);
      if (mode !== undefined) await fh.chmod(mode & 0o777);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, dir.at(name));
    renamed = true;
  } finally {
    if (!renamed) await unlink(tmp).catch(() => {});
  }
  await checkStillInPlace(dir);
}

/** Removes a non-folder entry (a symlink itself, never its target). */
export async function unlinkIn(dir: AnchoredDir, name: string): Promise<void> {
  await unlink(dir.at(name));
}

/**
 * Removes a folder and everything in it without ever leaving it: each sub-folder is opened with
 * O_NOFOLLOW from its parent's handle, so a sub-folder swapped for a symlink is unlinked as a link,
 * never descended into. Returns the number of entries removed below the folder.
 */
export async function removeTreeIn(dir: AnchoredDir, name: string): Promise<number> {
  const sub = await openChild(dir, name);
  let count = 0;
  try {
    for (const entry of await readdir(sub.self)) {
      const st = await lstatIn(sub, entry);
      if (!st) continue;
      if (st.isDirectory()) count += await removeTreeIn(sub, entry);
      else await unlinkIn(sub, entry);
      count++;
    }
  } finally {
    await sub.close();
  }
  await rmdir(dir.at(name));
  return count;
}

/** Opens a sub-folder of an anchored folder, never following a symlink. */
export async function openChild(dir: AnchoredDir, name: string): Promise<AnchoredDir> {
  checkName(name);
  const rel = dir.rel === '.' ? name : `${dir.rel}/${name}`;
  const abs = path.join(dir.abs, name);
  if (dir.self === dir.abs) {
    const st = await lstat(abs).catch(() => undefined);
    if (!st?.isDirectory()) throw new AnchorError(`${rel} is no longer a folder`);
    return anchored(rel, abs);
  }
  const fh = await open(dir.at(name), DIR_FLAGS).catch((e: NodeJS.ErrnoException) => {
    throw notADir(e, rel);
  });
  return anchored(rel, abs, fh);
}

/** Renames an entry between two anchored folders; neither end follows a symlink. */
export async function renameBetween(from: AnchoredDir, fromName: string, to: AnchoredDir, toName: string): Promise<void> {
  await rename(from.at(fromName), to.at(toName));
  await checkStillInPlace(from);
  await checkStillInPlace(to);
}
