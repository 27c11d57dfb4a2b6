/**
 * The help layer: programs with no hand rule whose options come from their own `--help`
 * (helpTables.ts, generated from the GNU and util-linux programs a Linux machine runs: cat, ls,
 * grep, head, cp, du, lsblk …). It sits between the hand rules and the spec library
 * (index.ts `programRule`), because the spec library describes the BSD flavours of these tools.
 *
 * A rule here is an allowlist with the default on top (rule.ts `OptionPolicy`): an option the
 * program's help does not list is compound, and noSpec.ts's checks hold for every argument (a path
 * outside the project, code by URL, an option named for running something). A program whose usage
 * names a command it runs (`runcon CONTEXT COMMAND`) is a wrapper; without a hand rule that reads
 * where its command starts, every call of it is compound (`#runs [ ? ]`).
 *
 * A program that only reads and prints (`READS_ONLY`) is marked `readsOnly`: whatever option words
 * a wildcard (`ls *.ts`) or a run-time word (`cat $F`) turns into, it still only reads files and
 * prints, so neither is read as a hidden option there (the key still pins the run-time word). For
 * every other program here (cp's `-t..`, rm's `-rf`, install's `--strip-program`) they are.
 * Rules are built on a program's first lookup and cached.
 */
import { exec } from '../effects.js';
import { opaque } from './kit.js';
import { HELP_TABLES, type HelpTable } from './helpTables.js';
import { optionTable, readOptions } from './optionTable.js';
import type { Check, ProgramRule } from './rule.js';

/**
 * Programs whose every option only selects what is read or how it is printed: none writes a file,
 * deletes, runs a program or changes the system (date --set, ptx's output operand and gzip's
 * files are why those are not here). Read from each program's manual: a program added here must
 * meet that (helpRules.test.ts checks each has a table and runs nothing).
 */
const READS_ONLY = new Set(
  `arch b2sum base32 basename cat cksum comm cut df dir dircolors dirname du expand factor fmt fold groups head hostid id
   join logname ls md5sum nl nproc numfmt od paste pathchk pinky pr printenv pwd readlink realpath sha1sum sha224sum
   sha256sum sha384sum sha512sum sleep stat sum tac tail tr tsort tty uname unexpand users vdir wc who whoami yes grep cmp
   zcat xzcat findmnt lsblk lscpu lsipc lslocks lsmem lsns namei rev whereis free pgrep pmap pwdx uptime vmstat pstree`.split(/\s+/),
);

/**
 * A word known only at run time, or a wildcard that would expand to option words (`ls -*`): a
 * reads-only program's table reads it as the operand it most likely is (see the file comment).
 */
const RUN_TIME = '\u0000run-time';
const expands = (w: string | null): boolean => w === null || (w.startsWith('-') && /[*?[]/.test(w));

const cache = new Map<string, ProgramRule | null>();

/** The help-layer rule of `name`, or undefined when no help table was generated for it. */
export function helpRule(name: string): ProgramRule | undefined {
  let r = cache.get(name);
  if (r === undefined) {
    r = Object.prototype.hasOwnProperty.call(HELP_TABLES, name) ? build(name, HELP_TABLES[name]!) : null;
    cache.set(name, r);
  }
  return r ?? undefined;
}

/** The programs the help layer has a table for, and those of them that only read (the tests). */
export function helpPrograms(): { all: string[]; readsOnly: string[] } {
  return { all: Object.keys(HELP_TABLES), readsOnly: [...READS_ONLY] };
}

/** For the bench: every help table's rule built afresh (the cache left alone), and the text they hold. */
export function compileAllHelpTables(): { rules: ProgramRule[]; text: string[] } {
  const names = Object.keys(HELP_TABLES);
  return { rules: names.map((n) => build(n, HELP_TABLES[n]!)), text: names.map((n) => HELP_TABLES[n]!.options) };
}

function build(name: string, t: HelpTable): ProgramRule {
  const table = optionTable({ options: t.options, abbrev: true, ...(t.numeric ? { numeric: true } : {}) });
  const readsOnly = READS_ONLY.has(name);
  const read: Check = readsOnly
    ? (argv) =>
        readOptions(
          table,
          argv.map((w, i) => (i > 0 && expands(w) ? RUN_TIME : w)),
          1,
          name,
        ).effects
    : (argv) => readOptions(table, argv, 1, name).effects;
  const check: Check = t.runs
    ? (argv, sub, p) => [...read(argv, sub, p), exec('runs', opaque(), `${name} runs a command it is given, and no rule reads which`)]
    : read;
  const rule: ProgramRule = { name, family: 'help', policy: { kind: 'allowlist', defaults: true, byName: true }, options: check, effects: check };
  if (readsOnly) rule.readsOnly = true;
  return rule;
}
