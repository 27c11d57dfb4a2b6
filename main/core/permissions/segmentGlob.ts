/**
 * A linear matcher for the commonest hostile glob: one path segment of literals, `*` and `?`
 * (`*a*a*a*a*c`). Rather than re-deriving picomatch's rules (dotfiles, `.`/`..`, a trailing `/`,
 * nocase), it reads the RegExp source picomatch made and accepts only the exact shapes listed below;
 * any other source is `undefined` and runs in linearRegex.ts as before.
 *
 * Matching is the classic greedy wildcard algorithm: the group before the first `*` is a prefix, the
 * group after the last `*` a suffix, and each middle group is found leftmost in turn (leftmost is
 * always right when only `*` separates fixed-length groups). No backtracking, no step budget: an
 * all-literal group is one native indexOf; a group with `?` is a scan of its length per position.
 */

type Unit = string | typeof ANY | typeof ANY_BUT_DOT;
const ANY = 0;
const ANY_BUT_DOT = 1;

/** picomatch's guards at the start of a segment, as it writes them. */
const GUARDS = {
  '(?!\\.)(?=.)': 'noDot',
  '(?!\\.{1,2}(?:\\/|$))(?=.)': 'noDotDir',
  '(?!(?:^|\\/)\\.{1,2}(?:\\/|$))(?=.)': 'noDotDirAfterSlash',
} as const;
type Guard = (typeof GUARDS)[keyof typeof GUARDS];

const STAR = '[^/]*?';
const LITERAL = /^[A-Za-z0-9_-]$/;
const ESCAPED_LITERAL = /^\\[.-]$/;

export class SegmentGlob {
  /** Each group's text when it is all literal (found by native indexOf), else undefined. */
  private readonly literals: (string | undefined)[];

  private constructor(
    private readonly groups: readonly (readonly Unit[])[],
    private readonly starred: boolean,
    private readonly guard: Guard | undefined,
    private readonly trailingSlash: boolean,
    private readonly nocase: boolean,
  ) {
    this.literals = groups.map((g) => (g.every((u) => typeof u === 'string') ? g.join('') : undefined));
  }

  /** The matcher for a picomatch RegExp, or undefined when its source is not one of the shapes read here. */
  static of(re: RegExp): SegmentGlob | undefined {
    if (re.flags !== '' && re.flags !== 'i') return undefined;
    const nocase = re.flags === 'i';
    let s = re.source;
    if (!s.startsWith('^(?:') || !s.endsWith(')$')) return undefined;
    s = s.slice(4, -2);
    if (s.startsWith('^(?:') && s.endsWith(')$')) s = s.slice(4, -2);
    let guard: Guard | undefined;
    for (const [text, g] of Object.entries(GUARDS)) {
      if (s.startsWith(text)) {
        guard = g;
        s = s.slice(text.length);
        break;
      }
    }
    const trailingSlash = s.endsWith('\\/?');
    if (trailingSlash) s = s.slice(0, -3);
    const groups: Unit[][] = [[]];
    for (let i = 0; i < s.length;) {
      if (s.startsWith(STAR, i)) {
        groups.push([]);
        i += STAR.length;
      } else if (s.startsWith('[^/]', i)) {
        groups.at(-1)!.push(ANY);
        i += 4;
      } else if (s.startsWith('[^.\\/]', i)) {
        groups.at(-1)!.push(ANY_BUT_DOT);
        i += 6;
      } else if (LITERAL.test(s[i]!)) {
        groups.at(-1)!.push(nocase ? s[i]!.toLowerCase() : s[i]!);
        i += 1;
      } else if (ESCAPED_LITERAL.test(s.slice(i, i + 2))) {
        groups.at(-1)!.push(s[i + 1]!);
        i += 2;
      } else return undefined;
    }
    return new SegmentGlob(groups, groups.length > 1, guard, trailingSlash, nocase);
  }

  test(path: string): boolean {
    if (!this.guardHolds(path)) return false;
    let body = path;
    const slash = body.indexOf('/');
    if (slash >= 0) {
      // No unit matches '/': only picomatch's optional trailing slash may be there.
      if (!this.trailingSlash || slash !== body.length - 1) return false;
      body = body.slice(0, -1);
    }
    const text = this.nocase ? asciiLower(body) : body;
    const groups = this.groups;
    const first = groups[0]!;
    if (!this.starred) return text.length === first.length && unitsAt(text, 0, first);
    const last = groups.at(-1)!;
    const end = text.length - last.length;
    if (end < first.length || !unitsAt(text, 0, first) || !unitsAt(text, end, last)) return false;
    let from = first.length;
    for (let g = 1; g < groups.length - 1; g++) {
      const at = findUnits(text, from, end, groups[g]!, this.literals[g]);
      if (at < 0) return false;
      from = at + groups[g]!.length;
    }
    return true;
  }

  /** picomatch's lookaheads at position 0, exactly as its RegExp reads them. */
  private guardHolds(s: string): boolean {
    if (this.guard === undefined) return true;
    // (?=.): one character that is not a line terminator.
    if (s.length === 0 || LINE_TERMINATOR.test(s[0]!)) return false;
    if (this.guard === 'noDot') return s[0] !== '.';
    if (DOT_DIR.test(s)) return false;
    return this.guard === 'noDotDir' || !SLASH_DOT_DIR.test(s);
  }
}

const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
const DOT_DIR = /^\.{1,2}(?:\/|$)/;
const SLASH_DOT_DIR = /^\/\.{1,2}(?:\/|$)/;

/** Lower case for ASCII letters only: a case-insensitive RegExp without the u flag folds nothing else onto ASCII. */
function asciiLower(s: string): string {
  // A decision tests one path against thousands of globs: fold it once, not once per glob.
  if (s !== lastFolded[0]) lastFolded = [s, s.replace(/[A-Z]+/g, (m) => m.toLowerCase())];
  return lastFolded[1];
}
let lastFolded: [string, string] = ['', ''];

function unitMatches(c: number, u: Unit): boolean {
  if (u === ANY) return c !== 47;
  if (u === ANY_BUT_DOT) return c !== 47 && c !== 46;
  return c === u.charCodeAt(0);
}

function unitsAt(text: string, at: number, units: readonly Unit[]): boolean {
  for (let j = 0; j < units.length; j++) if (!unitMatches(text.charCodeAt(at + j), units[j]!)) return false;
  return true;
}

/** The leftmost start in [from, end - units.length] where the units match, or -1. */
function findUnits(text: string, from: number, end: number, units: readonly Unit[], literal: string | undefined): number {
  if (literal !== undefined) {
    const at = text.indexOf(literal, from);
    return at >= 0 && at + units.length <= end ? at : -1;
  }
  for (let at = from; at + units.length <= end; at++) if (unitsAt(text, at, units)) return at;
  return -1;
}
