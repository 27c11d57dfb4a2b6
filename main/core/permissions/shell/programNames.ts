/**
 * The name under which a program's rules are looked up. A versioned or differently-cased spelling
 * runs the same interpreter or tool: `python3.12 -c`, `bash5 -c`, `perl5.36 -e`, `node20 -e`,
 * `gawk-5 'BEGIN{system(…)}'`, `clang-17 -wrapper`, and on case-insensitive file systems (macOS,
 * Windows) `BASH -c`. Such a spelling must meet the same rules as the plain name, or a grant for it
 * would cover inline code the plain name is never allowed to run silently. The key still names the
 * program as typed.
 */
import { handRule } from './programs/index.js';
import { PROGRAM_ALIASES, VERSIONED, withoutDebugSuffix } from './programs/spellings.js';

// Hand rules only: a spec of `python3` must not take the name from the hand rule of `python`.
const known = (n: string): boolean => handRule(n) !== undefined;

export function tableName(program: string): string {
  if (known(program)) return program;
  if (Object.prototype.hasOwnProperty.call(PROGRAM_ALIASES, program)) return PROGRAM_ALIASES[program]!;
  const forms = new Set<string>();
  for (const base of [program, program.toLowerCase()]) {
    const noExe = withoutDebugSuffix(base.replace(/\.exe$/i, ''));
    forms.add(noExe);
    // `python3.12` → the shortest known base (`python`), `bash-5.2` → `bash`, `ksh93` → `ksh`.
    const m = VERSIONED.exec(noExe);
    if (m) forms.add(m[1]!);
  }
  for (const f of forms) if (known(f)) return f;
  return program;
}
