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
 * This file holds the entry and the verdicts; the walk that builds a key is commandVisitor.ts
 * (commands and calls) on wordVisitor.ts (words) on keyRecord.ts (the facts gathered).
 *
 * What makes a command simple, the compound key grammar and `programs`/`notes` are written once, in
 * docs/permissions.md ("Compound key grammar", "Classification of a command"): change them there
 * together with this file.
 */
import type { CallExpr, File, Node } from './ast.js';
import { byteToIndexMap, describeChar, hasAlwaysInvalid, hasSuspicious, isEmojiGlue, suspiciousAt } from './chars.js';
import { InvalidCommand, type CommandClass } from './commandClass.js';
import { CommandVisitor, isFdDup } from './commandVisitor.js';
import { COMMENT_CONTINUATION, commentEndsWithBackslash, hasContinuation, joinAll, needsPlacing } from './continuations.js';
import { PLAIN_PROGRAM } from './keyTokens.js';
import { nodeType, parseBash, walk } from './parser.js';
import type { WordInfo } from './words.js';

export type { CommandClass, ProgramRef } from './commandClass.js';

/** Longest command that can still be simple. */
export const MAX_SIMPLE_LENGTH = 10_000;
/** Longest command classified at all. */
export const MAX_COMMAND_LENGTH = 1_000_000;

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

  const r = new CommandVisitor();
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
function simpleVerdict(file: File, r: CommandVisitor): CommandClass | undefined {
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

function simpleResult(argv: string[], subcommand: string | undefined, r: CommandVisitor): CommandClass {
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
  const r = new CommandVisitor();
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
