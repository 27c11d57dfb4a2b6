/**
 * A linear-time matcher for the regular expressions picomatch makes of globs.
 *
 * V8's RegExp backtracks: `*a*a*a*a*a*a*a*a*a*c` (picomatch: `[^/]*?a[^/]*?a…c`) took 25 s against a
 * 45-character path, and a deny rule in a file nobody trusted yet was enough to freeze the engine.
 * Here the glob's RegExp source is parsed and run as a Thompson NFA (every thread advanced in step,
 * one visit per instruction per position), so a test costs O(path length × program size) whatever
 * the glob. V8 still compiles the source (that is how an invalid glob is reported) but never runs it.
 *
 * The grammar is what picomatch emits, and no more: literals and escapes, classes, `.`, groups,
 * alternation, `* + ?` (lazy or not: only "does it match" is asked), `{n}`/`{n,m}` up to
 * MAX_COUNT, `^`, `$`, and lookaheads whose body has a bounded width (picomatch's `(?!\.)`,
 * `(?=.)`, `(?!(?:^|\/)\.{1,2}(?:\/|$))`, an extglob's `(?!(?:a)$)`): each is evaluated where a
 * thread meets it, at a cost bounded by that width. Anything else (a backreference, a lookbehind,
 * an unbounded lookahead, `\b`) throws an UnsupportedPattern: the caller refuses the glob with a
 * reason instead of running something that is not linear. Non-unicode semantics, by UTF-16 unit,
 * as V8 without the `u` flag; with `i`, a character matches a class when it, its lower case or its
 * upper case does.
 */

export class UnsupportedPattern extends Error {
  override name = 'UnsupportedPattern';
}

type Node =
  | { t: 'set'; set: CharSet }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; items: Node[] }
  | { t: 'rep'; node: Node; min: number; max: number }
  | { t: 'bol' }
  | { t: 'eol' }
  | { t: 'look'; neg: boolean; node: Node };

let nextSetId = 0;

/** Ranges as [lo, hi] pairs of UTF-16 units, possibly negated; ASCII answers come from a table. */
class CharSet {
  private readonly ascii = new Uint8Array(128);
  readonly id = nextSetId++;
  constructor(
    private readonly ranges: number[],
    private readonly neg: boolean,
    icase: boolean,
  ) {
    for (let c = 0; c < 128; c++) this.ascii[c] = this.slowHas(c, icase) ? 1 : 0;
    this.icase = icase;
  }
  private readonly icase: boolean;

  has(c: number): boolean {
    return c < 128 ? this.ascii[c] === 1 : this.slowHas(c, this.icase);
  }

  private slowHas(c: number, icase: boolean): boolean {
    let hit = this.inRanges(c);
    if (!hit && icase) {
      const ch = String.fromCharCode(c);
      const lo = ch.toLowerCase();
      const up = ch.toUpperCase();
      hit = (lo.length === 1 && this.inRanges(lo.charCodeAt(0))) || (up.length === 1 && this.inRanges(up.charCodeAt(0)));
    }
    return hit !== this.neg;
  }

  private inRanges(c: number): boolean {
    for (let i = 0; i < this.ranges.length; i += 2) if (c >= this.ranges[i]! && c <= this.ranges[i + 1]!) return true;
    return false;
  }
}

/** Counted repetition beyond this is not what picomatch emits (it writes `\.{1,2}`). */
const MAX_COUNT = 16;
/** A lookahead longer than this is not one of picomatch's: refused, so a lookahead stays cheap. */
const MAX_LOOK_WIDTH = 64;
/** Instructions per program: a glob that needs more is refused (a load stays bounded too). */
const MAX_PROGRAM = 50_000;

const DIGIT: number[] = [48, 57];
const WORD: number[] = [48, 57, 65, 90, 95, 95, 97, 122];
const SPACE: number[] = [9, 13, 32, 32, 160, 160, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f, 0x3000, 0x3000, 0xfeff, 0xfeff];
const LINE_TERMINATORS: number[] = [10, 10, 13, 13, 0x2028, 0x2029];
const CONTROL_ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, v: 11, f: 12, '0': 0 };

