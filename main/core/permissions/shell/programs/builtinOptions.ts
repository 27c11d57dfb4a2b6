/**
 * The option tables of bash's builtins (optionTable.ts's compact spec), from bash 5.2's `help NAME`
 * and its builtins' sources (builtins/*.def): each builtin reads its options with bash's
 * internal_getopt, which takes clusters (`-rs`), values attached or in the next word (`-d,`,
 * `-d ,`), `--` and `--help`, and stops at the first operand (`read x -r` names a variable `-r`):
 * `stopAtOperand`. No builtin has long options but `--help`. An option a table does not list is
 * unknown (bash refuses it), so the command is compound.
 *
 * `test`/`[` read an expression, not options: `TEST_UNARY`/`TEST_BINARY` are its operators and
 * `testExpression` reads it. subscripts.ts reads the variable names these builtins take (printf
 * -v, read -a and its operands, wait -p) from the same tables' items.
 */
import type { Arg } from '../options.js';
import { optionTable, type OptionTable } from './optionTable.js';

const BUILTIN = { stopAtOperand: true } as const;

/** `read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]`. */
export const READ = optionTable({ ...BUILTIN, options: 'a|= d|= e| E| i|= n|= N|= p|= r| s| t|= u|= help' });
/** `printf [-v var] format [arguments]`: the format is the first operand (`printf -- -x`). */
export const PRINTF = optionTable({ ...BUILTIN, options: 'v|= help' });
/** `unset [-f] [-v] [-n] [name ...]`. */
const UNSET = optionTable({ ...BUILTIN, options: 'f| v| n| help' });
/** `wait [-fn] [-p var] [id ...]`. */
export const WAIT = optionTable({ ...BUILTIN, options: 'f| n| p|= help' });
/** `getopts optstring name [arg ...]`: no option but `--help` (getopts.def: internal_getopt with ""). */
const GETOPTS = optionTable({ ...BUILTIN, options: 'help' });
/**
 * `history [-c] [-d offset] [n]`, `history -anrw [filename]`, `history -ps arg [arg...]`: the file
 * of -a/-n/-r/-w is an operand, not the option's value (history.def: "acd:npsrw").
 */
export const HISTORY = optionTable({ ...BUILTIN, options: 'a| c| d|= n| p| r| s| w| help' });

/** bash's builtins that run a callback or expand words (bash(1), "SHELL BUILTIN COMMANDS"): their options. */
const MAPFILE = optionTable({ options: 'd|= n|= O|= s|= t| u|= C|= c|=' });
const COMPLETE = optionTable({
  options: 'a| b| c| d| e| f| g| j| k| s| u| v| o|= A|= G|= W|= F|= C|= X|= P|= S|= p| r| D| E| I|',
});
const BIND = optionTable({ options: 'm|= l| p| s| v| P| S| V| X| f|= q|= u|= r|= x|=' });
const HASH = optionTable({ options: 'l| r| p|= d| t|' });

/** The option tables of the builtins read as options (test and `[` read an expression: testExpression). */
export const BUILTIN_TABLES: Readonly<Record<string, OptionTable>> = {
  read: READ,
  printf: PRINTF,
  unset: UNSET,
  wait: WAIT,
  getopts: GETOPTS,
  history: HISTORY,
  mapfile: MAPFILE,
  readarray: MAPFILE,
  compgen: COMPLETE,
  complete: COMPLETE,
  bind: BIND,
  hash: HASH,
};

/** test's unary operators (`help test`): each takes the next word as its operand. */
const TEST_UNARY = new Set('a b c d e f g h L k p r s S t u w x O G N z n o v R'.split(' ').map((c) => `-${c}`));
/** test's binary operators, and `-a`/`-o` joining two expressions. */
const TEST_BINARY = new Set(['=', '==', '!=', '<', '>', '-eq', '-ne', '-lt', '-le', '-gt', '-ge', '-ef', '-nt', '-ot', '-a', '-o']);

/**
 * Reads test's expression (argv[from..], without `[`'s closing `]`): where a term may start, `!`,
 * `(`, a unary operator and its operand, or any word as a string; after a term, `)`, a binary
 * operator and its right operand, or `-a`/`-o` and another term. Returns the index of the first
 * word that is none of these (a word test does not understand, or one known only at run time
 * where an operator stands: it could be `-v`), or undefined. One word alone is a string.
 */
export function testExpression(argv: readonly Arg[], from: number, to = argv.length): number | undefined {
  if (to - from <= 1) return undefined;
  let term = true;
  for (let i = from; i < to; i++) {
    const w = argv[i]!;
    if (term) {
      if (w === '!' || w === '(') continue;
      if (w !== null && TEST_UNARY.has(w) && i + 1 < to) i++;
      term = false;
      continue;
    }
    if (w === ')') continue;
    if (w === null || !TEST_BINARY.has(w)) return i;
    if (w === '-a' || w === '-o') term = true;
    else i++;
  }
  return undefined;
}
