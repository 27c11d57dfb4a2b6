/**
 * The shapes the option reader (programs/optionTable.ts, the classifier's one reader) works with: a
 * word of argv, an option or operand as read (`OptItem`, what `readItems` returns), and the
 * grammar a program's global options are declared in (`OptionGrammar`, compiled into a table by
 * programs/globals.ts). Nothing here reads argv: an option a table does not know is compound there.
 */

/** A word of argv: its literal value, or null when it is only known at run time. */
export type Arg = string | null;

export interface OptionGrammar {
  /** Short options that take a value (attached `-ofile` or the next word). */
  shortValue?: string;
  /** Short options whose value is optional and can only be attached (`-i.bak`). */
  shortOptional?: string;
  /** Long options (without dashes) that take a value (`--x=v` or `--x v`). */
  longValue?: readonly string[];
  /** Long options whose value is optional and only given with `=`. */
  longOptional?: readonly string[];
  /** Long options written with ONE dash (`-exec`, `-toolexec`): go, find, java. */
  singleDashLong?: boolean;
  /** Options end at the first operand (POSIX; wrappers like sudo, env, nice). */
  stopAtOperand?: boolean;
  /** Long options are never abbreviated by this program (exact names only). */
  noAbbrev?: boolean;
}

export type OptItem =
  | { kind: 'short'; name: string; value?: Arg; word: number }
  | { kind: 'long'; name: string; value?: Arg; word: number }
  | { kind: 'operand'; value: Arg; word: number }
  | { kind: 'dynamic'; word: number };

/** The long option of `dangerous` that `given` names, unless `given` is exactly one of the program's own `safe` options. */
export function matchDangerousLong(given: string, dangerous: readonly string[], safe: readonly string[] = []): string | undefined {
  if (safe.includes(given)) return undefined;
  for (const d of dangerous) if (d === given) return d;
  if (given.length < 2) return undefined;
  for (const d of dangerous) if (d.startsWith(given)) return d;
  return undefined;
}