/** The complement of sorted, non-overlapping ranges over the UTF-16 units. */
function complement(r: number[]): number[] {
  const out: number[] = [];
  let next = 0;
  for (let i = 0; i < r.length; i += 2) {
    if (r[i]! > next) out.push(next, r[i]! - 1);
    next = r[i + 1]! + 1;
  }
  if (next <= 0xffff) out.push(next, 0xffff);
  return out;
}

/** Sets are immutable: one per distinct class, shared by every glob (most are single characters). */
const SETS = new Map<string, CharSet>();
const MAX_SETS = 10_000;

class Parser {
  private i = 0;
  constructor(
    private readonly src: string,
    private readonly icase: boolean,
  ) {}

  parse(): Node {
    const n = this.alternation();
    if (this.i < this.src.length) throw new UnsupportedPattern(`unexpected '${this.src[this.i]}' at ${this.i}`);
    return n;
  }

  private set(ranges: number[], neg = false): Node {
    const k = `${neg ? '^' : ''}${this.icase ? 'i' : ''}${ranges.join(',')}`;
    let set = SETS.get(k);
    if (!set) {
      if (SETS.size >= MAX_SETS) SETS.clear();
      SETS.set(k, (set = new CharSet(ranges, neg, this.icase)));
    }
    return { t: 'set', set };
  }

  private alternation(): Node {
    const items = [this.sequence()];
    while (this.src[this.i] === '|') {
      this.i++;
      items.push(this.sequence());
    }
    return items.length === 1 ? items[0]! : { t: 'alt', items };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') items.push(this.quantified());
    return { t: 'seq', items };
  }

