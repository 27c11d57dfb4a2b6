/**
 * The shell command classifier of the permission engine.
 *
 * A command given to run_command is one of:
 *   simple   — one literal call of a program that runs nothing else and writes nothing it names
 *              through an argument: key `run_command:<program>`; wildcards and subcommand
 *              patterns (`run_command:git:push`) may match it.
 *   compound — anything else that parses: keyed by the whole command. Matches only an identical
 *              entry: no wildcard, no prefix.
 *   invalid  — must never run: empty, comment-only, unparseable, hidden characters.
 *
 * The command is parsed by mvdan/sh (bash variant) and classified from its AST, after its line
 * continuations are joined where bash joins them (continuations.ts). Classification assumes bash
 * runs the command (`bash -c COMMAND`, non-interactive: no aliases, no history expansion); the
 * executor must run it that way.
 *
 * What makes a command simple, the compound key grammar and `programs`/`notes` are written once, in
 * docs/permissions.md ("Compound key grammar", "Classification of a command"): change them there
 * together with this file.
 */
import { createHash } from 'node:crypto';
import type {
  Assign,
  CallExpr,
  CaseClause,
  CmdSubst,
  CoprocClause,
  DblQuoted,
  DeclClause,
  File,
  ForClause,
  FuncDecl,
  IfClause,
  Lit,
  Node,
  ParamExp,
  ProcSubst,
  Redirect,
  Stmt,
  StmtList,
  TimeClause,
  WhileClause,
  Word,
  WordIter,
  BinaryCmd,
} from './ast.js';
import { BIN_TEXT, PROC_TEXT, REDIR_TEXT, RedirOp } from './ast.js';
import { byteToIndexMap, describeChar, hasAlwaysInvalid, hasNonAscii, hasSuspicious, isEmojiGlue, suspiciousAt } from './chars.js';
import type { Effect, Inner } from './effects.js';
import { escapeName, keyFromTokens, PLAIN_PROGRAM, STRUCTURAL_CHARS, UNKNOWN } from './keyTokens.js';
import type { Arg } from './options.js';
import { nodeType, parseBash, walk } from './parser.js';
import { runnerPrograms, type RunnerProgram } from './programs/node/scriptRunners.js';
import { programRule, type ProgramRule } from './programs/index.js';
import { noSpecEffects } from './programs/noSpec.js';
import { detectSubcommand } from './subcommands.js';
import { wordInfo, type WordInfo } from './words.js';
import { tableName } from './programNames.js';
import { COMMENT_CONTINUATION, hasContinuation, joinAll, needsPlacing } from './continuations.js';
import { folderChange, utilityTargets, type FileTarget } from './fileTargets.js';
import { hidesArithmeticCode, hidesSubscriptCode, nameOperands } from './subscripts.js';

export interface ProgramRef {
  program: string;
  subcommand?: string;
  /**
   * Set on a program a package manager may run in place of a script (`pnpm bash` runs bash when no
   * script is named bash; programs/node/scriptRunners.ts), and on what that program runs in turn: the runner.
   */
  runBy?: string;
}

export type CommandClass =
  | {
      kind: 'simple';
      key: string;
      program: string;
      subcommand?: string;
      argv: string[];
      /** Programs the package manager may run instead of a script of that name (runBy set on each). */
      mayRun?: ProgramRef[];
      /** Prompt lines for mayRun. */
      notes?: string[];
      /** Files named literally that the command writes, deletes or moves (fileTargets.ts). */
      targets?: FileTarget[];
      /** Folders the command changes to before a target may be written (null: not known). */
      chdirs?: (string | null)[];
    }
  | {
      kind: 'compound';
      key: string;
      programs: ProgramRef[];
      reason: string;
      notes: string[];
      targets?: FileTarget[];
      chdirs?: (string | null)[];
    }
  | { kind: 'invalid'; key: null; reason: string };

/** Longest command that can still be simple. */
export const MAX_SIMPLE_LENGTH = 10_000;
/** Longest command classified at all. */
export const MAX_COMMAND_LENGTH = 1_000_000;
/** Nesting (substitutions, bash -c inside bash -c, …) beyond which inner commands become "?". */
const MAX_DEPTH = 24;

class InvalidCommand extends Error {}

export function classifyCommand(command: string): CommandClass {
  return guarded(command, true);
}

/** The same verdict without the fast path: every command goes through the parser (tests compare the two). */
export function classifyCommandViaParser(command: string): CommandClass {
  return guarded(command, false);
}

function guarded(command: string, allowFast: boolean): CommandClass {
  try {
    return classify(command, allowFast);
  } catch (e) {
    if (e instanceof InvalidCommand) return { kind: 'invalid', key: null, reason: e.message };
    // Fail closed: an input the classifier cannot handle never runs.
    return { kind: 'invalid', key: null, reason: `could not classify the command (${e instanceof Error ? e.message : String(e)})` };
  }
}

function classify(command: string, allowFast: boolean): CommandClass {
  if (typeof command !== 'string') throw new InvalidCommand('the command is not a string');
  if (command.length > MAX_COMMAND_LENGTH)
    throw new InvalidCommand(`the command is too long (${command.length} characters; at most ${MAX_COMMAND_LENGTH})`);
  if (hasAlwaysInvalid(command)) {
    const m = /[\u0000\u001B\u0080-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDFFF]/.exec(command);
    throw new InvalidCommand(
      `the command contains ${describeChar(m?.[0] ?? '')} at index ${m?.index ?? 0}: control, escape and bidi characters can disguise what runs`,
    );
  }
  if (command.trim() === '' && !hasSuspicious(command)) throw new InvalidCommand('the command is empty');

  // A command split over lines with nothing that could keep a continuation is what bash reads
  // once they are joined (continuations.ts): the fast path may take that text.
  const fast = allowFast ? fastPath(hasContinuation(command) && !needsPlacing(command) ? joinAll(command) : command) : undefined;
  if (fast) return fast;

  if (command.includes('#') && /\\\n/.test(command) && commentEndsWithBackslash(command)) throw new InvalidCommand(COMMENT_CONTINUATION);

  const parsed = parseBash(command);
  if (!parsed.ok)
    throw new InvalidCommand(parsed.message === COMMENT_CONTINUATION ? parsed.message : `the command does not parse: ${parsed.message}`);
  const file = parsed.file;
  const charNotes = hasSuspicious(command) ? checkHiddenCharacters(command) : [];
  if (file.Stmts.length === 0) throw new InvalidCommand('the command is empty or only a comment');

  const r = new Renderer();
  r.stmts(file.Stmts, 0);
  r.subscriptData(file);

  const simple = charNotes.length === 0 && command.length <= MAX_SIMPLE_LENGTH ? simpleVerdict(file, r) : undefined;
  if (simple) return simple;

  for (const n of charNotes) r.note(n, 'contains invisible or control characters inside quoted text');
  if (command.length > MAX_SIMPLE_LENGTH)
    r.note(`very long command (${command.length} characters)`, `longer than ${MAX_SIMPLE_LENGTH} characters`);
  return r.compound(charNotes.length ? 'hidden_characters' : command.length > MAX_SIMPLE_LENGTH ? 'long' : undefined);
}

