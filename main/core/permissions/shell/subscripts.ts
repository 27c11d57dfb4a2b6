/**
 * Array subscripts that bash evaluates as arithmetic, which expands `$(…)`, `${…}` and backquotes
 * inside them a second time: text the parser sees as a quoted literal still runs.
 *
 *   test -v 'a[$(id)]'      printf -v 'a[$(id)]' x     read 'a[$(id)]'      unset 'a[$(id)]'
 *   declare 'a[$(id)]=1'    [[ -v 'a[$(id)]' ]]       let 'x=a[$(id)]'     echo $(( 'a[$(id)]' ))
 *   x='a[$(id)]'; echo $((x))  (a variable's value is evaluated as an expression, subscripts too)
 *
 * Where the substitution sits in the subscript does not matter to bash: behind a nested subscript
 * (`a[b[0]$(id)]`), a quoted `]` (`a["]"$(id)]`) or an escaped one (`a[\]$(id)]`). So the test is
 * not a parse of the subscript but the plain fact: a `[` with a `$` or a backquote anywhere after
 * it, in text that may be read as a name or an expression.
 */
import type { Arg } from './options.js';
import { PRINTF, READ, WAIT } from './programs/builtinOptions.js';
import { readItems, type OptionTable } from './programs/optionTable.js';

/** Builtins that take variable NAMES as arguments (and evaluate a subscript in one). */
export const NAME_BUILTINS: ReadonlySet<string> = new Set([
  'test',
  '[',
  'printf',
  'read',
  'unset',
  'wait',
  'getopts',
  'mapfile',
  'readarray',
]);

/**
 * The arguments of a call that bash reads as variable names (null: computed at run time). Only
 * those: a printf format or a test string operand is never evaluated as a subscript. `name` is
 * the program's canonical name (programNames.ts `tableName`: `BASH`'s `read` is read). The
 * options are read with the builtin's table (builtinOptions.ts).
 */
export function nameOperands(name: string, argv: readonly Arg[]): Arg[] {
  if (!NAME_BUILTINS.has(name)) return [];
  const args = argv.slice(1);
  if (name === 'test' || name === '[') return args.filter((_, i) => i > 0 && (args[i - 1] === '-v' || args[i - 1] === '-R'));
  if (name === 'printf') return optionNames(PRINTF, argv, 'v', false);
  if (name === 'wait') return optionNames(WAIT, argv, 'p', false);
  if (name === 'read') return optionNames(READ, argv, 'a', true);
  // unset, getopts, mapfile, readarray: every argument may be a name.
  return args;
}

/**
 * The values of option `letter` (a name) in the builtin's options, read with its table, and with
 * `operands` its operands too. A word known only at run time where an option may stand could be
 * that option: null. After an option the table does not know (bash refuses the call, and the
 * rule makes it compound), every word left may be a name.
 */
function optionNames(table: OptionTable, argv: readonly Arg[], letter: string, operands: boolean): Arg[] {
  const r = readItems(table, argv, 1, String(argv[0]));
  const out: Arg[] = [];
  for (const it of r.items) {
    if (it.kind === 'short' && it.name === letter) out.push('value' in it && it.value !== undefined ? it.value : null);
    else if (it.kind === 'operand' && operands) out.push(it.value);
  }
  if (r.unknown && r.unknownAt !== undefined) out.push(...argv.slice(r.unknownAt));
  return out;
}

/** Text that runs code when bash evaluates it as a subscript: a `[`, then `$` or a backquote. */
export function hidesSubscriptCode(text: string): boolean {
  const open = text.indexOf('[');
  return open >= 0 && /[$`]/.test(text.slice(open + 1));
}

/** Text in an arithmetic context that still holds an expansion once its quotes are removed. */
export function hidesArithmeticCode(text: string): boolean {
  return /[$`]/.test(text);
}