  private quantified(): Node {
    const atom = this.atom();
    for (;;) {
      const c = this.src[this.i];
      let min: number;
      let max: number;
      if (c === '*') [min, max] = [0, Infinity];
      else if (c === '+') [min, max] = [1, Infinity];
      else if (c === '?') [min, max] = [0, 1];
      else if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
        if (!m) return atom; // a literal '{' (read by atom next time round)
        min = Number(m[1]);
        max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
        if (min > MAX_COUNT || (max !== Infinity && max > MAX_COUNT)) throw new UnsupportedPattern(`a count above ${MAX_COUNT}`);
        this.i += m[0].length - 1;
      } else return atom;
      this.i++;
      if (this.src[this.i] === '?') this.i++; // lazy: the same language
      if (atom.t === 'bol' || atom.t === 'eol' || atom.t === 'look') throw new UnsupportedPattern('a quantified assertion');
      return { t: 'rep', node: atom, min, max };
    }
  }

  private atom(): Node {
    const c = this.src[this.i++]!;
    switch (c) {
      case '^':
        return { t: 'bol' };
      case '$':
        return { t: 'eol' };
      case '.':
        return this.set(LINE_TERMINATORS, true);
      case '[':
        return this.charClass();
      case '(':
        return this.group();
      case '\\':
        return this.escape();
      case '*':
      case '+':
      case '?':
        throw new UnsupportedPattern(`nothing to repeat at ${this.i - 1}`);
      default:
        return this.set([c.charCodeAt(0), c.charCodeAt(0)]);
    }
  }

  private group(): Node {
    let look: { neg: boolean } | undefined;
    if (this.src.startsWith('?:', this.i)) this.i += 2;
    else if (this.src.startsWith('?=', this.i) || this.src.startsWith('?!', this.i)) {
      look = { neg: this.src[this.i + 1] === '!' };
      this.i += 2;
    } else if (this.src.startsWith('?<=', this.i) || this.src.startsWith('?<!', this.i)) throw new UnsupportedPattern('a lookbehind');
    else if (this.src.startsWith('?<', this.i)) {
      const end = this.src.indexOf('>', this.i);
      if (end < 0) throw new UnsupportedPattern('an unterminated group name');
      this.i = end + 1; // a named group is a group: nothing refers to it (backreferences are refused)
    } else if (this.src[this.i] === '?') throw new UnsupportedPattern(`the group "(${this.src.slice(this.i, this.i + 3)}"`);
    const body = this.alternation();
    if (this.src[this.i] !== ')') throw new UnsupportedPattern('an unterminated group');
    this.i++;
    if (!look) return body;
    const width = maxWidth(body);
    if (width > MAX_LOOK_WIDTH) throw new UnsupportedPattern('a lookahead of unbounded width');
    return { t: 'look', neg: look.neg, node: body };
  }

  /** An escape outside a class. */
  private escape(): Node {
    const c = this.src[this.i];
    if (c === undefined) throw new UnsupportedPattern('a trailing backslash');
    if (c === 'b' || c === 'B') throw new UnsupportedPattern('a word boundary');
    if ((c >= '1' && c <= '9') || c === 'k') throw new UnsupportedPattern('a backreference');
    const r = this.escapeRanges();
    return r.neg ? this.set(r.ranges, true) : this.set(r.ranges);
  }

  /** The ranges an escape stands for (after the backslash), as in a class or outside one. */
  private escapeRanges(): { ranges: number[]; neg: boolean } {
    const c = this.src[this.i++]!;
    const classes: Record<string, number[]> = { d: DIGIT, w: WORD, s: SPACE };
    if (classes[c.toLowerCase()] && (c === c.toLowerCase() || 'DWS'.includes(c))) {
      const r = classes[c.toLowerCase()]!;
      return { ranges: r, neg: c !== c.toLowerCase() };
    }
    if (c === 'x' || c === 'u') {
      const len = c === 'x' ? 2 : 4;
      const hex = this.src.slice(this.i, this.i + len);
      if (hex.length === len && /^[0-9a-fA-F]+$/.test(hex)) {
        this.i += len;
        const v = parseInt(hex, 16);
        return { ranges: [v, v], neg: false };
      }
      return { ranges: [c.charCodeAt(0), c.charCodeAt(0)], neg: false };
    }
    if (c === 'c') throw new UnsupportedPattern('a control escape');
    if (c === '0' && /[0-9]/.test(this.src[this.i] ?? '')) throw new UnsupportedPattern('an octal escape');
    const v = Object.prototype.hasOwnProperty.call(CONTROL_ESCAPES, c) ? CONTROL_ESCAPES[c]! : c.charCodeAt(0);
    return { ranges: [v, v], neg: false };
  }

  private charClass(): Node {
    const neg = this.src[this.i] === '^';
    if (neg) this.i++;
    const ranges: [number, number][] = [];
    while (this.i < this.src.length && this.src[this.i] !== ']') {
      const lo = this.classAtom();
      if (lo.multi) {
        for (let k = 0; k < lo.ranges.length; k += 2) ranges.push([lo.ranges[k]!, lo.ranges[k + 1]!]);
        continue;
      }
      if (this.src[this.i] === '-' && this.src[this.i + 1] !== undefined && this.src[this.i + 1] !== ']') {
        this.i++;
        const hi = this.classAtom();
        if (hi.multi) {
          ranges.push([lo.ranges[0]!, lo.ranges[0]!], [45, 45]);
          for (let k = 0; k < hi.ranges.length; k += 2) ranges.push([hi.ranges[k]!, hi.ranges[k + 1]!]);
          continue;
        }
        if (hi.ranges[0]! < lo.ranges[0]!) throw new UnsupportedPattern('a range out of order');
        ranges.push([lo.ranges[0]!, hi.ranges[0]!]);
      } else ranges.push([lo.ranges[0]!, lo.ranges[0]!]);
    }
    if (this.src[this.i] !== ']') throw new UnsupportedPattern('an unterminated class');
    this.i++;
    ranges.sort((a, b) => a[0] - b[0]);
    const merged: number[] = [];
    for (const [lo, hi] of ranges) {
      const n = merged.length;
      if (n && lo <= merged[n - 1]! + 1) merged[n - 1] = Math.max(merged[n - 1]!, hi);
      else merged.push(lo, hi);
    }
    return this.set(merged, neg);
  }

  /** One member of a class: a character, or an escape class (`\d`: multi). */
  private classAtom(): { ranges: number[]; multi: boolean } {
    const c = this.src[this.i++]!;
    if (c !== '\\') return { ranges: [c.charCodeAt(0), c.charCodeAt(0)], multi: false };
    const e = this.src[this.i];
    if (e === 'b') {
      this.i++;
      return { ranges: [8, 8], multi: false };
    }
    if (e === undefined) throw new UnsupportedPattern('a trailing backslash');
    if (e >= '1' && e <= '9') throw new UnsupportedPattern('an octal escape in a class');
    const r = this.escapeRanges();
    if (r.neg) return { ranges: complement(r.ranges), multi: true };
    return { ranges: r.ranges, multi: r.ranges.length > 2 || r.ranges[0] !== r.ranges[1] };
  }
}

