import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { parse as shellParse } from 'shell-quote';
import type { PendingApprovalView } from '../../../shared/contract/index.js';
import { openProjectDir, readRegularIn, resolveInProject } from '../fs/index.js';
import { classifyCommand } from '../permissions/index.js';
import { deletePreview } from './deletePreview.js';

type Preview = NonNullable<PendingApprovalView['preview']>;
const MAX_PREVIEW_BYTES = 1024 * 1024;
const COMMAND_TOOLS = new Set(['run_command', 'run_sandboxed', 'run_container']);

/**
 * What the approval prompt shows beyond the key: the command and its words, or the diff a write
 * would make. Built from the validated arguments; never runs or writes anything.
 */
export async function buildPreview(tool: string, args: unknown, projectRoot: string): Promise<Preview | undefined> {
  const a = (args ?? {}) as Record<string, unknown>;
  if (COMMAND_TOOLS.has(tool) && typeof a.command === 'string') return { command: a.command, argv: commandWords(a.command) };
  if (tool === 'write_file' && typeof a.path === 'string' && typeof a.content === 'string') {
    const before = await currentText(projectRoot, a.path);
    return { path: a.path, diff: patch(a.path, before ?? '', a.content, before === undefined) };
  }
  if (tool === 'edit_file' && typeof a.path === 'string' && typeof a.old_text === 'string' && typeof a.new_text === 'string') {
    const before = await currentText(projectRoot, a.path);
    if (before === undefined) return { path: a.path };
    const after =
      a.replace_all === true ? before.split(a.old_text).join(a.new_text) : before.replace(a.old_text, () => a.new_text as string);
    return { path: a.path, diff: patch(a.path, before, after, false) };
  }
  if (tool === 'delete_path' && typeof a.path === 'string') {
    const entry = await deletePreview(projectRoot, a.path);
    return { path: a.path, ...(entry ? { entry } : {}) };
  }
  if (tool === 'read_file' && typeof a.path === 'string') return { path: a.path };
  if (tool === 'move_path' && typeof a.from === 'string') return { path: a.from };
  return undefined;
}

/**
 * The words of a command for display: the classifier's literal argv for a simple command; for a
 * compound one, shell-quote's reading (display only — never a security decision).
 */
export function commandWords(command: string): string[] {
  const c = classifyCommand(command);
  if (c.kind === 'simple') return c.argv;
  try {
    return shellParse(command).map((e) =>
      typeof e === 'string' ? e : 'op' in e ? String(e.op) : 'comment' in e ? `#${e.comment}` : JSON.stringify(e),
    );
  } catch {
    return [];
  }
}

/**
 * The text a write would replace, or undefined. Read like the edit tools read (fs/anchored.ts): a
 * FIFO or device is never opened for data (the prompt must not hang), a file over the cap is not read.
 */
async function currentText(projectRoot: string, p: string): Promise<string | undefined> {
  const r = await resolveInProject(projectRoot, p).catch(() => undefined);
  if (!r?.inside || r.rel === '.') return undefined;
  try {
    const dir = await openProjectDir(projectRoot, path.posix.dirname(r.rel));
    try {
      const f = await readRegularIn(dir, path.posix.basename(r.rel), MAX_PREVIEW_BYTES);
      if (f.kind !== 'file' || !f.data || f.data.includes(0)) return undefined;
      return f.data.toString('utf8');
    } finally {
      await dir.close();
    }
  } catch {
    return undefined;
  }
}

function patch(p: string, before: string, after: string, created: boolean): string {
  return createTwoFilesPatch(created ? '/dev/null' : `a/${p}`, `b/${p}`, before, after, '', '', { context: 3 });
}
