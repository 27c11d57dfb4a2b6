/**
 * Properties of the classifier over generated input:
 * - a `simple` verdict implies the AST is ONE literal call with no redirection but fd duplication,
 *   checked by an independent walk over the parser's AST (not the classifier's own code), and the
 *   key is `run_command:` + argv[0];
 * - classification never throws, on any string;
 * - the fast path (no parse) agrees with the parser on every command it accepts;
 * - compound keys never look like simple keys, and equal keys mean equal program lists.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallExpr, DblQuoted, Lit, Node, Redirect, SglQuoted, Word } from './ast.js';
import { classifyCommand, classifyCommandViaParser } from './classify.js';
import { PLAIN_PROGRAM } from './keyTokens.js';
import { nodeType, parseBash, walk } from './parser.js';

const EXPANDING = new Set(['ParamExp', 'CmdSubst', 'ArithmExp', 'ProcSubst', 'ExtGlob', 'BraceExp']);

/** Independent reading of "a single literal call": straight from the AST. */
function isSingleLiteralCall(command: string): { ok: true; words: string[] } | { ok: false; why: string } {
  const p = parseBash(command);
  if (!p.ok) return { ok: false, why: 'parse error' };
  if (p.file.Stmts.length !== 1) return { ok: false, why: 'statements' };
  const st = p.file.Stmts[0]!;
  if (st.Negated || st.Background || st.Coprocess) return { ok: false, why: 'flags' };
  if (nodeType(st.Cmd) !== 'CallExpr') return { ok: false, why: 'not a call' };
  const call = st.Cmd as CallExpr;
  if (call.Assigns.length) return { ok: false, why: 'assignments' };
  for (const r of st.Redirs as Redirect[]) {
    const w = r.Word?.Parts.length === 1 && nodeType(r.Word.Parts[0]) === 'Lit' ? (r.Word.Parts[0] as Lit).Value : '';
    if (!((r.Op === 58 || r.Op === 59) && /^([0-9]+-?|-)$/.test(w))) return { ok: false, why: 'redirect' };
  }
  let expanding = false;
  walk(st, (n: Node) => {
    if (EXPANDING.has(nodeType(n))) expanding = true;
    if (nodeType(n) === 'SglQuoted' && (n as SglQuoted).Dollar) expanding = true;
    if (nodeType(n) === 'DblQuoted' && (n as DblQuoted).Dollar) expanding = true;
    return true;
  });
  if (expanding) return { ok: false, why: 'expansion' };
  const words = call.Args.map((w: Word) => w.Parts.map((x) => nodeType(x)).join('+'));
  const head = call.Args[0]!;
  if (head.Parts.length !== 1 || nodeType(head.Parts[0]) !== 'Lit') return { ok: false, why: 'program word not a single literal part' };
  const program = (head.Parts[0] as Lit).Value;
  if (!PLAIN_PROGRAM.test(program)) return { ok: false, why: 'program not plain' };
  return { ok: true, words: [program, ...words.slice(1)] };
}

const PIECES = [
  'git',
  'ls',
  'echo',
  'rm',
  'sudo',
  'find',
  'sed',
  'npm',
  'bash',
  'cat',
  'x',
  '-c',
  '-la',
  '-exec',
  '-i',
  'push',
  'status',
  "'a b'",
  '"c d"',
  '"$x"',
  '$HOME',
  '$(id)',
  '`id`',
  '$((1))',
  '<(ls)',
  '>',
  '>>',
  '<',
  '2>&1',
  '>&2',
  '&>',
  '|',
  '||',
  '&&',
  ';',
  '&',
  '!',
  '(',
  ')',
  '{',
  '}',
  '\\',
  '\\\n',
  '\n',
  '#',
  '*',
  '?',
  '[a]',
  '{a,b}',
  '~',
  'a=b',
  '--',
  '-',
  "$'\\x41'",
  '$"x"',
  '"\\$"',
  "'\\''",
  'g\\it',
  '"g"it',
  '\u200B',
  '\r',
  '\u00A0',
  'é',
  'ɡit',
  '<<EOF\nx\nEOF',
  '=',
  '%',
  '@',
  '+',
  ':',
  ',',
];