/** The most characters a node can consume (Infinity when unbounded). */
function maxWidth(n: Node): number {
  switch (n.t) {
    case 'set':
      return 1;
    case 'seq':
      return n.items.reduce((s, x) => s + maxWidth(x), 0);
    case 'alt':
      return Math.max(0, ...n.items.map(maxWidth));
    case 'rep':
      return n.max === Infinity ? (maxWidth(n.node) === 0 ? 0 : Infinity) : n.max * maxWidth(n.node);
    default:
      return 0;
  }
}

const enum Op {
  Set,
  Split,
  Jmp,
  Bol,
  Eol,
  Look,
  NegLook,
  Match,
}

/** A compiled program: parallel arrays, one entry per instruction. */
interface Program {
  op: Op[];
  /** Set: the set index; Split/Jmp: first target; Look: the sub-program index; Match: the member. */
  a: number[];
  /** Split: second target. */
  b: number[];
  sets: CharSet[];
  looks: Program[];
}

function emptyProgram(): Program {
  return { op: [], a: [], b: [], sets: [], looks: [] };
}

function emit(p: Program, op: Op, a = 0, b = 0): number {
  p.op.push(op);
  p.a.push(a);
  p.b.push(b);
  return p.op.length - 1;
}

function compileNode(p: Program, n: Node): void {
  switch (n.t) {
    case 'set':
      p.sets.push(n.set);
      emit(p, Op.Set, p.sets.length - 1);
      return;
    case 'seq':
      for (const x of n.items) compileNode(p, x);
      return;
    case 'alt': {
      // split L1, next; L1: item; jmp end; next: split L2, … ; last item
      const jumps: number[] = [];
      for (let k = 0; k < n.items.length - 1; k++) {
        const split = emit(p, Op.Split);
        p.a[split] = split + 1;
        compileNode(p, n.items[k]!);
        jumps.push(emit(p, Op.Jmp));
        p.b[split] = p.op.length;
      }
      compileNode(p, n.items[n.items.length - 1]!);
      for (const j of jumps) p.a[j] = p.op.length;
      return;
    }
    case 'rep': {
      for (let k = 0; k < n.min; k++) compileNode(p, n.node);
      if (n.max === Infinity) {
        const split = emit(p, Op.Split);
        p.a[split] = split + 1;
        compileNode(p, n.node);
        emit(p, Op.Jmp, split);
        p.b[split] = p.op.length;
      } else {
        const splits: number[] = [];
        for (let k = n.min; k < n.max; k++) {
          const split = emit(p, Op.Split);
          p.a[split] = split + 1;
          splits.push(split);
          compileNode(p, n.node);
        }
        for (const s of splits) p.b[s] = p.op.length;
      }
      return;
    }
    case 'bol':
      emit(p, Op.Bol);
      return;
    case 'eol':
      emit(p, Op.Eol);
      return;
    case 'look': {
      const sub = emptyProgram();
      compileNode(sub, n.node);
      emit(sub, Op.Match, 0);
      p.looks.push(sub);
      emit(p, n.neg ? Op.NegLook : Op.Look, p.looks.length - 1);
      return;
    }
  }
}

/** Work counted by every run, for tests that pin linearity without a clock. */
export const matcherWork = { steps: 0 };

/**
 * Steps one set of globs may spend on one text: far above what real globs take (a miss against
 * hundreds of them costs a few thousand), far below a stall.
 */
export const DEFAULT_BUDGET = 500_000;

/**
 * What a run may spend: every instruction visited and every thread advanced is a step. A run that
 * would go past it throws MatchBudgetExceeded; the caller fails closed (a deny rule refuses, an allow
 * entry does not match). Linear time alone still lets 10,000 hostile globs cost 10,000 passes over a
 * long path; the budget bounds a decision whatever the globs and the path.
 */
export class MatchBudgetExceeded extends Error {
  override name = 'MatchBudgetExceeded';
}
export interface Budget {
  left: number;
}

