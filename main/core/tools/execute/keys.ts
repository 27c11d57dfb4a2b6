import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { parse as shellParse } from 'shell-quote';
import { isProtectedPath, protectedInside, resolveInProject } from '../../fs/index.js';
import { commandPermission, type Permission } from '../../permissions/index.js';
import type { ToolPreview } from '../types.js';

export type CommandTool = 'run_command' | 'run_sandboxed' | 'run_container';

/**
 * The one mapping from a command to its key, for all three command tools: the shell classifier
 * decides program, subcommand and compound-ness; only the tool prefix differs
 * (`run_command:git`, `run_sandboxed:git`, `run_container:git`), so a grant for one environment
 * never covers another. Invalid input (unparseable, NUL, …) stays invalid and never runs.
 * `cwd` (the tool's argument) is what the command's file targets are relative to.
 *
 * The classifier reads names only; here the targets meet the project's files too: one that
 * resolves to a protected entry (`echo x > link` where `link -> .mcp.json`), and a folder deleted
 * or moved with a protected entry inside it (`rm -rf sub` holding `sub/.git`), make the key
 * protected, as a protected name does.
 */
export async function commandToolPermission(tool: CommandTool, command: string, projectRoot: string, cwd?: string): Promise<Permission> {
  const p = commandPermission(command, tool, cwd);
  if (p.kind !== 'ask' || !p.flags?.targets?.length || p.flags.protectedPath) return p;
  const folders = [cwd ?? '.', ...(p.flags.chdirs ?? []).filter((d): d is string => d !== null).map((d) => path.posix.join(cwd ?? '.', d))];
  for (const t of p.flags.targets) {
    for (const folder of folders) {
      const found = await protectedBehind(projectRoot, path.posix.join(folder, t.path), t.access);
      if (found) return { ...p, flags: { ...p.flags, protectedPath: true, notes: [found, ...(p.flags.notes ?? [])] } };
    }
  }
  return p;
}

/** Why `target` (project-relative or absolute) reaches a protected entry through the file system, if it does. */
async function protectedBehind(projectRoot: string, target: string, access: 'write' | 'delete' | 'move'): Promise<string | undefined> {
  const resolved = await resolveInProject(projectRoot, target).catch(() => undefined);
  if (!resolved?.inside) return undefined; // outside: not this list's business (and a name was read already)
  // A delete or move acts on a final symlink itself, unless a trailing slash follows it; a write goes through it.
  const follows = access === 'write' || /\/\.?$/.test(target);
  if (follows && isProtectedPath(resolved.rel)) return `${target} resolves to ${resolved.rel}, which is protected`;
  if (access === 'write') return undefined;
  const at = follows ? resolved.abs : path.resolve(projectRoot, target);
  const st = await lstat(at).catch(() => undefined);
  if (!st?.isDirectory()) return undefined;
  const inside = await protectedInside(at, target);
  if (!inside) return undefined;
  return 'found' in inside
    ? `${target} holds ${inside.found}, which is protected`
    : `${target} holds more than ${inside.tooMany} entries: whether it holds a protected one was not looked through`;
}

/**
 * What a command tool's prompt shows: the command as given and its words, read from the call's own
 * permission (the classifier ran once, in permission()). A simple command's words are the
 * classifier's literal argv; a compound command has no one argv, so shell-quote reads its words for
 * display (never a security decision).
 */
export async function commandPreview(command: string, permission: Permission): Promise<ToolPreview> {
  return { command, argv: permission.kind === 'ask' && permission.argv ? [...permission.argv] : displayWords(command) };
}

function displayWords(command: string): string[] {
  try {
    return shellParse(command).map((e) =>
      typeof e === 'string' ? e : 'op' in e ? String(e.op) : 'comment' in e ? `#${e.comment}` : JSON.stringify(e),
    );
  } catch {
    return [];
  }
}
