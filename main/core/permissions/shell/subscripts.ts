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

/** read's options that take a value that is not a name (-a takes a name). */
const READ_VALUES = 'dinNptu';

/**
 * The arguments of a call that bash reads as variable names (null: computed at run time). Only
 * those: a printf format or a test string operand is never evaluated as a subscript. `name` is
 * the program's canonical name (programNames.ts `tableName`: `BASH`'s `read` is read).
 */
export function nameOperands(name: string, argv: readonly Arg[]): Arg[] {
  if (!NAME_BUILTINS.has(name)) return [];
  const args = argv.slice(1);
  if (name === 'test' || name === '[') return args.filter((_, i) => i > 0 && (args[i - 1] === '-v' || args[i - 1] === '-R'));
  if (name === 'printf') return optionValues(args, 'v', '');
  if (name === 'wait') return optionValues(args, 'p', '');
  if (name === 'read') return [...optionValues(args, 'a', READ_VALUES), ...operandsAfterOptions(args, READ_VALUES + 'a')];
  // unset, getopts, mapfile, readarray: every argument may be a name.
  return args;
}

/**
 * Values of option letter `want` (attached or the next word) in the leading options; `valued`:
 * the other letters that take a value. A word computed at run time may be the option: null.
 */
function optionValues(args: readonly Arg[], want: string, valued: string): Arg[] {
  const out: Arg[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === null) {
      out.push(null);
      continue;
    }
    if (a === '--' || !a.startsWith('-') || a === '-') break;
    for (let j = 1; j < a.length; j++) {
      const c = a[j]!;
      if (c !== want && !valued.includes(c)) continue;
      const value = j + 1 < a.length ? a.slice(j + 1) : (args[++i] ?? null);
      if (c === want) out.push(value);
      break;
    }
  }
  return out;
}

/** read's name operands: the words after its options (skipping option values). */
function operandsAfterOptions(args: readonly Arg[], valued: string): Arg[] {
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a === null) return args.slice(i);
    if (a === '--') return args.slice(i + 1);
    if (!a.startsWith('-') || a === '-') break;
    for (let j = 1; j < a.length; j++) {
      if (valued.includes(a[j]!)) {
        if (j + 1 === a.length) i++;
        break;
      }
    }
  }
  return args.slice(i);
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