/** closure()'s stacks, one per lookahead depth (a lookahead's run nests inside a closure). */
const stacks: Int32Array[] = [new Int32Array(1024)];
let depth = 0;
/** The least member whose Match the last closure() calls reached (reset by the caller). */
let foundBest = -1;

/**
 * The closure of pc at position i of s: appends to `list` (from `count`) every Set instruction
 * reached, following jumps, splits and assertions (a lookahead is run where it stands). `mark`
 * holds the stamp each instruction was last visited with; `stamp` must be new per list. Returns
 * the new count; lowers `foundBest` to the least member whose Match is reached.
 */
function closure(p: Program, s: string, i: number, pc0: number, list: Int32Array, count: number, mark: Int32Array, stamp: number, budget: Budget): number {
  let stack = stacks[depth]!;
  let sp = 0;
  stack[sp++] = pc0;
  let steps = 0;
  const op = p.op;
  while (sp > 0) {
    const pc = stack[--sp]!;
    if (mark[pc] === stamp) continue;
    mark[pc] = stamp;
    steps++;
    if (sp + 2 >= stack.length) {
      const bigger = new Int32Array(stack.length * 2);
      bigger.set(stack);
      stack = stacks[depth] = bigger;
    }
    switch (op[pc]) {
      case Op.Set:
        list[count++] = pc;
        break;
      case Op.Jmp:
        stack[sp++] = p.a[pc]!;
        break;
      case Op.Split:
        stack[sp++] = p.b[pc]!;
        stack[sp++] = p.a[pc]!;
        break;
      case Op.Bol:
        if (i === 0) stack[sp++] = pc + 1;
        break;
      case Op.Eol:
        if (i === s.length) stack[sp++] = pc + 1;
        break;
      case Op.Look:
      case Op.NegLook: {
        const saved = foundBest;
        depth++;
        stacks[depth] ??= new Int32Array(64);
        let seen: boolean;
        try {
          seen = run(p.looks[p.a[pc]!]!, s, i, true, true, budget) >= 0;
        } finally {
          depth--;
        }
        foundBest = saved;
        if (seen === (op[pc] === Op.Look)) stack[sp++] = pc + 1;
        break;
      }
      case Op.Match:
        if (foundBest < 0 || p.a[pc]! < foundBest) foundBest = p.a[pc]!;
        break;
    }
  }
  spend(budget, steps);
  return count;
}

function spend(budget: Budget, steps: number): void {
  matcherWork.steps += steps;
  budget.left -= steps;
  if (budget.left < 0) throw new MatchBudgetExceeded('the pattern set is too costly to match against this text');
}

/**
 * Runs a program over `s` from `start` as an NFA (every program picomatch makes starts with `^`; an
 * unanchored one is searched by starting a thread at each position). Returns the least member whose
 * Match is reached, or -1. `firstOnly`: stop at the first Match (a lookahead).
 */
function run(p: Program, s: string, start: number, anchored: boolean, firstOnly: boolean, budget: Budget): number {
  const size = p.op.length;
  let clist = new Int32Array(size);
  let nlist = new Int32Array(size);
  const mark = new Int32Array(size).fill(-1);
  foundBest = -1;
  let ccount = closure(p, s, start, 0, clist, 0, mark, start, budget);
  for (let i = start; i < s.length; i++) {
    if (firstOnly && foundBest >= 0) break;
    if (ccount === 0 && anchored) break;
    const c = s.charCodeAt(i);
    let ncount = 0;
    for (let k = 0; k < ccount; k++) {
      const pc = clist[k]!;
      if (p.sets[p.a[pc]!]!.has(c)) ncount = closure(p, s, i + 1, pc + 1, nlist, ncount, mark, i + 1, budget);
    }
    spend(budget, ccount);
    if (!anchored) ncount = closure(p, s, i + 1, 0, nlist, ncount, mark, i + 1, budget);
    [clist, nlist] = [nlist, clist];
    ccount = ncount;
  }
  return foundBest;
}

/**
 * A character's class for lookaheads that use `sets`: characters no set tells apart share one.
 * Shared by every program whose lookaheads use the same sets (every glob picomatch makes uses a few).
 */
