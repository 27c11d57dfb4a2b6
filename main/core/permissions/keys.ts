/**
 * Permission keys: parsing and formatting `tool:action`, and the builders tools use to turn their
 * arguments into a Permission (a shell command through the classifier, a path through realpath).
 */
import path from 'node:path';
import { isProtectedPath, mayNameProtectedEntry, PROTECTED_NAMES_TEXT, resolveInProject } from '../fs/index.js';
import { foldersOf } from './denyTargets.js';
import { classifyCommand } from './shell/index.js';
import { formatKey, parseKey } from './keyGrammar.js';
import type { KeyFlags, Permission } from './types.js';

export { formatKey, parseKey } from './keyGrammar.js';

/**
 * The Permission of a `run_command` call, from the shell classifier (never from string splitting).
 * `cwd`: the folder the command runs in, which its file targets are relative to.
 */
export function commandPermission(command: string, tool = 'run_command', cwd?: string): Permission {
  const c = classifyCommand(command);
  if (c.kind === 'invalid') return { kind: 'invalid', reason: c.reason };
  const key = parseKey(c.key);
  const targets = (flags: KeyFlags): KeyFlags => {
    if (c.targets && c.targets.length > 0) {
      flags.targets = c.targets.map((t) => ({ ...t }));
      if (cwd !== undefined) flags.cwd = cwd;
      if (c.chdirs && c.chdirs.length > 0) flags.chdirs = [...c.chdirs];
      // A command that names a protected file to write, delete or move asks every time, as
      // write_file does: a `run_command:cp` grant is no grant to overwrite codecoder.json.
      const folders = foldersOf(cwd ?? '.', c.chdirs ?? []).known;
      const hit = c.targets.find((t) => folders.some((f) => mayBeProtected(f, t.path, t.access)));
      if (hit) {
        flags.protectedPath = true;
        (flags.notes ??= []).unshift(
          `${hit.path} is or reaches a protected entry (${PROTECTED_NAMES_TEXT}): this command is never covered by an allowlist`,
        );
      }
    }
    return flags;
  };
  if (c.kind === 'simple') {
    const ref = c.subcommand === undefined ? { program: c.program } : { program: c.program, subcommand: c.subcommand };
    // What the package manager may run instead of a script (`pnpm bash`) follows, for deny rules.
    const flags: KeyFlags = { programs: [ref, ...(c.mayRun ?? []).map((p) => ({ ...p }))] };
    if (c.subcommand !== undefined) flags.subcommand = c.subcommand;
    if (c.notes && c.notes.length > 0) flags.notes = [...c.notes];
    return { kind: 'ask', key: key.tool === tool ? key : formatKey(tool, key.action), flags: targets(flags), argv: [...c.argv] };
  }
  const flags: KeyFlags = {
    compound: true,
    programs: c.programs.map((p) => ({ ...p })),
    notes: [c.reason, ...c.notes].filter((n) => n.length > 0),
  };
  return { kind: 'ask', key: key.tool === tool ? key : formatKey(tool, key.action), flags: targets(flags) };
}

/**
 * Whether a command's target may be a protected path (the one list, fs/protectedEntries.ts):
 * resolved from the command's folder, and by its names wherever it points (an absolute path, `..`
 * above the folder, a folder change), a glob included (`rm -rf .*`). A delete or move of the project
 * root or of anything above or beside it (`rm -rf .`, `rm -rf ../proj`, an absolute path) takes the
 * root's entries along, so it counts too.
 */
function mayBeProtected(cwd: string, target: string, access: 'write' | 'delete' | 'move'): boolean {
  const rel = path.posix.normalize(path.posix.join(cwd, target));
  if (isProtectedPath(rel) || mayNameProtectedEntry(target)) return true;
  if (access === 'write') return false;
  return rel === '.' || rel === './' || rel === '..' || rel.startsWith('../') || path.posix.isAbsolute(rel);
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/;

/**
 * The Permission of writing `p`: `write_file:<project-relative path>` after realpath. A path that
 * resolves outside the project gets the absolute path as action — a project-relative key never starts
 * with '/' (or a drive), so it can never equal an entry — and the outsideProject flag, which no
 * allowlist matches. Protected paths are flagged; no allowlist matches them either.
 */
export async function pathPermission(tool: string, projectRoot: string, p: string): Promise<Permission> {
  if (typeof p !== 'string' || p.length === 0) return { kind: 'invalid', reason: 'the path is empty' };
  if (p.includes('\0')) return { kind: 'invalid', reason: 'the path contains a NUL byte' };
  let resolved;
  try {
    resolved = await resolveInProject(projectRoot, p);
  } catch (err) {
    return { kind: 'invalid', reason: `cannot resolve ${JSON.stringify(p)}: ${(err as Error).message}` };
  }
  const notes: string[] = [];
  if (CONTROL.test(p)) notes.push('the path contains control or invisible characters');
  if (!resolved.inside) {
    return {
      kind: 'ask',
      key: formatKey(tool, resolved.abs),
      flags: { outsideProject: true, notes: [resolved.reason, ...notes] },
    };
  }
  if (resolved.rel === '.') return { kind: 'invalid', reason: 'the path is the project root itself, not a file' };
  const key = formatKey(tool, resolved.rel);
  if (isProtectedPath(resolved.rel)) {
    notes.unshift(
      `${resolved.rel} is protected: writing it could change the agent's own permissions, data or git hooks; it is never covered by an allowlist`,
    );
    return { kind: 'ask', key, flags: { protectedPath: true, notes } };
  }
  return notes.length ? { kind: 'ask', key, flags: { notes } } : { kind: 'ask', key };
}