/** The single-call verdict: only when the AST is one literal call with nothing else attached. */
function simpleVerdict(file: File, r: Renderer): CommandClass | undefined {
  if (file.Stmts.length !== 1 || r.calls.length !== 1) return undefined;
  const stmt = file.Stmts[0]!;
  if (stmt.Negated || stmt.Background || stmt.Coprocess) return undefined;
  if (nodeType(stmt.Cmd) !== 'CallExpr') return undefined;
  const call = stmt.Cmd as CallExpr;
  if (call.Assigns.length > 0 || call.Args.length === 0) return undefined;
  if (!stmt.Redirs.every(isFdDup)) return undefined;
  const c = r.calls[0]!;
  if (!c.simple) return undefined;
  return simpleResult(c.argv as string[], c.subcommand, r);
}

function simpleResult(argv: string[], subcommand: string | undefined, r: Renderer): CommandClass {
  const program = argv[0]!;
  const out: CommandClass = { kind: 'simple', key: `run_command:${program}`, program, argv };
  if (subcommand !== undefined) out.subcommand = subcommand;
  // A simple call lists only itself, then what its package manager may run instead of a script.
  const mayRun = r.programs.slice(1).filter((p) => p.runBy !== undefined);
  if (mayRun.length > 0) {
    out.mayRun = mayRun.map((p) => ({ ...p }));
    out.notes = [...r.runnerNotes];
  }
  if (r.targets.length > 0) out.targets = r.targets.map((t) => ({ ...t }));
  if (r.chdirs.length > 0) out.chdirs = [...r.chdirs];
  return out;
}

// ── Fast path ──────────────────────────────────────────────────────────────────────────────────
// Most commands an agent runs are plain words, single-quoted text and double-quoted text without
// $ ` \ — a subset bash splits exactly like this: blanks separate words; unquoted characters are
// only ones that are never special to bash (no operators, expansions, globs, braces, tilde,
// comments or newlines); single quotes hold anything but '; double quotes hold anything but $ ` \ ".
// Such commands are classified from that split without a parse (~100 µs saved). Anything else, or
// a command that is not simple, goes through the parser. The property test checks the two agree.

const FAST_UNQUOTED = /^[A-Za-z0-9_./=:,@+%-]$/;
const RESERVED = new Set([
  'case',
  'coproc',
  'do',
  'done',
  'elif',
  'else',
  'esac',
  'for',
  'function',
  'if',
  'in',
  'select',
  'then',
  'time',
  'until',
  'while',
  'fi',
  'declare',
  'export',
  'local',
  'readonly',
  'typeset',
  'nameref',
  'let',
]);

function fastSplit(command: string): WordInfo[] | undefined {
  const words: WordInfo[] = [];
  const n = command.length;
  let i = 0;
  for (;;) {
    while (i < n && (command[i] === ' ' || command[i] === '\t')) i++;
    if (i >= n) return words;
    let literal = '';
    let quoted = false;
    while (i < n && command[i] !== ' ' && command[i] !== '\t') {
      const c = command[i]!;
      if (c === "'") {
        const j = command.indexOf("'", i + 1);
        if (j < 0) return undefined;
        literal += command.slice(i + 1, j);
        quoted = true;
        i = j + 1;
      } else if (c === '"') {
        let j = i + 1;
        while (j < n && command[j] !== '"') {
          const d = command[j]!;
          if (d === '$' || d === '`' || d === '\\') return undefined;
          j++;
        }
        if (j >= n) return undefined;
        literal += command.slice(i + 1, j);
        quoted = true;
        i = j + 1;
      } else if (FAST_UNQUOTED.test(c)) {
        literal += c;
        i++;
      } else return undefined;
    }
    words.push({ literal, quoted, glob: false, brace: false, tilde: false });
  }
}

function fastPath(command: string): CommandClass | undefined {
  if (command.length > MAX_SIMPLE_LENGTH || hasSuspicious(command)) return undefined;
  const infos = fastSplit(command);
  const head = infos?.[0];
  if (!infos || !head || head.quoted || !PLAIN_PROGRAM.test(head.literal!) || RESERVED.has(head.literal!)) return undefined;
  const r = new Renderer();
  r.call(infos, undefined, 0);
  const c = r.calls[0]!;
  return c.simple
    ? simpleResult(
        infos.map((w) => w.literal!),
        c.subcommand,
        r,
      )
    : undefined;
}

// ── Comments ending in a backslash ─────────────────────────────────────────────────────────────
// mvdan-sh 0.10.1 treats backslash-newline at the end of a comment as a line continuation, so
// `ls # x \⏎rm -rf y` parses as one call of ls; bash ends the comment at the newline and runs rm.
// A light scan (quotes and escapes tracked, a `#` that starts a word opens a comment) finds such
// comments; anything it misjudges makes the command invalid, never simple.

