/**
 * The name under which a program's rules are looked up. A versioned or differently-cased spelling
 * runs the same interpreter or tool: `python3.12 -c`, `bash5 -c`, `perl5.36 -e`, `node20 -e`,
 * `gawk-5 'BEGIN{system(…)}'`, `clang-17 -wrapper`, and on case-insensitive file systems (macOS,
 * Windows) `BASH -c`. Such a spelling must meet the same rules as the plain name, or a grant for it
 * would cover inline code the plain name is never allowed to run silently. The key still names the
 * program as typed.
 */
import { hasDangerousTable } from './dangerousArgs.js';
import { hasSubcommands } from './subcommands.js';
import { isWrapper } from './wrappers.js';

const known = (n: string): boolean => isWrapper(n) || hasDangerousTable(n) || hasSubcommands(n);

/**
 * Other names a package installs for the same program: pnpm 11 ships `pn` (bin/pnpm.mjs, pnpm
 * itself) and `pnx` (bin/pnpx.mjs, which is `pnpm dlx`), as pnpm 12 does.
 */
const ALIASES: Readonly<Record<string, string>> = { pn: 'pnpm', pnx: 'pnpx' };

/** `python3.12` → `python3`? no: the shortest known base (`python`), `bash-5.2` → `bash`, `ksh93` → `ksh`. */
const VERSION_SUFFIX = /^(.*?[A-Za-z+])[-_.]?v?[0-9]+(?:[._-][0-9]+)*[a-z]?$/;

export function tableName(program: string): string {
  if (known(program)) return program;
  if (Object.prototype.hasOwnProperty.call(ALIASES, program)) return ALIASES[program]!;
  const forms = new Set<string>();
  for (const base of [program, program.toLowerCase()]) {
    const noExe = base.replace(/\.exe$/i, '');
    forms.add(noExe);
    const m = VERSION_SUFFIX.exec(noExe);
    if (m) forms.add(m[1]!);
  }
  for (const f of forms) if (known(f)) return f;
  return program;
}
