/**
 * One writer at a time on a project's shadow repository, across processes (the app, `codecoder
 * checkpoints`, a second window): a lock file created exclusively, holding the owner's pid.
 *
 * Why not proper-lockfile (used for codecoder.json): its locks go stale only by age, so after the
 * app is killed mid-snapshot the next snapshot would wait out the stale time. Here a lock whose
 * process is gone is taken over at once; a lock whose pid is alive but whose file has not been
 * touched for `staleMs` (a reused pid) is taken over too. The owner touches the file while it holds it.
 *
 * Holding the lock also means no git of ours writes the shadow index: an `index.lock` left by a git
 * that was killed (a timeout, kill -9 of the app) is stale, and is removed on the way in.
 */
import { link, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface ShadowLockOptions {
  /** How long to wait for a live owner before giving up. */
  waitMs: number;
  /** A lock untouched for this long is stale even if its pid is alive (the pid was reused). */
  staleMs?: number;
}

export class ShadowLockBusy extends Error {
  override readonly name = 'ShadowLockBusy';
}

const DEFAULT_STALE_MS = 15_000;

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, owned by someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isStale(file: string, staleMs: number): Promise<boolean> {
  const [text, st] = await Promise.all([readFile(file, 'utf8').catch(() => null), stat(file).catch(() => null)]);
  if (text === null || st === null) return false; // gone meanwhile: just try again
  return !alive(Number(text.split('\n')[0])) || Date.now() - st.mtimeMs > staleMs;
}

/**
 * Runs `fn` holding `<dir>/shadow.lock`; removes a stale `index.lock` of `gitDir` first.
 * Throws ShadowLockBusy when another live process holds it for longer than `waitMs`.
 */
export async function withShadowLock<T>(dir: string, gitDir: string, opts: ShadowLockOptions, fn: () => Promise<T>): Promise<T> {
  const file = path.join(dir, 'shadow.lock');
  const staleMs = opts.staleMs ?? DEFAULT_STALE_MS;
  const giveUp = Date.now() + opts.waitMs;
  let delay = 5;
  // The lock appears whole or not at all: written aside, then linked into place (link fails if it exists).
  const mine = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  await writeFile(mine, `${process.pid}\n`, { mode: 0o600 });
  try {
    for (;;) {
      const got = await link(mine, file).then(
        () => true,
        (e: NodeJS.ErrnoException) => {
          if (e.code === 'EEXIST') return false;
          throw e;
        },
      );
      if (got) break;
      if (await isStale(file, staleMs)) {
        await rm(file, { force: true });
        continue;
      }
      if (Date.now() > giveUp) throw new ShadowLockBusy('another process is taking or restoring a checkpoint of this project');
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 100);
    }
  } finally {
    await rm(mine, { force: true });
  }
  // What a killed process left on its way in.
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const m = /^shadow\.lock\.(\d+)\.[a-z0-9]+$/.exec(name);
    if (m && !alive(Number(m[1]))) await rm(path.join(dir, name), { force: true });
  }
  const touch = setInterval(
    () => {
      const now = new Date();
      utimes(file, now, now).catch(() => {});
    },
    Math.max(1_000, Math.floor(staleMs / 3)),
  );
  touch.unref();
  try {
    await rm(path.join(gitDir, 'index.lock'), { force: true });
    return await fn();
  } finally {
    clearInterval(touch);
    await rm(file, { force: true });
  }
}
