/**
 * Whether the bundled `codecoder` CLI (out/cli/, built by scripts/build-cli.mjs) is current. Read by
 * bin/codecoder.mjs at every start, so it loads nothing but node:fs and node:path: a few hundred
 * stat calls against the list of files the bundle was built from.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_BUNDLE_DIR = path.join(repoRoot, 'out', 'cli');
/**
 * Written last by the build: `{ startedAt, entry, inputs, commands }` — every file the bundle was
 * built from (repo-relative), and for each subcommand the files its own bundle and the dispatcher's
 * were built from, so a start checks only what it will load.
 */
export const MANIFEST = 'manifest.json';

/**
 * The bundle's entry file when every file that `command`'s start loads (without one, or for one the
 * bundle does not know, every file) is unchanged since the build started; else null — no bundle, an
 * unreadable manifest, or a source edited, added to the build or removed since (an added file is
 * imported by an edited one). Then the caller runs the sources instead.
 */
export function freshBundle(dir = CLI_BUNDLE_DIR, root = repoRoot, command = undefined) {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST), 'utf8'));
  } catch {
    return null;
  }
  const { startedAt, entry, inputs, commands } = manifest ?? {};
  if (typeof startedAt !== 'number' || typeof entry !== 'string' || !Array.isArray(inputs) || inputs.length === 0) return null;
  const own = typeof command === 'string' && commands && Object.hasOwn(commands, command) ? commands[command] : undefined;
  const checked = Array.isArray(own) && own.length > 0 ? own : inputs;
  for (const rel of checked) {
    if (typeof rel !== 'string') return null;
    const st = statSync(path.join(root, rel), { throwIfNoEntry: false });
    if (!st || st.mtimeMs >= startedAt) return null;
  }
  return path.join(dir, entry);
}
