/**
 * A getopt-style reading of a program's arguments, used to find subcommands, wrapped commands and
 * dangerous options in every spelling a program accepts: `-o file`, `-ofile`, clustered `-xvo file`,
 * `--output file`, `--output=file`, and GNU/git unique-prefix abbreviations (`--out=file`).
 *
 * Unknown options are read as flags (they consume no value). That can only make the classifier see
 * MORE options than the program does (a letter inside an unknown option's value is read as a flag),
 * which errs toward "compound", never toward "simple". For the same reason a value taken from the
 * next word is ALSO read as options when it starts with "-": a wrong table entry can then never
 * hide an option from the checks.
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

/**
 * Reads argv[from..] as options and operands. Stops after `--` (the rest are operands), and, when
 * `stopAtOperand`, at the first operand (the rest are returned as operands too).
 */
export function scanOptions(argv: readonly Arg[], from: number, g: OptionGrammar): OptItem[] {
  const items: OptItem[] = [];
  let onlyOperands = false;
  for (let i = from; i < argv.length; i++) {
    const w = argv[i];
    if (w === null || w === undefined) {
      items.push(onlyOperands ? { kind: 'operand', value: null, word: i } : { kind: 'dynamic', word: i });
      if (g.stopAtOperand) onlyOperands = true;
      continue;
    }
    if (onlyOperands || w === '-' || !w.startsWith('-')) {
      items.push({ kind: 'operand', value: w, word: i });
      if (g.stopAtOperand) onlyOperands = true;
      continue;
    }
    if (w === '--') {
      onlyOperands = true;
      continue;
    }
    if (w.startsWith('--') || g.singleDashLong) {
      const body = w.startsWith('--') ? w.slice(2) : w.slice(1);
      const eq = body.indexOf('=');
      const name = eq >= 0 ? body.slice(0, eq) : body;
      if (eq >= 0) {
        items.push({ kind: 'long', name, value: body.slice(eq + 1), word: i });
      } else if (longMatches(name, g.longValue ?? [], g.noAbbrev)) {
        items.push({ kind: 'long', name, value: i + 1 < argv.length ? (argv[i + 1] ?? null) : null, word: i });
        i = skipValue(argv, i);
      } else {
        items.push({ kind: 'long', name, word: i });
      }
      continue;
    }
    // A cluster of short options: -abc, -ofile, -xvf archive.
    for (let j = 1; j < w.length; j++) {
      const letter = w[j]!;
      const rest = w.slice(j + 1);
      if (g.shortValue?.includes(letter)) {
        if (rest !== '') items.push({ kind: 'short', name: letter, value: rest, word: i });
        else {
          items.push({ kind: 'short', name: letter, value: i + 1 < argv.length ? (argv[i + 1] ?? null) : null, word: i });
          i = skipValue(argv, i);
        }
        break;
      }
      if (g.shortOptional?.includes(letter)) {
        items.push(rest !== '' ? { kind: 'short', name: letter, value: rest, word: i } : { kind: 'short', name: letter, word: i });
        break;
      }
      items.push({ kind: 'short', name: letter, word: i });
    }
  }
  return items;
}

/** Index of the last word consumed by an option at `i` whose value is the next word. */
function skipValue(argv: readonly Arg[], i: number): number {
  const next = argv[i + 1];
  return typeof next === 'string' && next.startsWith('-') && next !== '-' ? i : i + 1;
}

/** True when `given` names `option`: exactly, or as an abbreviation git/getopt_long would accept. */
export function longMatches(given: string, options: readonly string[], noAbbrev?: boolean): boolean {
  for (const o of options) if (o === given || (!noAbbrev && given.length >= 2 && o.startsWith(given))) return true;
  return false;
}

/** The long option of `dangerous` that `given` names, unless `given` is exactly one of the program's own `safe` options. */
export function matchDangerousLong(given: string, dangerous: readonly string[], safe: readonly string[] = []): string | undefined {
  if (safe.includes(given)) return undefined;
  for (const d of dangerous) if (d === given) return d;
  if (given.length < 2) return undefined;
  for (const d of dangerous) if (d.startsWith(given)) return d;
  return undefined;
}
