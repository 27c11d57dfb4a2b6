/**
 * A test run leaves nothing in the temp dir. The machine's temp dir is shared with other runs, so a
 * run gets its own: `isolateTempDir()` makes a fresh folder in it and points TMPDIR there (for
 * os.tmpdir() in this process and every worker or child started after it). At the end,
 * `leaks(prefix)` names the `prefix*` entries the run left in it; `close()` removes the folder
 * whatever is left. Used by vitest's and Playwright's global setups, which fail the run on a leak.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export function isolateTempDir(name: string) {
  const previous = process.env.TMPDIR;
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  process.env.TMPDIR = dir;
  return {
    dir,
    leaks: (prefix: string): string[] => readdirSync(dir).filter((n) => n.startsWith(prefix)),
    close(): void {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/** The error for a run that left `left` (names in `dir`), or null. */
export function leakError(what: string, prefix: string, dir: string, left: string[]): Error | null {
  if (left.length === 0) return null;
  return new Error(
    `${what} left ${left.length} ${prefix}* entr${left.length === 1 ? 'y' : 'ies'} in its temp dir ` +
      `(make them with useTempDir() from main/core/fs/tempDir.testkit.ts):\n` +
      left.map((n) => `  ${path.join(dir, n)}`).join('\n'),
  );
}

/** Global-setup body: isolate, and return the teardown that fails the run on a leak. */
export function failOnTempLeaks(what: string, name: string, prefix: string): () => void {
  const run = isolateTempDir(name);
  return () => {
    const error = leakError(what, prefix, run.dir, run.leaks(prefix));
    run.close();
    if (error) {
      // Vitest prints an error thrown at teardown but still exits 0: set the code ourselves.
      process.exitCode = 1;
      throw error;
    }
  };
}
