/**
 * Files a command is known to write, delete or move, named literally in the command: the facts
 * deny rules on path keys meet (a deny on `write_file:.env` refuses `echo x > .env`; engine deny
 * step, permissions/denyTargets.ts).
 *
 * Known means literal: a redirection target, a file an option writes (effects: tee, sed -i, dd of=,
 * curl -o …), and the operands of the everyday file utilities below, which stay simple commands.
 * A target computed at run time (`> "$f"`, a glob, command output) is not known and is not listed:
 * such a command is matched by its key only, as before. Paths are as written, relative to the
 * command's working folder.
 */
import type { Arg } from './options.js';
import { readItems } from './programs/optionTable.js';
import { FILE_UTILITY_TABLES } from './programs/textOptions.js';

export type Access = 'write' | 'delete' | 'move';

export interface FileTarget {
  path: string;
  access: Access;
}

/** How a utility's operands are targets: SOURCE… DEST (or -t DIR SOURCE…), or each operand alike. */
interface Utility {
  kind: 'copy' | 'operands';
  access?: Access;
}

const UTILITIES: Readonly<Record<string, Utility>> = {
  cp: { kind: 'copy' },
  mv: { kind: 'copy' },
  ln: { kind: 'copy' },
  install: { kind: 'copy' },
  truncate: { kind: 'operands', access: 'write' },
  touch: { kind: 'operands', access: 'write' },
  shred: { kind: 'operands', access: 'write' },
  rm: { kind: 'operands', access: 'delete' },
  unlink: { kind: 'operands', access: 'delete' },
  rmdir: { kind: 'operands', access: 'delete' },
};

/** The files a call of `program` (its plain name) writes, deletes or moves through its operands. */
export function utilityTargets(program: string, argv: readonly Arg[]): FileTarget[] {
  const spec = Object.prototype.hasOwnProperty.call(UTILITIES, program) ? UTILITIES[program]! : undefined;
  if (!spec) return [];
  const { operands, options, targetDir } = scan(program, argv);
  const known = (a: Arg): a is string => a !== null && a !== '';
  if (spec.kind === 'operands') return operands.filter(known).map((path) => ({ path, access: spec.access! }));
  // cp / mv / ln / install: SOURCE… DEST, or -t DIR SOURCE…; DEST may be a folder, so DEST/base
  // of each source is written too. mv also moves each source away; ln with one operand links
  // it into the working folder. A link (ln, cp -l / -s) is a second name to write the source
  // through later, so the source counts as written.
  const out: FileTarget[] = [];
  const links = program === 'ln' || (program === 'cp' && ['l', 's', 'link', 'symbolic-link'].some((o) => options.has(o)));
  const sourceAccess: Access[] = program === 'mv' ? ['move'] : links ? ['write'] : [];
  if (program === 'install' && (options.has('d') || options.has('directory')))
    return operands.filter(known).map((path) => ({ path, access: 'write' }));
  let sources = operands;
  if (targetDir !== undefined) {
    for (const s of sources) if (known(s) && targetDir !== null) out.push({ path: join(targetDir, base(s)), access: 'write' });
  } else if (operands.length === 1 && program === 'ln') {
    if (known(operands[0]!)) out.push({ path: base(operands[0]!), access: 'write' });
  } else if (operands.length >= 2) {
    const dest = operands[operands.length - 1]!;
    sources = operands.slice(0, -1);
    if (known(dest)) {
      out.push({ path: dest, access: 'write' });
      for (const s of sources) if (known(s)) out.push({ path: join(dest, base(s)), access: 'write' });
    }
  }
  for (const a of sourceAccess) for (const s of sources) if (known(s)) out.push({ path: s, access: a });
  return out;
}

/**
 * A folder change that makes later relative targets relative to another folder: `cd`, `pushd`
 * (the folder when literal; null for none, `-`, `~…` or a computed one: unknown), `popd` (null),
 * and wrappers that run their command elsewhere (`env -C DIR`, `sudo -D DIR`: null).
 */
export function folderChange(program: string, argv: readonly Arg[]): { to: string | null } | undefined {
  if (program === 'popd') return { to: null };
  if (program === 'cd' || program === 'pushd') {
    const operands = argv.slice(1).filter((a) => a === null || !/^-[LPe@]+$/.test(a));
    const to = operands[0] === '--' ? operands[1] : operands[0];
    return { to: to === undefined || to === null || to === '-' || to.startsWith('~') || /^[+-]\d+$/.test(to) ? null : to };
  }
  const chdir = { env: /^(-[a-zA-Z]*C|--chdir)/, sudo: /^(-[a-zA-Z]*D|--chdir)/ }[program as 'env' | 'sudo'];
  if (chdir && argv.slice(1).some((a) => a === null || chdir.test(a))) return { to: null };
  return undefined;
}

/**
 * The utility's options and operands, read with its table (textOptions.ts; GNU getopt_long:
 * options among the operands, unique prefixes, `--`). An option the table does not know makes
 * the command compound (coreutils.ts); here the reading goes on past it as a flag, so a deny
 * rule still meets every operand that may be a target (`cp --frob x .env`).
 */
function scan(program: string, argv: readonly Arg[]): { operands: Arg[]; options: Set<string>; targetDir?: Arg } {
  const table = FILE_UTILITY_TABLES[program]!;
  const operands: Arg[] = [];
  const options = new Set<string>();
  let targetDir: Arg | undefined;
  for (let from = 1; from < argv.length; ) {
    const r = readItems(table, argv, from, program);
    for (const it of r.items) {
      if (it.kind === 'operand') operands.push(it.value);
      else if (it.kind === 'dynamic') operands.push(null);
      else {
        options.add(it.name);
        if (it.name === 't' || it.name === 'target-directory') targetDir = 'value' in it && it.value !== undefined ? it.value : null;
      }
    }
    // After `--` every word is an operand (readItems lists them from `rest`).
    if (!r.unknown || r.unknownAt === undefined) break;
    from = r.unknownAt + 1;
  }
  return targetDir === undefined ? { operands, options } : { operands, options, targetDir };
}

function base(p: string): string {
  const trimmed = p.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || trimmed;
}

function join(dir: string, name: string): string {
  return dir.endsWith('/') ? dir + name : `${dir}/${name}`;
}