function commentEndsWithBackslash(command: string): boolean {
  let quote: '' | "'" | '"' = '';
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote === "'") {
      if (c === "'") quote = '';
      continue;
    }
    if (c === '\\') {
      i++;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = '';
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /[\s;&|()<>]/.test(command[i - 1]!))) {
      const end = command.indexOf('\n', i);
      const text = end < 0 ? command.slice(i) : command.slice(i, end);
      if (/\\$/.test(text)) return true;
      if (end < 0) return false;
      i = end;
    }
  }
  return false;
}

// ── Hidden characters ─────────────────────────────────────────────────────────────────────────

/** Throws for suspicious characters outside quoted argument text; returns notes for those inside. */
function checkHiddenCharacters(command: string): string[] {
  // Parsed again with positions: only commands holding such characters pay for them.
  const parsed = parseBash(command, true);
  if (!parsed.ok) throw new InvalidCommand(`the command does not parse: ${parsed.message}`);
  // Positions refer to the parsed text (line continuations joined), which holds the same characters.
  const text = parsed.source;
  const toIndex = byteToIndexMap(text);
  const quoted: [number, number][] = [];
  const programWords: [number, number][] = [];
  const range = (n: Node): [number, number] => [toIndex(n.pos ?? 0), toIndex(n.end ?? 0)];
  for (const stmt of parsed.file.Stmts) {
    walk(stmt, (n) => {
      const t = nodeType(n);
      if (t === 'SglQuoted' || t === 'DblQuoted') quoted.push(range(n));
      if (t === 'CallExpr') {
        const w = (n as CallExpr).Args[0];
        if (w) programWords.push(range(w));
      }
      return true;
    });
  }
  const inside = (i: number, ranges: [number, number][]) => ranges.some(([a, b]) => i >= a && i < b);
  const notes: string[] = [];
  for (const { index, char } of suspiciousAt(text)) {
    if (inside(index, quoted) && !inside(index, programWords)) {
      if (!isEmojiGlue(char)) notes.push(`contains ${describeChar(char)} inside quoted text`);
      continue;
    }
    throw new InvalidCommand(
      `the command contains ${describeChar(char)} at index ${index}, outside quoted argument text: it can disguise what runs`,
    );
  }
  return [...new Set(notes)];
}

// ── Rendering: one walk builds the key tokens, the program list, notes and the call verdicts ───

interface CallFacts {
  argv: Arg[];
  subcommand?: string;
  /** True when this call, on its own, satisfies rules 2, 3 and 5–8. */
  simple: boolean;
}

const DANGEROUS_ENV =
  /^(LD_\w+|DYLD_\w+|PATH|IFS|BASH_ENV|ENV|PROMPT_COMMAND|PS4|SHELLOPTS|BASHOPTS|GLOBIGNORE|PAGER|\w+_PAGER|EDITOR|VISUAL|GIT_\w+|LESSOPEN|LESSCLOSE|NODE_OPTIONS|PYTHONSTARTUP|PYTHONPATH|PERL5OPT|PERL5LIB|RUBYOPT|SSH_ASKPASS|SUDO_ASKPASS|BROWSER|MANPAGER|SHELL|npm_config_\w+|CARGO_\w+|RUSTC_WRAPPER|MAKEFLAGS|KUBECONFIG|DOCKER_HOST)$/i;

/**
 * The one argument with which every program only prints its version or usage and stops (or, not
 * knowing it, refuses and stops): plain for every program, with a rule or without (docs/permissions.md).
 */
const ONLY_PRINTS: ReadonlySet<string> = new Set(['--version', '-V', '--help']);

/** Wrappers that, when their arguments name no command, only print something. */
const RUN_NOTHING_ALONE = new Set(['env', 'arch', 'emulate', 'command', 'ssh-agent']);

/** Calls classified in place of scripts per command: candidates can branch, so the work is bounded. */
const MAX_RUNNER_CALLS = 64;

class Renderer {
  /** Shared by a renderer and the ones it starts for runner fallbacks. */
  constructor(private readonly runnerBudget = { left: MAX_RUNNER_CALLS }) {}

  readonly tokens: string[] = [];
  readonly programs: ProgramRef[] = [];
  readonly calls: CallFacts[] = [];
  /** Files named literally that are written, deleted or moved (for deny rules on path keys). */
  readonly targets: FileTarget[] = [];
  /** Folder changes (cd, pushd, env -C …): later relative targets may be relative to them. */
  readonly chdirs: (string | null)[] = [];
  /** Prompt lines about programs a package manager may run instead of a script. */
  readonly runnerNotes: string[] = [];
  private readonly notes: string[] = [];
  private readonly reasons: string[] = [];
  /** Appended as "#tag" when the tokens alone carry no structural character. */
  private tag = 'compound';
  /**
   * Something evaluates text as a variable name or an arithmetic expression (let, (( )), $(( )),
   * [[ ]], declare, a subscript, a name builtin): a variable's value, set anywhere in the command,
   * may then hold a subscript that runs code (subscripts.ts).
   */
  evaluatesNames = false;

  note(text: string, reason?: string): void {
    if (!this.notes.includes(text)) this.notes.push(text);
    if (reason !== undefined && !this.reasons.includes(reason)) this.reasons.push(reason);
  }

  compound(tag = this.tag): CommandClass {
    const tokens = [...this.tokens];
    // Never equal to a simple key: a compound key always carries a structural token.
    if (!STRUCTURAL_CHARS.test(tokens.join('-'))) tokens.push('#' + tag);
    const reason = this.reasons.length ? this.reasons.slice(0, 3).join('; ') : 'not a single literal call';
    const out: CommandClass = {
      kind: 'compound',
      key: keyFromTokens(tokens),
      programs: this.programs.map((p) => ({ ...p })),
      reason,
      notes: [...this.notes],
    };
    if (this.targets.length > 0) out.targets = this.targets.map((t) => ({ ...t }));
    if (this.chdirs.length > 0) out.chdirs = [...this.chdirs];
    return out;
  }

  private push(...t: string[]): void {
    this.tokens.push(...t);
  }