const commandArb = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 }).chain((ws) => fc.constantFrom(ws.join(' '), ws.join(''))),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom(...'abgit -$()\'"\\|&;<>*?[]{}~=#\n\t'), maxLength: 40 }),
);

describe('classifier properties', () => {
  it('a simple verdict implies one literal call (independent AST walk) and key = run_command:argv[0]', () => {
    fc.assert(
      fc.property(commandArb, (command) => {
        const c = classifyCommand(command);
        if (c.kind !== 'simple') return;
        const check = isSingleLiteralCall(command);
        expect(check, `${JSON.stringify(command)} was simple`).toMatchObject({ ok: true });
        expect(c.key).toBe(`run_command:${c.argv[0]}`);
        expect(c.program).toBe(c.argv[0]);
        expect(c.argv.length).toBe(check.ok ? check.words.length : -1);
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws: every string gets a verdict of a known shape', () => {
    fc.assert(
      fc.property(fc.oneof(commandArb, fc.string({ unit: 'binary', maxLength: 60 })), (command) => {
        const c = classifyCommand(command);
        expect(['simple', 'compound', 'invalid']).toContain(c.kind);
        if (c.kind === 'invalid') expect(c.key).toBeNull();
        else expect(c.key.startsWith('run_command:')).toBe(true);
        if (c.kind === 'compound') expect(PLAIN_PROGRAM.test(c.key.slice('run_command:'.length))).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('the fast path agrees with the parser', () => {
    const safe = fc.string({ unit: fc.constantFrom(...'abcgitrmfndx0189_./=:,@+%- \t\'"$`\\!;&|*?é\n'), minLength: 1, maxLength: 30 });
    const words = fc
      .array(
        fc.constantFrom(
          'git',
          'push',
          '-C',
          'sub',
          'status',
          'find',
          '-exec',
          'rm',
          'sudo',
          'tar',
          '-I',
          'x',
          'npm',
          '--prefix',
          'a=b',
          'for',
          'time',
          'sort',
          '-o',
          'f',
          '"a b"',
          "'c;d'",
          '"$x"',
          '"e\\"f"',
          "''",
          '""',
          '"-"c',
          "'-o'",
          '"ls"',
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((w) => w.join(' '));
    fc.assert(
      fc.property(fc.oneof(safe, words), (command) => {
        expect(classifyCommand(command)).toEqual(classifyCommandViaParser(command));
      }),
      { numRuns: 3000 },
    );
  });

  it('equal compound keys mean equal program lists (names with dashes included)', () => {
    const prog = fc.constantFrom('git', 'git-lfs', 'docker', 'docker-compose', 'rm', 'ls', 'npm', 'a-b', 'a', 'b');
    const arg = fc.constantFrom('status', 'push', 'lfs', 'compose', 'b', '-rf', 'x');
    const call = fc.tuple(prog, fc.array(arg, { maxLength: 2 })).map(([p, a]) => [p, ...a].join(' '));
    const op = fc.constantFrom(' && ', ' || ', ' ; ', ' | ');
    const cmd = fc.tuple(call, op, call).map(([a, o, b]) => a + o + b);
    const seen = new Map<string, string>();
    fc.assert(
      fc.property(cmd, (command) => {
        const c = classifyCommand(command);
        expect(c.kind).toBe('compound');
        if (c.kind !== 'compound') return;
        const progs = JSON.stringify(c.programs);
        const before = seen.get(c.key);
        if (before !== undefined) expect(progs, `${command} shares ${c.key}`).toBe(before);
        seen.set(c.key, progs);
      }),
      { numRuns: 3000 },
    );
    expect(classifyCommand('git lfs && ls').key).not.toBe(classifyCommand('git-lfs && ls').key);
  });
});
