/**
 * The other spellings of a program: a versioned name (`python3.12`, `bash-5.2`, `node20`), another
 * case (`BASH` on a case-insensitive file system), a Windows `.exe`, or a second name the package
 * installs (`pn` is pnpm). Shared by the classifier (programNames.ts: whose rules apply) and the deny
 * matcher (match.ts: which deny rules name the program). No dependencies, so matching stays light.
 */

/**
 * Other names a package installs for the same program: pnpm 11 ships `pn` (bin/pnpm.mjs, pnpm
 * itself) and `pnx` (bin/pnpx.mjs, which is `pnpm dlx`), as pnpm 12 does.
 */
export const PROGRAM_ALIASES: Readonly<Record<string, string>> = {
  pn: 'pnpm',
  pnx: 'pnpx',
  // Debian's vim packages install the editor under these names (update-alternatives links vi/vim to them).
  'vim.basic': 'vim',
  'vim.tiny': 'vim',
  'vim.nox': 'vim',
  'vim.gtk': 'vim',
  'vim.gtk3': 'vim',
  'vim.athena': 'vim',
  'vim.motif': 'vim',
  'nvim.appimage': 'nvim',
  // vim's own other names (its Makefile links them to the one binary; `:help starting`): restricted,
  // easy-mode and GUI starts of the same editor, so `-c` runs ex commands in every one of them.
  rview: 'vim',
  rgview: 'vim',
  gview: 'vim',
  evim: 'vim',
  eview: 'vim',
  rgvim: 'vim',
  vimx: 'vim',
  gvimdiff: 'vimdiff',
  // OpenSSH installs slogin as a link to ssh; Debian's c89/c99 run gcc with the arguments given
  // (POSIX c99 utility, so `-wrapper` works there too); original-awk is the one true awk.
  slogin: 'ssh',
  c89: 'cc',
  c99: 'cc',
  'original-awk': 'awk',
};

/**
 * Package runner front ends and the long form each one is: `npx` is `npm exec` (npm's
 * bin/npx-cli.js), `pnpx` is `pnpm dlx` (pnpm's bin/pnpx), `bunx` is `bun x` (bun's bunx_command).
 */
export const FRONT_ENDS: Readonly<Record<string, { program: string; subcommand: string }>> = {
  npx: { program: 'npm', subcommand: 'exec' },
  pnpx: { program: 'pnpm', subcommand: 'dlx' },
  bunx: { program: 'bun', subcommand: 'x' },
};

/**
 * Debian's debug builds of an interpreter take the same options under a `-dbg` name
 * (`python3-dbg`, `python3.11-dbg`): the name without the suffix.
 */
export function withoutDebugSuffix(name: string): string {
  return name.replace(/-dbg$/, '');
}

/**
 * A name, then a version: the shortest base ending in a letter or '+', then the first version part
 * (`3`, `-5`, `v20`), further parts each after a separator (`.12`, `-1`), and an optional letter
 * (`ksh93u`). `python3.12` → `python` + `3` `.12`; `g++-12` → `g++` + `-12`.
 */
export const VERSIONED = /^(.*?[A-Za-z+])([-_.]?v?[0-9]+(?:[._-][0-9]+)*)([a-z]?)$/;
const VERSION_PART = /^[-_.]?v?[0-9]+|[._-][0-9]+/g;

function hasOwn(o: object, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

/** A deny rule's program as it is compared: lower case, without `.exe`, a second name as the first. */
export function denyRuleProgram(program: string): string {
  const n = program.toLowerCase().replace(/\.exe$/, '');
  return hasOwn(PROGRAM_ALIASES, n) ? PROGRAM_ALIASES[n]! : n;
}

/**
 * Every name a deny rule may use for this program word: its base name (a program run by path counts
 * by its file name) in lower case and without `.exe`, each shorter version of it (`python3.12` →
 * `python3.12`, `python3`, `python`; `bash-5.2` → `bash-5`, `bash`), and the name of the package's
 * program for a second name (`pn` → `pnpm`). Only ever drops a version or maps a second name, so a
 * rule on `python3` does not refuse `python2`; a rule on `python` refuses every python.
 */
export function denyNames(program: string): readonly string[] {
  // Deny matching runs on every decision and program words repeat: remember the last few thousand.
  let names = cache.get(program);
  if (names === undefined) {
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(program, (names = Object.freeze(spellings(program))));
  }
  return names;
}

const CACHE_SIZE = 4096;
const cache = new Map<string, readonly string[]>();

function spellings(program: string): string[] {
  const path = program.replace(/\\/g, '/').replace(/\/+$/, '');
  const base = path
    .slice(path.lastIndexOf('/') + 1)
    .toLowerCase()
    .replace(/\.exe$/, '');
  const out = [base];
  const build = withoutDebugSuffix(base);
  if (build !== base) out.push(build);
  const m = VERSIONED.exec(build);
  if (m) {
    let name = m[1]!;
    out.push(name);
    for (const part of m[2]!.match(VERSION_PART) ?? []) {
      name += part;
      if (name !== build) out.push(name);
    }
  }
  for (const n of out) if (hasOwn(PROGRAM_ALIASES, n)) return [...out, PROGRAM_ALIASES[n]!];
  return out;
}