function classifier(sets: readonly CharSet[]): Classifier {
  const k = sets.map((st) => st.id).join(',');
  let f = CLASSIFIERS.get(k);
  if (f) return f;
  const classes = new Map<number, number>();
  const signature = (c: number): number => {
    let sig = 0;
    for (let j = 0; j < sets.length; j++) if (sets[j]!.has(c)) sig |= 1 << j;
    let cls = classes.get(sig);
    if (cls === undefined) classes.set(sig, (cls = classes.size));
    return cls;
  };
  const ascii = new Int32Array(128);
  for (let c = 0; c < 128; c++) ascii[c] = signature(c);
  const wide = new Map<number, number>();
  const asciiClasses = classes.size;
  const classOf = (c: number): number => {
    if (c < 128) return ascii[c]!;
    let cls = wide.get(c);
    if (cls === undefined) {
      if (wide.size > 4096) wide.clear();
      wide.set(c, (cls = signature(c)));
    }
    return cls;
  };
  f = { classOf, asciiClasses };
  if (CLASSIFIERS.size > 256) CLASSIFIERS.clear();
  CLASSIFIERS.set(k, f);
  return f;
}
/** `asciiClasses`: the classes ASCII falls into; another character may add one (then no cache). */
interface Classifier {
  classOf: (c: number) => number;
  asciiClasses: number;
}
const CLASSIFIERS = new Map<string, Classifier>();
const CLASS_CACHE = new WeakMap<Classifier, { text: string; cls: Int32Array | null }>();

/** Kernel integers the DFA cache may hold before it is emptied (then it refills from where it is). */
const DFA_BUDGET = 2_000_000;
/**
 * Lookahead windows beyond this many are not cached (the NFA runs instead): a transition's key,
 * window × 2¹⁶ + character, stays a small integer (a Map keyed by doubles allocates per lookup).
 */
const MAX_WINDOWS = 1 << 13;

/**
 * The NFA determinised lazily, as RE2 does: a state is the sorted list of Set instructions threads
 * wait on, and a transition is computed once, the first time a (state, character, lookahead window)
 * meets it. The lookahead window is what the lookaheads at the next position can see: its next
 * `width` characters, each reduced to its class among the sets the lookaheads use (picomatch's
 * read '.', '/', a line end or anything else), and where the path ends. Every later pass over the
 * same kind of text is one Map lookup per character, however many globs the union holds; the
 * answer is the NFA's either way (a state's closure is computed by the NFA's own code).
 */
class LazyDfa {
  private readonly width: number;
  private readonly base: number;
  private readonly classifier: Classifier;
  readonly cacheable: boolean;
  private kernels: Int32Array[] = [];
  private ids = new Map<number, number[]>();
  private trans: Map<number, number>[] = [];
  private starts = new Map<number, number>();
  private held = 0;
  private readonly mark: Int32Array;
  private stamp = 0;
  private readonly scratch: Int32Array;

  constructor(
    private readonly p: Program,
    private readonly anchored: boolean,
  ) {
    const lookSets: CharSet[] = [];
    let width = 0;
    const walk = (q: Program): void => {
      for (const l of q.looks) {
        width = Math.max(width, programWidth(l));
        lookSets.push(...l.sets);
        walk(l);
      }
    };
    walk(p);
    const sets = [...new Set(lookSets)];
    this.classifier = classifier(sets);
    // Classes found later (non-ASCII) must fit too: at most 2^sets classes, plus "past the end".
    this.base = this.classifier.asciiClasses + 1;
    this.width = width;
    this.cacheable = this.base ** width * 2 <= MAX_WINDOWS;
    this.mark = new Int32Array(p.op.length).fill(-1);
    this.scratch = new Int32Array(p.op.length);
  }

