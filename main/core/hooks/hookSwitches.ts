/**
 * Which hooks the user turned off (the Hooks section's switch): `<data dir>/hooks-state.json`,
 * `{ "disabled": ["<hook id>", …] }`, 0600, written atomically. A project hook's id includes its
 * folder, so turning it off in one project does not turn it off in another. An unreadable file
 * turns nothing off (a switch is the user's convenience, never a way for a hook to escape).
 */
import { readFileSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const HOOK_SWITCHES_FILE = 'hooks-state.json';

export class HookSwitches {
  readonly file: string;
  private cache: { stamp: string; disabled: Set<string> } | undefined;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, HOOK_SWITCHES_FILE);
  }

  isEnabled(id: string): boolean {
    return !this.disabled().has(id);
  }

  async setEnabled(id: string, enabled: boolean): Promise<void> {
    const next = new Set(this.disabled());
    if (enabled) next.delete(id);
    else next.add(id);
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, `${JSON.stringify({ disabled: [...next].sort() }, null, 2)}\n`, { mode: 0o600 });
    await rename(tmp, this.file);
    this.cache = undefined;
  }

  private disabled(): Set<string> {
    let stamp: string;
    try {
      const st = statSync(this.file);
      stamp = `${st.size}:${st.mtimeMs}:${st.ino}`;
    } catch {
      return new Set();
    }
    if (this.cache?.stamp === stamp) return this.cache.disabled;
    let disabled = new Set<string>();
    try {
      const doc = JSON.parse(readFileSync(this.file, 'utf8')) as { disabled?: unknown };
      if (Array.isArray(doc.disabled)) disabled = new Set(doc.disabled.filter((x): x is string => typeof x === 'string'));
    } catch {
      // Unreadable: nothing is turned off.
    }
    this.cache = { stamp, disabled };
    return disabled;
  }
}