  /**
   * Marks code bash runs that no word shows (a subscript or expression evaluated from text, quotes
   * bash does not honour): `?` in the key (never remembered) and among the programs.
   */
  private hiddenCode(note: string, flag = 'subscript'): void {
    if (this.programs.some((p) => p.program === UNKNOWN) && this.tokens.includes('#' + flag)) return;
    this.push('#' + flag, UNKNOWN);
    this.programs.push({ program: UNKNOWN });
    this.note(note, flag === 'subscript' ? 'evaluates an array subscript or expression given as text' : note);
  }

  /**
   * After the walk: when names or expressions are evaluated anywhere, any literal word holding a
   * `[` with an expansion after it may reach one (`x='a[$(id)]'; echo $((x))`).
   */
  subscriptData(file: File): void {
    // Once a `?` is listed, every program deny applies and no answer is remembered: nothing to add.
    if (!this.evaluatesNames || this.programs.some((p) => p.program === UNKNOWN)) return;
    let found = false;
    walk(file, (n) => {
      if (found) return false;
      if (nodeType(n) !== 'Word') return true;
      const lit = wordInfo(n as Word).literal;
      if (lit !== null && hidesSubscriptCode(lit)) found = true;
      return !found;
    });
    if (found) this.hiddenCode('a literal holds an array subscript with an expansion, and the command evaluates names or arithmetic');
  }

  // Statements and commands.

  stmts(list: readonly Stmt[], depth: number): void {
    list.forEach((s, i) => {
      if (i > 0) {
        this.push(list[i - 1]!.Background ? '&' : ';');
        if (!list[i - 1]!.Background) this.note('runs several commands in sequence', 'more than one statement');
      }
      this.stmt(s, depth);
    });
    const last = list[list.length - 1];
    if (last?.Background) this.push('&');
  }

  stmt(s: Stmt, depth: number): void {
    if (s.Background) this.note('runs a command in the background (&)', 'backgrounded');
    if (s.Coprocess) this.note('runs a coprocess', 'coprocess');
    if (s.Negated) {
      this.push('!');
      this.note('negates an exit status (!)', 'negated');
    }
    if (s.Cmd) this.command(s.Cmd, depth);
    for (const r of s.Redirs) this.redirect(r, depth);
  }

  command(cmd: Node, depth: number): void {
    if (depth > MAX_DEPTH) {
      this.push(UNKNOWN);
      this.programs.push({ program: UNKNOWN });
      this.note('nested too deeply to inspect', 'nested too deeply');
      return;
    }
    const t = nodeType(cmd);
    switch (t) {
      case 'CallExpr':
        return this.callExpr(cmd as CallExpr, depth);
      case 'BinaryCmd': {
        const b = cmd as BinaryCmd;
        const op = BIN_TEXT[b.Op] ?? '?op';
        if (op === '|' || op === '|&') this.note('pipes output into another program (|)', 'pipeline');
        else this.note(`runs commands conditionally (${op})`, `list (${op})`);
        this.stmt(b.X, depth);
        this.push(op);
        this.stmt(b.Y, depth);
        return;
      }
      case 'Subshell':
      case 'Block': {
        this.note(
          t === 'Subshell' ? 'runs commands in a subshell ( … )' : 'groups commands { … }',
          t === 'Subshell' ? 'subshell' : 'command group',
        );
        this.push(t === 'Subshell' ? '(' : '{');
        this.stmts((cmd as StmtList).Stmts, depth + 1);
        this.push(t === 'Subshell' ? ')' : '}');
        return;
      }
      case 'IfClause': {
        let c: IfClause | null = cmd as IfClause;
        let first = true;
        while (c) {
          if (c.Cond.length > 0) {
            this.push(first ? 'if(' : 'elif(');
            this.stmts(c.Cond, depth + 1);
            this.push(')', 'then(');
            this.stmts(c.Then, depth + 1);
            this.push(')');
          } else {
            this.push('else(');
            this.stmts(c.Then, depth + 1);
            this.push(')');
          }
          first = false;
          c = c.Else;
        }
        this.note('contains an if statement', 'if statement');
        return;
      }
      case 'WhileClause': {
        const w = cmd as WhileClause;
        this.push(w.Until ? 'until(' : 'while(');
        this.stmts(w.Cond, depth + 1);
        this.push(')', 'do(');
        this.stmts(w.Do, depth + 1);
        this.push(')');
        this.note('contains a loop', 'loop');
        return;
      }
      case 'ForClause': {
        const f = cmd as ForClause;
        this.push(f.Select ? 'select(' : 'for(');
        if (nodeType(f.Loop) === 'WordIter') for (const w of (f.Loop as WordIter).Items) this.wordExpansions(w, depth);
        else this.exprExpansions(f.Loop, depth, ['Init', 'Cond', 'Post']);
        this.push(')', 'do(');
        this.stmts(f.Do, depth + 1);
        this.push(')');
        this.note('contains a loop', 'loop');
        return;
      }
      case 'CaseClause': {
        const c = cmd as CaseClause;
        this.push('case(');
        this.wordExpansions(c.Word, depth);
        this.push(')', 'in(');
        c.Items.forEach((it, i) => {
          if (i > 0) this.push(';;');
          for (const p of it.Patterns) this.wordExpansions(p, depth);
          this.stmts(it.Stmts, depth + 1);
        });
        this.push(')');
        this.note('contains a case statement', 'case statement');
        return;
      }
      case 'FuncDecl': {
        const f = cmd as FuncDecl;
        this.push(escapeName(f.Name?.Value ?? '') + '()');
        this.note(`defines a function ${f.Name?.Value ?? ''}`, 'function definition');
        this.stmt(f.Body, depth + 1);
        return;
      }
      case 'DeclClause': {
        const d = cmd as DeclClause;
        const variant = d.Variant.Value;
        this.evaluatesNames = true;
        this.push(escapeName(variant) + '(');
        for (const a of d.Args) this.assign(a, depth, true);
        this.push(')');
        this.note(`${variant} sets shell variables or attributes`, `${variant} statement`);
        return;
      }
      case 'LetClause':
        this.push('let(');
        for (const e of (cmd as unknown as { Exprs: Node[] }).Exprs) this.arith(e, depth);
        this.push(')');
        this.note('contains arithmetic (let)', 'let statement');
        return;
      case 'ArithmCmd':
        this.push('((');
        this.arith((cmd as unknown as { X: Node }).X, depth);
        this.push('))');
        this.note('contains arithmetic (( … ))', 'arithmetic command');
        return;
      case 'TestClause':
        this.evaluatesNames = true;
        this.push('[[');
        this.testExpr((cmd as unknown as { X: Node }).X, depth);
        this.push(']]');
        this.note('contains a test [[ … ]]', 'test clause');
        return;
      case 'TimeClause': {
        this.push('time(');
        const s = (cmd as TimeClause).Stmt;
        if (s) this.stmt(s, depth + 1);
        this.push(')');
        this.note('runs a command through time', 'time');
        return;
      }
      case 'CoprocClause':
        this.push('coproc(');
        this.stmt((cmd as CoprocClause).Stmt, depth + 1);
        this.push(')');
        this.note('starts a coprocess', 'coprocess');
        return;
      default:
        this.push(UNKNOWN);
        this.programs.push({ program: UNKNOWN });
        this.note(`contains a construct the classifier does not recognise (${t})`, `unrecognised ${t}`);
    }
  }