  /** The least member that matches s, or -1. */
  which(s: string, budget: Budget): number {
    const n = s.length;
    const { width, base } = this;
    const cls = this.classes(s);
    if (cls === null) return run(this.p, s, 0, this.anchored, false, budget);
    // The window at i, as a number in base `base` (cls[i] lowest), rolled one character at a time;
    // doubled, plus 1 at the end of the text (`$` needs to know even without a lookahead).
    const top = base ** Math.max(0, width - 1);
    let win = 0;
    for (let j = width; j-- > 0; ) win = win * base + cls[j]!;
    let best = -1;
    const w0 = win * 2 + (n === 0 ? 1 : 0);
    let state = this.starts.get(w0);
    if (state === undefined) {
      foundBest = -1;
      const count = closure(this.p, s, 0, 0, this.scratch, 0, this.mark, ++this.stamp, budget);
      state = this.intern(this.scratch.slice(0, count)) * 2 ** 21 + (foundBest + 1);
      this.starts.set(w0, state);
    }
    best = (state % 2 ** 21) - 1;
    let id = Math.floor(state / 2 ** 21);
    let hits = 0; // characters stepped since the budget was last charged
    for (let i = 0; i < n; i++) {
      if (this.anchored && this.kernels[id]!.length === 0) break;
      const c = s.charCodeAt(i);
      if (width > 0) win = Math.floor(win / base) + cls[i + width]! * top;
      const key = (win * 2 + (i + 1 === n ? 1 : 0)) * 65536 + c;
      let t = this.trans[id]!.get(key);
      hits++;
      if (t === undefined) {
        spend(budget, hits);
        hits = 0;
        const kernel = this.kernels[id]!;
        foundBest = -1;
        const stamp = ++this.stamp;
        let count = 0;
        const sets = this.p.sets;
        const arg = this.p.a;
        for (let k = 0; k < kernel.length; k++) {
          const pc = kernel[k]!;
          if (sets[arg[pc]!]!.has(c)) count = closure(this.p, s, i + 1, pc + 1, this.scratch, count, this.mark, stamp, budget);
        }
        spend(budget, kernel.length);
        if (!this.anchored) count = closure(this.p, s, i + 1, 0, this.scratch, count, this.mark, stamp, budget);
        const next = this.scratch.slice(0, count);
        if (this.held + next.length > DFA_BUDGET) id = this.reset(kernel);
        t = this.intern(next) * 2 ** 21 + (foundBest + 1);
        this.trans[id]!.set(key, t);
      }
      const m = (t % 2 ** 21) - 1;
      if (m >= 0 && (best < 0 || m < best)) best = m;
      id = Math.floor(t / 2 ** 21);
    }
    spend(budget, hits);
    return best;
  }

  /** Each character's class, with `width` end marks after the text: kept for the last text (every glob of a decision reads the same). */
  private classes(s: string): Int32Array | null {
    const cache = CLASS_CACHE.get(this.classifier);
    if (cache && cache.text === s && (cache.cls === null || cache.cls.length >= s.length + this.width + 1)) return cache.cls;
    let cls: Int32Array | null = new Int32Array(s.length + this.width + 1).fill(this.base - 1);
    for (let i = 0; i < s.length; i++) {
      const k = this.classifier.classOf(s.charCodeAt(i));
      if (k >= this.base - 1) {
        cls = null; // a class ASCII does not have: windows would collide with the end mark
        break;
      }
      cls[i] = k;
    }
    CLASS_CACHE.set(this.classifier, { text: s, cls });
    return cls;
  }

  private intern(kernel: Int32Array): number {
    kernel.sort();
    const h = hashOf(kernel);
    let ids = this.ids.get(h);
    for (const id of ids ?? []) if (sameKernel(this.kernels[id]!, kernel)) return id;
    const id = this.kernels.length;
    if (!ids) this.ids.set(h, (ids = []));
    ids.push(id);
    this.kernels.push(kernel);
    this.trans.push(new Map());
    this.held += kernel.length + 8;
    return id;
  }

  /** Empties the cache, keeping the state the run is in; returns its new id. */
  private reset(current: Int32Array): number {
    this.kernels = [];
    this.ids = new Map();
    this.trans = [];
    this.starts = new Map();
    this.held = 0;
    return this.intern(current);
  }
}

function hashOf(kernel: Int32Array): number {
  let h = 0x811c9dc5 ^ kernel.length;
  for (let k = 0; k < kernel.length; k++) h = Math.imul(h ^ kernel[k]!, 0x01000193);
  return h;
}

