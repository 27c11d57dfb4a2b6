/**
 * The user's own hooks: `<data dir>/hooks.json`, `{ "hooks": { "PreToolUse": [...], … } }` — the
 * same shape as a Claude Code settings file's hooks section. Read through a cache keyed on the
 * file's size and mtime (a check per tool call is one stat); written by the Settings UI with an
 * atomic rename, 0600.
 */
import { readFileSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

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

  /** Replaces the `"hooks"` value (the Settings UI), keeping any other field of the file. */
  async write(hooks: Record<string, unknown>): Promise<void> {
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