  redirect(r: Redirect, depth: number): void {
    if (isFdDup(r)) return;
    const op = (r.N ? r.N.Value : '') + (REDIR_TEXT[r.Op] ?? '?redir');
    this.push(op);
    if (r.Op === RedirOp.Hdoc || r.Op === RedirOp.DashHdoc) {
      this.note('feeds a here-document to a command', 'here-document');
      if (r.Hdoc) this.wordExpansions(r.Hdoc, depth);
      return;
    }
    if (r.Op === RedirOp.WordHdoc) {
      this.note('feeds a here-string to a command', 'here-string');
      if (r.Word) this.wordExpansions(r.Word, depth);
      return;
    }
    const info = r.Word ? wordInfo(r.Word) : undefined;
    const target = info?.literal ?? null;
    this.push(target === null || info?.brace || info?.glob ? UNKNOWN : escapeName(target));
    if (r.Word) this.wordExpansions(r.Word, depth);
    const shown = target ?? 'a file named at run time';
    const reading = r.Op === RedirOp.RdrIn || r.Op === RedirOp.DplIn;
    if (!reading && target !== null && !info?.brace && !info?.glob) this.targets.push({ path: target, access: 'write' });
    if (reading) this.note(`reads from ${shown} (redirection)`, 'redirection from a file');
    else if (r.Op === RedirOp.AppOut || r.Op === RedirOp.AppAll) this.note(`appends to ${shown} (redirection)`, 'redirection to a file');
    else this.note(`writes to ${shown} (redirection)`, 'redirection to a file');
  }

  assign(a: Assign, depth: number, inDecl = false): void {
    if (!a.Name) {
      // A naked word of declare/export: an option or a name computed at run time.
      if (a.Value) {
        const info = wordInfo(a.Value);
        const assigned = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/.exec(info.literal ?? '')?.[1];
        if (assigned !== undefined && CODE_VARIABLES.has(assigned))
          this.hiddenCode(`sets ${assigned}, which bash expands as code`, 'code_variable');
        this.push(info.literal === null ? UNKNOWN : escapeName(info.literal));
        this.wordExpansions(a.Value, depth);
      }
      return;
    }
    const name = a.Name.Value;
    if (CODE_VARIABLES.has(name)) this.hiddenCode(`sets ${name}, which bash expands as code`, 'code_variable');
    if (a.Naked) {
      this.push('$' + escapeName(name));
      return;
    }
    this.push('$' + escapeName(name) + (a.Append ? '+=' : '='));
    if (a.Index) this.arith(a.Index, depth);
    if (a.Array) {
      this.push(UNKNOWN);
      for (const e of a.Array.Elems) {
        if (e.Index) this.arith(e.Index, depth);
        if (e.Value) this.wordExpansions(e.Value, depth);
      }
    } else if (a.Value) {
      const info = wordInfo(a.Value);
      this.push(info.literal === null ? UNKNOWN : escapeName(info.literal));
      this.wordExpansions(a.Value, depth);
    } else this.push("''");
    if (!inDecl) this.note(`sets ${name} for the command`, 'leading variable assignment');
    if (DANGEROUS_ENV.test(name)) this.note(`sets ${name}, which can make a program run something else or load code`, `sets ${name}`);
  }

  callExpr(c: CallExpr, depth: number): void {
    for (const a of c.Assigns) this.assign(a, depth);
    if (c.Args.length === 0) {
      if (c.Assigns.length > 0) this.note('sets shell variables', 'variable assignment');
      return;
    }
    this.call(c.Args.map(wordInfo), c.Args, depth);
  }