function sameKernel(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** The most characters a program can read (a lookahead's; loops are refused there). */
function programWidth(p: Program): number {
  // Longest path through the program counting Set instructions: programs of lookaheads are acyclic.
  const memo = new Map<number, number>();
  const longest = (pc: number): number => {
    const m = memo.get(pc);
    if (m !== undefined) return m;
    memo.set(pc, 0);
    let r: number;
    switch (p.op[pc]) {
      case Op.Set:
        r = 1 + longest(pc + 1);
        break;
      case Op.Jmp:
        r = longest(p.a[pc]!);
        break;
      case Op.Split:
        r = Math.max(longest(p.a[pc]!), longest(p.b[pc]!));
        break;
      case Op.Match:
        r = 0;
        break;
      default:
        r = longest(pc + 1);
    }
    memo.set(pc, r);
    return r;
  };
  return longest(0) + 1;
}

/** One glob's (or a union of globs') program, with `test` as RegExp has it. */
export class LinearMatcher {
  private compiled: { program: Program; anchored: boolean } | undefined;
  /** Built at the first test, or null when its lookaheads see too much to cache. */
  private dfa: LazyDfa | null | undefined;

  private constructor(private readonly trees: readonly Node[]) {}

  /** Parses a RegExp's source (flags: only `i` is understood). Throws UnsupportedPattern. */
  static of(re: RegExp): LinearMatcher {
    if (/[^i]/.test(re.flags)) throw new UnsupportedPattern(`the RegExp flags "${re.flags}"`);
    const tree = new Parser(re.source, re.flags.includes('i')).parse();
    if (programSize(tree) > MAX_PROGRAM) throw new UnsupportedPattern(`more than ${MAX_PROGRAM} instructions`);
    return new LinearMatcher([tree]);
  }

  /** One program for several matchers: `which` answers the least index among those that match. */
  static all(ms: readonly LinearMatcher[]): LinearMatcher {
    return new LinearMatcher(ms.flatMap((m) => (m.trees.length === 1 ? [m.trees[0]!] : [{ t: 'alt', items: [...m.trees] } as Node])));
  }

  /** As RegExp.test. Throws MatchBudgetExceeded when the budget runs out first. */
  test(s: string, budget: Budget = { left: DEFAULT_BUDGET }): boolean {
    return this.which(s, budget) >= 0;
  }

  /** The least member index that matches `s`, or -1. Throws MatchBudgetExceeded. */
  which(s: string, budget: Budget = { left: DEFAULT_BUDGET }): number {
    const { program, anchored } = this.code;
    if (this.dfa === undefined) {
      const dfa = new LazyDfa(program, anchored);
      this.dfa = dfa.cacheable ? dfa : null;
    }
    return this.dfa ? this.dfa.which(s, budget) : run(program, s, 0, anchored, false, budget);
  }

  /** Instructions in the program. */
  get size(): number {
    return this.code.program.op.length;
  }

  /** The program, compiled at the first test: most globs of a large file only ever join a union. */
  private get code(): { program: Program; anchored: boolean } {
    if (!this.compiled) {
      const p = emptyProgram();
      // split m0, next; m0: tree0; match 0; next: split m1, …
      for (let k = 0; k < this.trees.length; k++) {
        const split = k < this.trees.length - 1 ? emit(p, Op.Split) : -1;
        if (split >= 0) p.a[split] = split + 1;
        compileNode(p, this.trees[k]!);
        emit(p, Op.Match, k);
        if (split >= 0) p.b[split] = p.op.length;
      }
      this.compiled = { program: p, anchored: this.trees.every(startsAnchored) };
    }
    return this.compiled;
  }
}

/** The instructions compileNode emits for a tree, without emitting them. */
function programSize(n: Node): number {
  switch (n.t) {
    case 'set':
    case 'bol':
    case 'eol':
    case 'look':
      return 1;
    case 'seq':
      return n.items.reduce((s, x) => s + programSize(x), 0);
    case 'alt':
      return n.items.reduce((s, x) => s + programSize(x), 0) + 2 * (n.items.length - 1);
    case 'rep': {
      const one = programSize(n.node);
      return n.min * one + (n.max === Infinity ? one + 2 : (n.max - n.min) * (one + 1));
    }
  }
}

function startsAnchored(n: Node): boolean {
  if (n.t === 'bol') return true;
  if (n.t === 'seq') return n.items.length > 0 && startsAnchored(n.items[0]!);
  if (n.t === 'alt') return n.items.every(startsAnchored);
  return false;
}
