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

export type Access = 'write' | 'delete' | 'move';

export interface FileTarget {
  path: string;
  access: Access;
}

interface UtilitySpec {
  /** Short options that take a value (the next word when not attached). */
  short: string;
  /** Long options that take a value when not given with `=`. */
  long: string[];
  kind: 'copy' | 'operands';
  access?: Access;
}

const COPY_SHORT = 'St';
const UTILITIES: Record<string, UtilitySpec> = {
  cp: { short: COPY_SHORT, long: ['target-directory', 'suffix'], kind: 'copy' },
  mv: { short: COPY_SHORT, long: ['target-directory', 'suffix'], kind: 'copy' },
  ln: { short: COPY_SHORT, long: ['target-directory', 'suffix'], kind: 'copy' },
  install: { short: 'gmoStZ', long: ['group', 'mode', 'owner', 'target-directory', 'suffix', 'strip-program'], kind: 'copy' },
  truncate: { short: 'sr', long: ['size', 'reference'], kind: 'operands', access: 'write' },
  touch: { short: 'drt', long: ['date', 'reference'], kind: 'operands', access: 'write' },
  shred: { short: 'ns', long: ['iterations', 'size', 'random-source'], kind: 'operands', access: 'write' },
  rm: { short: '', long: [], kind: 'operands', access: 'delete' },
  unlink: { short: '', long: [], kind: 'operands', access: 'delete' },
  rmdir: { short: '', long: [], kind: 'operands', access: 'delete' },
};

/** The files a call of `program` (its plain name) writes, deletes or moves through its operands. */
export function utilityTargets(program: string, argv: readonly Arg[]): FileTarget[] {
  const spec = Object.prototype.hasOwnProperty.call(UTILITIES, program) ? UTILITIES[program]! : undefined;
  if (!spec) return [];
  const { operands, letters, targetDir } = scan(argv.slice(1), spec);
  const known = (a: Arg): a is string => a !== null && a !== '';
  if (spec.kind === 'operands') return operands.filter(known).map((path) => ({ path, access: spec.access! }));
  // cp / mv / ln / install: SOURCE… DEST, or -t DIR SOURCE…; DEST may be a folder, so DEST/base
  // of each source is written too. mv also moves each source away; ln with one operand links
  // it into the working folder. A link (ln, cp -l / -s) is a second name to write the source
  // through later, so the source counts as written.
  const out: FileTarget[] = [];
  const links =
    program === 'ln' ||
    (program === 'cp' && (letters.includes('l') || letters.includes('s') || argv.includes('--link') || argv.includes('--symbolic-link')));
  const sourceAccess: Access[] = program === 'mv' ? ['move'] : links ? ['write'] : [];
  if (program === 'install' && letters.includes('d')) return operands.filter(known).map((path) => ({ path, access: 'write' }));
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

/** GNU option scan (options may follow operands until `--`). */
function scan(args: readonly Arg[], spec: UtilitySpec): { operands: Arg[]; letters: string[]; targetDir?: Arg } {
  const operands: Arg[] = [];
  const letters: string[] = [];
  let targetDir: Arg | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === null || a === '-' || !a.startsWith('-')) {
      operands.push(a);
      continue;
    }
    if (a === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = a.slice(2, eq < 0 ? undefined : eq);
      const value = eq >= 0 ? a.slice(eq + 1) : spec.long.includes(name) ? (args[++i] ?? null) : undefined;
      if (name === 'target-directory') targetDir = value ?? null;
      continue;
    }
    for (let j = 1; j < a.length; j++) {
      const c = a[j]!;
      letters.push(c);
      if (!spec.short.includes(c)) continue;
      const value = j + 1 < a.length ? a.slice(j + 1) : (args[++i] ?? null);
      if (c === 't' && spec.kind === 'copy') targetDir = value;
      break;
    }
  }
  return targetDir === undefined ? { operands, letters } : { operands, letters, targetDir };
}

function base(p: string): string {
  const trimmed = p.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1) || trimmed;
}

function join(dir: string, name: string): string {
  return dir.endsWith('/') ? dir + name : `${dir}/${name}`;
}