  /** A call given as word facts (and, from the AST, the words for their expansions). */
  call(infos: WordInfo[], words: Word[] | undefined, depth: number): void {
    const argv: Arg[] = infos.map((i) => (i.brace ? null : i.literal));
    const head = infos[0]!;
    const facts: CallFacts = { argv, simple: true };
    this.calls.push(facts);
    const blockers: string[] = [];

    for (const i of infos) {
      if (i.literal === null || i.dynamic !== undefined) blockers.push(`contains ${i.dynamic ?? 'an expansion'}`);
      if (i.brace) {
        blockers.push('brace expansion');
      }
    }

    const program = head.literal;
    if (program !== null && hasNonAscii(program)) {
      throw new InvalidCommand(`the program name "${program}" contains non-ASCII characters, which can imitate another program`);
    }
    if (program === null || head.glob || head.brace) {
      this.push(UNKNOWN);
      this.programs.push({ program: UNKNOWN });
      this.note('the program to run is computed at run time', 'program name is not literal');
      blockers.push('program name is not literal');
      if (words) this.wordExpansions(words[0]!, depth);
      facts.simple = false;
      this.finishArgs(infos, words, depth, blockers, facts);
      return;
    }
    if (!PLAIN_PROGRAM.test(program) || head.quoted || head.tilde) {
      blockers.push('program name is not a plain name');
      facts.simple = false;
      this.tag = head.quoted ? 'quoted' : program.includes('/') ? 'path' : 'unusual_name';
      if (head.quoted) this.note(`the program name is quoted or escaped (runs ${program})`, 'program name is quoted or escaped');
      else if (program.includes('/')) this.note(`runs a program by path: ${program}`, 'program run by path');
      else this.note(`unusual program name: ${program}`, 'program name is not a plain name');
    }
    const refName = program.includes('/') ? program.slice(program.lastIndexOf('/') + 1) || program : program;
    this.push(escapeName(program));

    // Rules are looked up under the canonical name (python3.12 → python, BASH → bash).
    const rules = tableName(refName);
    const names = nameOperands(rules, argv);
    if (names.length > 0) this.evaluatesNames = true;
    if (names.some((n) => n !== null && CODE_VARIABLES.has(n)))
      this.hiddenCode(`${refName} sets a variable bash expands as code`, 'code_variable');
    const ref: ProgramRef = { program: refName };
    const rule = programRule(rules);
    this.programs.push(ref);
    const effects: Effect[] = [];

    if (argv.length === 2 && argv[1] !== null && ONLY_PRINTS.has(argv[1]!)) {
      // `P --version`, `P -V`, `P --help`: every program prints (or refuses) and stops, whatever its rule.
    } else if (rule?.wrapper) {
      blockers.push(`runs a program through ${refName}`);
      const use = rule.wrapper(argv);
      // `env` alone (or with only NAME=value operands) prints the environment, `arch` alone the
      // machine type, `command -v x` looks a name up: no inner program.
      if (use && use.effects.length > 0) effects.push(...use.effects);
      else if (use && !RUN_NOTHING_ALONE.has(rules)) effects.push({ flag: '', runs: { kind: 'none' }, note: `runs ${refName}` });
      else blockers.pop();
    } else {
      let sub: { subcommand?: string; index?: number } = {};
      if (rule?.subcommands) {
        const d = detectSubcommand(rule, argv);
        if (d.unknownOption !== undefined) {
          blockers.push('unknown option before the subcommand');
          // Deny rules on a subcommand must still see every word that could be it, and the key pins
          // them (one token: the unknown option and the candidates), so a grant never covers another.
          const candidates = argv
            .map((a, i) => ({ a, i }))
            .filter((c): c is { a: string; i: number } => c.i > 0 && c.a !== null && !c.a.startsWith('-'))
            .slice(0, 3);
          effects.push({
            flag: 'unknown_option',
            value: [d.unknownOption, ...candidates.map((c) => c.a)].join(' '),
            note: `${refName} option ${d.unknownOption} is not known to the classifier, so the subcommand is uncertain`,
          });
          // Each candidate as typed and as the program resolves it (`publ` is npm's publish).
          const runsOf = (s: { subcommand?: string; index?: number }): number =>
            argEffects(rule, rules, argv, s).filter((e) => e.runs !== undefined && e.runs.kind !== 'none').length;
          const runsAlone = runsOf({});
          let runner = false;
          for (const { a, i } of candidates) {
            this.programs.push({ program: refName, subcommand: a });
            const canonical = rule.alias?.(a, argv, i) ?? a;
            if (canonical !== a) this.programs.push({ program: refName, subcommand: canonical });
            if (!runner && runsOf({ subcommand: canonical, index: i }) > runsAlone) runner = true;
          }
          // A candidate that runs another program (`npm --x exec -c 'rm y'`, `yarn --x exec 'a | b'`)
          // reads its own options from words the unknown option may have taken: what it runs is unknown.
          // …as does one inside a yarn workspace front: the command after it is any yarn command.
          if (runner || d.frontUnknown) {
            this.programs.push({ program: UNKNOWN });
            this.note(
              `${refName} may run a program that cannot be known past the unknown option`,
              'unknown option before a subcommand that runs programs',
            );
          }
          // …and, for a package manager, the program each candidate may be (`pnpm bash`).
          if (rule.runner) {
            const scriptRunner = rule.runner;
            const runs = candidates.flatMap(({ a, i }) => runnerPrograms(rules, scriptRunner, argv, a, i));
            this.runnerFallback(
              refName,
              infos,
              runs.filter((r, k) => runs.findIndex((o) => o.index === r.index) === k),
              depth,
            );
          }
        } else if (d.subcommand !== undefined) {
          sub = d;
          ref.subcommand = d.subcommand;
          facts.subcommand = d.subcommand;
          // The key names what runs: npm's `publ`, `pnpm rm`, `cargo b` are publish, remove, build.
          this.push(escapeName(d.subcommand));
          if (d.typed !== undefined) this.note(`${refName} runs "${d.typed}" as ${d.subcommand}`);
          if (rule.runner && d.index !== undefined)
            this.runnerFallback(refName, infos, runnerPrograms(rules, rule.runner, argv, d.typed ?? d.subcommand, d.index), depth);
        } else if (d.dynamic && rule.runner) {
          // `pnpm $CMD`: the word may name a program, which cannot be known before it runs.
          this.programs.push({ program: UNKNOWN, runBy: refName });
          this.note(`${refName} may run a program named at run time`, 'runs a program computed at run time');
        }
      }
      effects.push(...argEffects(rule, rules, argv, sub));
      // A program without an option allowlist (or none at all) meets the default (programs/noSpec.ts).
      if (rule === undefined || rule.policy.kind === 'default') effects.push(...noSpecEffects(refName, argv, rule !== undefined, effects));
      if (effects.length > 0) blockers.push('an argument runs another program or writes a file');
      const guarded = rule?.effects !== undefined || rule?.subcommands !== undefined;
      // Also `-*`, `--*`: those expand only to names that ARE options.
      if (guarded && infos.slice(1).some((i) => i.glob && /^[-*?[]/.test(i.literal ?? ''))) {
        effects.push({ flag: 'glob', note: `a wildcard could expand to file names that ${refName} reads as options` });
        blockers.push('wildcard could expand to options');
      }
    }
    for (const e of effects) this.effect(e, depth);
    this.targets.push(...utilityTargets(rules, argv));
    const moved = folderChange(rules, argv);
    if (moved) this.chdirs.push(moved.to);
    this.finishArgs(infos, words, depth, blockers, facts);
  }

  /**
   * Programs a package manager may run in place of a script (programs/node/scriptRunners.ts): each is classified
   * as its own call (`pnpm git push` may run git push, `pnpm bash -c 'rm x'` bash and rm) and its
   * programs are listed with runBy set, for deny rules. The key and the verdict stay the runner's.
   */
  private runnerFallback(runner: string, infos: WordInfo[], runs: RunnerProgram[], depth: number): void {
    for (const r of runs) {
      if (!this.runnerNotes.includes(r.note)) this.runnerNotes.push(r.note);
      this.note(r.note);
      // Past the bounds, a program that cannot be known: every program deny applies (fail closed).
      if (depth + 1 > MAX_DEPTH || this.runnerBudget.left <= 0) {
        this.programs.push({ program: UNKNOWN, runBy: runner });
        continue;
      }
      this.runnerBudget.left--;
      const inner = new Renderer(this.runnerBudget);
      inner.call(infos.slice(r.index), undefined, depth + 1);
      for (const p of inner.programs) this.programs.push({ ...p, runBy: runner });
    }
  }

  private finishArgs(infos: WordInfo[], words: Word[] | undefined, depth: number, blockers: string[], facts: CallFacts): void {
    if (infos.some((i) => i.brace)) {
      this.push('#brace');
      this.note('brace expansion turns one word into several', 'brace expansion');
    }
    if (words) for (const w of words.slice(1)) this.wordExpansions(w, depth);
    if (blockers.length > 0) facts.simple = false;
    // Quoting forms that hide a value without an expansion token of their own.
    for (const i of infos) if (i.dynamic && /ANSI-C|locale/.test(i.dynamic)) this.note(`contains ${i.dynamic}`, i.dynamic);
  }

  effect(e: Effect, depth: number): void {
    if (e.flag) this.push('#' + escapeName(e.flag.replace(/-/g, '_')));
    if (e.value !== undefined) this.push(e.value === null ? UNKNOWN : escapeName(e.value));
    if (e.writes !== undefined) {
      if (e.writes !== null) this.targets.push({ path: e.writes, access: 'write' });
      this.push('>', e.writes === null ? UNKNOWN : escapeName(e.writes));
      this.note(`writes to ${e.writes ?? 'a file named at run time'} (${e.note})`, e.note);
    } else this.note(e.note, e.note);
    if (e.runs) this.inner(e.runs, depth + 1);
  }

  inner(inner: Inner, depth: number): void {
    this.push('[');
    if (depth > MAX_DEPTH) {
      this.push(UNKNOWN);
      this.programs.push({ program: UNKNOWN });
      this.note('nested too deeply to inspect', 'nested too deeply');
    } else if (inner.kind === 'argv') {
      if (inner.argv.length > 0) {
        const infos = inner.argv.map((a): WordInfo => ({
          literal: a,
          quoted: false,
          glob: a !== null && /[*?[]/.test(a),
          brace: false,
          tilde: false,
        }));
        this.call(infos, undefined, depth);
      }
    } else if (inner.kind === 'script') {
      this.script(inner.text, depth);
    } else if (inner.kind === 'opaque') {
      this.push(inner.text === null ? UNKNOWN : UNKNOWN + createHash('sha256').update(inner.text).digest('hex').slice(0, 8));
      this.programs.push({ program: UNKNOWN });
      this.note('runs code or a program the classifier cannot inspect', 'runs something that cannot be inspected');
    } else if (inner.kind === 'file') {
      const p = inner.path;
      this.push(p === null ? UNKNOWN : escapeName(p));
      this.programs.push({ program: p === null ? UNKNOWN : p.slice(p.lastIndexOf('/') + 1) || p });
      this.note(`runs the script ${p ?? '(named at run time)'}`, 'runs a script file');
    }
    this.push(']');
  }

  /** A literal shell script run by another program (bash -c, eval, git -c core.pager=…). */
  script(text: Arg, depth: number): void {
    if (text === null) {
      this.push(UNKNOWN);
      this.programs.push({ program: UNKNOWN });
      this.note('runs a script that is only known at run time', 'runs a script computed at run time');
      return;
    }
    if (hasAlwaysInvalid(text)) throw new InvalidCommand('an inner script contains control, escape or bidi characters');
    if (text.includes('#') && /\\\n/.test(text) && commentEndsWithBackslash(text))
      throw new InvalidCommand('an inner script has a comment ending with a backslash, which the parser and bash read differently');
    const parsed = parseBash(text);
    if (!parsed.ok) {
      this.push(UNKNOWN);
      this.programs.push({ program: UNKNOWN });
      this.note(`runs a script that does not parse (${parsed.message})`, 'runs a script that does not parse');
      return;
    }
    this.note('runs a shell script given as an argument', 'runs a shell script');
    this.stmts(parsed.file.Stmts, depth + 1);
  }

  // Expansions inside words, arithmetic and tests.

  wordExpansions(w: Word, depth: number): void {
    for (const p of w.Parts) this.part(p, depth);
  }

  part(p: Node, depth: number, inDouble = false): void {
    const t = nodeType(p);
    switch (t) {
      case 'Lit':
      case 'SglQuoted':
        return;
      case 'ExtGlob': {
        // Pinned in the key: under zsh (a login shell the terminal may use) `*(e:cmd:)` is a glob
        // qualifier that runs cmd, so two extended globs must never share a key.
        const g = p as unknown as { Op: number; Pattern: Lit | null };
        this.push('#extglob', escapeName(String(g.Op) + ':' + (g.Pattern?.Value ?? '')));
        this.note('contains an extended glob', 'extended glob');
        return;
      }
      case 'DblQuoted':
        for (const q of (p as DblQuoted).Parts) this.part(q, depth, true);
        return;
      case 'ParamExp': {
        const e = p as ParamExp;
        // Inside double quotes, bash reads '…' in `${x:-'…'}` as plain characters and expands what
        // is between them; the parser reads single quotes: `"${x:-'$(id)'}"` runs id.
        if (inDouble && [e.Exp?.Word, e.Repl?.Orig, e.Repl?.With].some((w) => w && quotedExpansion(w)))
          this.hiddenCode(
            'single quotes inside a double-quoted ${…} are plain characters to bash: the text between them is expanded',
            'quoted_expansion',
          );
        const name = e.Param?.Value ?? '';
        this.push('$' + (e.Excl ? '!' : e.Length ? '#' : '') + escapeName(name));
        this.note(`expands the variable ${name}`, 'parameter expansion');
        // ${!x} reads x's value as a name (a subscript in it is evaluated); ${x@P} expands x's
        // value as a prompt string, substitutions included: code held in a variable.
        if (e.Excl) this.evaluatesNames = true;
        if (e.Exp?.Op === PARAM_TRANSFORM && e.Exp.Word && wordInfo(e.Exp.Word).literal !== 'Q' && wordInfo(e.Exp.Word).literal !== 'a')
          this.hiddenCode(`\${${name}@…} can expand the value of ${name} as code`, 'prompt_expansion');
        if (e.Index) this.arith(e.Index, depth);
        if (e.Exp?.Word) this.wordExpansions(e.Exp.Word, depth);
        if (e.Repl?.Orig) this.wordExpansions(e.Repl.Orig, depth);
        if (e.Repl?.With) this.wordExpansions(e.Repl.With, depth);
        if (e.Slice?.Offset) this.arith(e.Slice.Offset, depth);
        if (e.Slice?.Length) this.arith(e.Slice.Length, depth);
        return;
      }
      case 'CmdSubst':
        this.push('$(');
        this.stmts((p as CmdSubst).Stmts, depth + 1);
        this.push(')');
        this.note('contains command substitution', 'command substitution');
        return;
      case 'ProcSubst': {
        const ps = p as ProcSubst;
        this.push(PROC_TEXT[ps.Op] ?? '?(');
        this.stmts(ps.Stmts, depth + 1);
        this.push(')');
        this.note('contains process substitution', 'process substitution');
        return;
      }
      case 'ArithmExp':
        this.push('$((');
        this.arith((p as unknown as { X: Node }).X, depth);
        this.push('))');
        this.note('contains arithmetic expansion', 'arithmetic expansion');
        return;
      default:
        this.push(UNKNOWN);
        this.note(`contains a word part the classifier does not recognise (${t})`, `unrecognised ${t}`);
    }
  }

  arith(n: Node | null, depth: number): void {
    if (!n) return;
    const t = nodeType(n);
    this.evaluatesNames = true;
    if (t === 'Word') {
      // Quoted text in arithmetic is evaluated again: `$(( 'a[$(id)]' ))`, `${b['$(id)']}`.
      const lit = wordInfo(n as Word).literal;
      if (lit !== null && hidesArithmeticCode(lit)) this.hiddenCode('arithmetic evaluates quoted text holding an expansion');
      return this.wordExpansions(n as Word, depth);
    }
    if (t === 'BinaryArithm' || t === 'UnaryArithm' || t === 'ParenArithm') {
      const x = n as unknown as { X?: Node | null; Y?: Node | null };
      this.arith(x.X ?? null, depth);
      this.arith(x.Y ?? null, depth);
      return;
    }
    this.push(UNKNOWN);
    this.note(`contains arithmetic the classifier does not recognise (${t})`, `unrecognised ${t}`);
  }

  exprExpansions(n: Node, depth: number, fields: string[]): void {
    const o = n as unknown as Record<string, Node | null>;
    for (const f of fields) this.arith(o[f] ?? null, depth);
  }

  testExpr(n: Node | null, depth: number): void {
    if (!n) return;
    const t = nodeType(n);
    if (t === 'Word') return this.wordExpansions(n as Word, depth);
    if (t === 'BinaryTest' || t === 'UnaryTest' || t === 'ParenTest') {
      const x = n as unknown as { X?: Node | null; Y?: Node | null };
      this.testExpr(x.X ?? null, depth);
      this.testExpr(x.Y ?? null, depth);
      return;
    }
    this.push(UNKNOWN);
    this.note(`contains a test the classifier does not recognise (${t})`, `unrecognised ${t}`);
  }
}

/** The `${x@op}` operator (mvdan-sh's number in this build, probed in parserCorners.test.ts). */
export const PARAM_TRANSFORM = 84;

/** Variables bash expands as code: PS4 before every traced command (`set -x`). */
const CODE_VARIABLES = new Set(['PS4']);

/** Single-quoted text holding `$` or a backquote anywhere in a word. */
function quotedExpansion(w: Word): boolean {
  let found = false;
  walk(w, (n) => {
    if (nodeType(n) === 'SglQuoted' && /[$`]/.test((n as Lit).Value)) found = true;
    return !found;
  });
  return found;
}

/** `2>&1`, `>&2`, `<&0`, `>&-`, `3>&1-`: duplicating or closing a descriptor, not a file. */
/** The effects of a call's arguments under its rule (none for a program without one). */
function argEffects(
  rule: ProgramRule | undefined,
  name: string,
  argv: readonly Arg[],
  sub: { subcommand?: string; index?: number },
): Effect[] {
  return rule?.effects ? rule.effects(argv, sub, name) : [];
}

export function isFdDup(r: Redirect): boolean {
  if (r.Op !== RedirOp.DplOut && r.Op !== RedirOp.DplIn) return false;
  if (r.Hdoc || !r.Word || r.Word.Parts.length !== 1 || nodeType(r.Word.Parts[0]) !== 'Lit') return false;
  if (r.N && !/^[0-9]+$/.test(r.N.Value)) return false;
  return /^([0-9]+-?|-)$/.test((r.Word.Parts[0] as Lit).Value);
}
