/**
 * The user's own hooks: `<data dir>/hooks.json`, `{ "hooks": { "PreToolUse": [...], … } }` — the
 * same shape as a Claude Code settings file's hooks section. Read through a cache keyed on the
 * file's size and mtime (a check per tool call is one stat); written by the Settings UI with an
 * atomic rename, 0600.
 */
import { readFileSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readHooks } from './declarations.js';
import { HookError } from './errors.js';
import type { HookEvent } from './types.js';

export const USER_HOOKS_FILE = 'hooks.json';
const MAX_BYTES = 1024 * 1024;

/** The file's `"hooks"` value, or why it cannot be read (then PreToolUse asks until it is fixed). */
export interface HookFileRead {
  value?: unknown;
  error?: string;
}

export class UserHooksFile {
  readonly file: string;
  private cache: { stamp: string; read: HookFileRead } | undefined;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, USER_HOOKS_FILE);
  }

  read(): HookFileRead {
    let stamp: string;
    try {
      const st = statSync(this.file);
      if (!st.isFile()) return { error: `${USER_HOOKS_FILE} is not a regular file` };
      if (st.size > MAX_BYTES) return { error: `${USER_HOOKS_FILE} is larger than ${MAX_BYTES} bytes` };
      stamp = `${st.size}:${st.mtimeMs}:${st.ino}`;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      return { error: `${USER_HOOKS_FILE} cannot be read: ${(err as Error).message}` };
    }
    if (this.cache?.stamp === stamp) return this.cache.read;
    const read = parse(this.file);
    this.cache = { stamp, read };
    return read;
  }

  /** Adds one matcher group under `event` (the Hooks section's form). The group must read cleanly on its own. */
  async add(event: HookEvent, group: Record<string, unknown>): Promise<void> {
    const alone = readHooks({ [event]: [group] }, 'user');
    if (alone.problems.length) throw new HookError(alone.problems.map((p) => `${p.at}: ${p.message}`).join('; '));
    const hooks = this.current();
    hooks[event] = [...(Array.isArray(hooks[event]) ? (hooks[event] as unknown[]) : []), group];
    await this.write(hooks);
  }

  /** Removes the hook declared at `at` (`PreToolUse[0].hooks[1]`), and its group or event when left empty. */
  async remove(at: string): Promise<void> {
    const m = /^([A-Za-z]+)\[(\d+)\]\.hooks\[(\d+)\]$/.exec(at);
    const hooks = this.current();
    const groups = m ? hooks[m[1]!] : undefined;
    const group = Array.isArray(groups) ? (groups[Number(m![2])] as { hooks?: unknown } | undefined) : undefined;
    if (!m || !group || !Array.isArray(group.hooks) || Number(m[3]) >= group.hooks.length)
      throw new HookError(`no hook at ${at} in ${USER_HOOKS_FILE}`);
    group.hooks.splice(Number(m[3]), 1);
    if (group.hooks.length === 0) (groups as unknown[]).splice(Number(m[2]), 1);
    if ((groups as unknown[]).length === 0) delete hooks[m[1]!];
    await this.write(hooks);
  }

  /** A copy of the file's `"hooks"` object to change (refused while the file cannot be read). */
  private current(): Record<string, unknown> {
    const r = this.read();
    if (r.error) throw new HookError(`${r.error}: fix it by hand first`);
    if (r.value === undefined) return {};
    if (typeof r.value !== 'object' || r.value === null || Array.isArray(r.value))
      throw new HookError(`"hooks" in ${USER_HOOKS_FILE} is not an object: fix it by hand first`);
    return structuredClone(r.value) as Record<string, unknown>;
  }

  /** Replaces the `"hooks"` value, keeping any other field of the file. */
  private async write(hooks: Record<string, unknown>): Promise<void> {
    const current = this.read();
    if (current.error) throw new Error(`${current.error}: fix it by hand first`);
    let doc: Record<string, unknown> = {};
    try {
      doc = JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, unknown>;
    } catch {
      doc = {};
    }
    const next = { ...doc, hooks };
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(tmp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    await rename(tmp, this.file);
    this.cache = undefined;
  }
}

function parse(file: string): HookFileRead {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return { error: `${USER_HOOKS_FILE} is not valid JSON: ${(err as Error).message}` };
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return { error: `${USER_HOOKS_FILE} must hold a JSON object` };
  return { value: (doc as { hooks?: unknown }).hooks };
}
