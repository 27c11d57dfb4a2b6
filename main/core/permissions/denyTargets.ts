/**
 * Deny rules on path keys meet the files a shell command names: a deny on `write_file:.env`
 * refuses `echo x > .env`, `tee .env`, `sed -i … .env`, `cp x .env`, as writing the file with
 * write_file would be refused. The classifier lists the targets it knows (shell/fileTargets.ts);
 * here each is resolved from the command's folder to a project-relative path (an absolute path
 * outside the project stays absolute, as in path keys) and looked up as the keys of the file tools
 * that do the same thing. A target not known before the command runs (`> "$f"`, a glob) is not
 * listed: the command is decided by its own key, as before.
 *
 * Each target is tried as written (normalised: `./.env`, `dir/../.env`, an absolute path into the
 * project are `.env`) and, when the file or its folder exists, through its real path, so a link
 * to a denied file is refused too. A command that changes folder first (`cd sub && echo x >
 * ../.env`) has its relative targets tried from each folder it names as well; when one is not
 * known (`cd "$d"`, `cd`, `cd -`, `env -C …`), from anywhere: every tail of the path is tried
 * (`../x/.env` as `x/.env` and `.env`).
 */
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { formatKey, keyGrammarOf } from './keyGrammar.js';
import type { DenySet } from './match.js';
import type { KeyFlags, PermissionKey, ToolFactsView } from './types.js';

type Access = NonNullable<KeyFlags['targets']>[number]['access'];

/** The accesses of a path tool a shell access meets: a move also removes its source, so a delete's deny rules count. */
const ACCESS_MEETS: Readonly<Record<Access, readonly Access[]>> = {
  write: ['write'],
  delete: ['delete'],
  move: ['move', 'delete'],
};

const VERB: Readonly<Record<Access, string>> = { write: 'writes', delete: 'deletes', move: 'moves' };

export interface DeniedTarget {
  /** The deny pattern. */
  entry: string;
  reason: string;
}

/** The deny rule a command's known file targets meet, if any. */
export function deniedTarget(
  deny: DenySet,
  projectRoot: string,
  p: { key: PermissionKey; flags?: KeyFlags },
  tools: Pick<ToolFactsView, 'toolsOfAccess'>,
): DeniedTarget | undefined {
  const targets = p.flags?.targets;
  if (!targets || targets.length === 0 || keyGrammarOf(p.key.tool) !== 'command') return undefined;
  const folders = foldersOf(p.flags?.cwd ?? '.', p.flags?.chdirs ?? []);
  for (const t of targets) {
    const actions = new Set(folders.known.flatMap((cwd) => actionsOf(projectRoot, cwd, t.path)));
    if (folders.unknown && !path.isAbsolute(t.path)) for (const tail of tailsOf(t.path)) actions.add(tail);
    for (const action of actions) {
      for (const tool of ACCESS_MEETS[t.access].flatMap((a) => tools.toolsOfAccess(a))) {
        const entry = deny.match({ key: formatKey(tool, action) });
        if (entry !== undefined)
          return { entry, reason: `refused by the deny rule "${entry}" in codecoder.json: the command ${VERB[t.access]} ${t.path}` };
      }
    }
  }
  return undefined;
}

/**
 * The folders (project-relative or absolute) relative targets may be relative to: the command's
 * own, each folder it changes to from there, and the chain of them in order.
 */
export function foldersOf(cwd: string, chdirs: readonly (string | null)[]): { known: string[]; unknown: boolean } {
  const known = new Set([cwd]);
  let chain = cwd;
  for (const d of chdirs) {
    if (d === null) return { known: [...known], unknown: true };
    known.add(path.isAbsolute(d) ? d : path.join(cwd, d));
    chain = path.isAbsolute(d) ? d : path.join(chain, d);
    known.add(chain);
  }
  return { known: [...known], unknown: false };
}

/** Every tail of a relative path, `..` and `.` segments dropped: `../x/.env` → `x/.env`, `.env`. */
function tailsOf(target: string): string[] {
  const parts = target.split('/').filter((s) => s !== '' && s !== '.' && s !== '..');
  return parts.map((_, i) => parts.slice(i).join('/'));
}

/** The key actions a target may be known by: lexical, then through real paths. */
export function actionsOf(projectRoot: string, cwd: string | undefined, target: string): string[] {
  // /proc/self/cwd/x is x in the command's folder (not this process's); /proc/self/root/x is /x.
  const proc = /^\/proc\/(?:self|thread-self|\d+)\/(cwd|root)(?:\/|$)(.*)$/s.exec(target);
  const unproc = proc ? (proc[1] === 'cwd' ? proc[2] || '.' : '/' + proc[2]) : target;
  const expanded = unproc === '~' || unproc.startsWith('~/') ? path.join(homedir(), unproc.slice(1)) : unproc;
  const abs = path.resolve(projectRoot, cwd ?? '.', expanded);
  const out = new Set([actionOf(projectRoot, abs)]);
  const real = realOf(abs);
  const realRoot = realOf(projectRoot);
  if (real !== undefined && realRoot !== undefined) out.add(actionOf(realRoot, real));
  return [...out];
}

function actionOf(root: string, abs: string): string {
  const rel = path.relative(root, abs);
  const inside = rel !== '' && rel !== '..' && !rel.startsWith('..' + path.sep) && !path.isAbsolute(rel);
  return (inside ? rel : abs).split(path.sep).join('/');
}

/** The real path of a file, or of its folder joined with its name when the file does not exist. */
function realOf(abs: string): string | undefined {
  try {
    return realpathSync(abs);
  } catch {
    try {
      return path.join(realpathSync(path.dirname(abs)), path.basename(abs));
    } catch {
      return undefined;
    }
  }
}
