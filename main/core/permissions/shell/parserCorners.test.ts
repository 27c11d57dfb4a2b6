/**
 * Red-team table for parser corners: line continuations that bash
 * joins before it forms tokens, and array subscripts that bash evaluates from text. Each row says
 * whether bash really runs `id`, and the last block proves it: every row runs under `bash -c` with
 * a stub `id` on PATH that leaves a marker (each was also traced with a sandboxed bash trace (bubblewrap + strace)).
 *
 * The rule checked for every row: when bash runs id, the command is never simple and never hides
 * it: it is invalid, or compound with `id` or `?` among its programs (so a deny rule on id, or any
 * program deny, refuses it, and no answer is remembered for a `?`).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallExpr, ParamExp } from './ast.js';
import { classifyCommand, classifyCommandViaParser } from './classify.js';
import { PARAM_TRANSFORM } from './wordVisitor.js';
import { parseBash } from './parser.js';
import { useTempDir } from '../../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

type Verdict = 'invalid' | 'runs-id' | 'unknown' | 'compound' | 'simple';
/** command, expected verdict, does bash run id, why. */
type Row = [command: string, verdict: Verdict, bashRunsId: boolean, why: string];

const CONTINUATIONS: Row[] = [
  ['echo "$\\\n(id)"', 'runs-id', true, '$ then backslash-newline then ( inside double quotes is $('],
  ['echo $\\\n(id)', 'runs-id', true, 'the same unquoted (the parser alone refused it as a syntax error)'],
  ['echo "$\\\n{x:-$\\\n(id)}"', 'runs-id', true, '${ joined, and a $( inside it'],
  ['echo $\\\n((a[$\\\n(id)]))', 'runs-id', true, '$(( joined, a subscript with $( inside'],
  ['echo "$(\\\n(id))"', 'compound', false, '$( then a continuation then ( is $(( as bash reads it: arithmetic, id a variable'],
  ['x=$\\\n(id) true', 'runs-id', true, 'an assignment value'],
  ['ev\\\nal id', 'runs-id', true, 'a continuation inside the program name'],
  ['false |\\\n| id', 'runs-id', true, 'a continuation inside the || operator'],
  ['echo a &\\\n& id', 'runs-id', true, 'a continuation inside the && operator'],
  ['cat <\\\n(id)', 'runs-id', true, 'a continuation inside <( (process substitution)'],
  ['echo "`\\\nid`"', 'runs-id', true, 'inside backquotes inside double quotes'],
  ["echo 'it'\\''s '$\\\n(id)", 'runs-id', true, 'after single-quoted text and an escaped quote'],
  ['echo \\\\\\\n$\\\n(id)', 'runs-id', true, 'an escaped backslash, then a continuation, then $\\⏎('],
  ['echo \\\\\nid', 'runs-id', true, 'an escaped backslash before a newline is no continuation: id is the next line'],
  ['cat <<E\n$\\\n(id)\nE', 'runs-id', true, 'an unquoted here-document body joins too'],
  ["cat <<'E'\na\\\nE\nid\nE", 'runs-id', true, 'a quoted here-document keeps it: E ends the body, id runs'],
  ['bash -c \'echo "$\\\n(id)"\'', 'runs-id', true, 'the same inside an inner script'],
  ['ls # x\\\nid', 'invalid', true, 'a comment ends at the newline in bash; the parser joined it'],
  ['echo "$(echo a # x\\\nid)"', 'invalid', true, 'the same inside a substitution inside double quotes'],
  ["echo 'a\\\n$(id)'", 'simple', false, 'single quotes keep the continuation: literal text'],
  ["echo $'a\\\n$(id)'", 'compound', false, "$'…' keeps it too"],
  [
    'echo "${x:-\'$\\\n(id)\'}"',
    'unknown',
    false,
    'in \'…\' inside "${…}" bash keeps it ($ then \\ is a literal $); the quotes themselves are not honoured: ?',
  ],
  ["cat <<'E'\n$\\\n(id)\nE", 'compound', false, 'a quoted here-document body is literal'],
];

const SUBSCRIPTS: Row[] = [
  ["test -v 'a[$(id)]'", 'unknown', true, 'the plain case'],
  ["test -v 'a[b[0]$(id)]'", 'unknown', true, 'behind a nested subscript'],
  ['test -v \'a["]"$(id)]\'', 'unknown', true, 'behind a quoted ]'],
  ["test -v 'a[\\]$(id)]'", 'unknown', true, 'behind an escaped ]'],
  ["test -v 'a[`id`]'", 'unknown', true, 'backquotes'],
  ["printf -v 'a[b[0]$(id)]' x", 'unknown', true, 'printf -v, separate value'],
  ["printf -v'a[b[0]$(id)]' x", 'unknown', true, 'printf -v, attached value'],
  ["read 'a[b[0]$(id)]' < /dev/null", 'unknown', true, 'read names'],
  ["declare 'a[b[0]$(id)]=1'", 'unknown', true, 'declare'],
  ["[[ -v 'a[b[0]$(id)]' ]]", 'unknown', true, '[[ -v ]] with a quoted name'],
  ["[[ 'a[$(id)]' -eq 1 ]]", 'unknown', true, 'arithmetic comparison in [[ ]] evaluates a quoted operand'],
  ["let 'a[b[0]$(id)]=1'", 'unknown', true, 'let'],
  ["let 'x=a[$(id)]'", 'unknown', true, 'let, on the right'],
  ["echo $(( 'a[$(id)]' ))", 'unknown', true, 'arithmetic expansion of quoted text'],
  ["echo ${b['a[$(id)]']}", 'unknown', true, 'a quoted subscript of a parameter expansion'],
  ["a['$(id)']=1", 'unknown', true, 'a quoted subscript of an assignment'],
  ["x='a[$(id)]'; echo $((x))", 'unknown', true, "a variable's value is evaluated as an expression"],
  ["for i in 'a[$(id)]'; do echo $((i)); done", 'unknown', true, 'the same through a loop variable'],
  ["test 'a[$(id)]' -eq 1", 'simple', false, 'test -eq does not evaluate expressions'],
  ["printf -v x '%s' 'a[$(id)]'", 'simple', false, 'a printf argument is a value, not a name'],
  ["printf '[%s] costs $%d\\n' a 5", 'simple', false, 'a printf format is not a name'],
  ["test -v 'a[0]'", 'simple', false, 'a plain subscript'],
  ['read -r line', 'simple', false, 'ordinary'],
];

/** Quotes the parser honours and bash does not: single quotes inside a double-quoted ${…}. */
const QUOTES: Row[] = [
  ['echo "${x:-\'$(id)\'}"', 'unknown', true, '\'…\' in "${x:-…}" is plain text to bash: $(id) runs'],
  ['echo "${x-\'$(id)\'}"', 'unknown', true, 'the same with -'],
  ['x=1; echo "${x:+\'$(id)\'}"', 'unknown', true, 'the same with :+'],
  ['echo "${x:=\'$(id)\'}"', 'unknown', true, 'the same with :='],
  ['echo "${x:-\'`id`\'}"', 'unknown', true, 'backquotes'],
  ['echo "${x:-\'${y:-$(id)}\'}"', 'unknown', true, 'nested'],
  ['echo "${x#\'$(id)\'}"', 'unknown', false, 'pattern operators honour the quotes; ? all the same (fail closed)'],
  ["echo ${x:-'$(id)'}", 'compound', false, 'unquoted ${…}: the single quotes are quotes'],
];

/** Code held in a variable's value, run by an expansion that reads the value as a name or code. */
const VALUES: Row[] = [
  ["x='a[$(id)]'; echo ${!x}", 'unknown', true, '${!x} reads the value as a name: its subscript is evaluated'],
  ["x='$(id)'; echo ${x@P}", 'unknown', true, '${x@P} expands the value as a prompt string'],
  ["PS4='$(id)'; set -x; true", 'unknown', true, 'PS4 is expanded before every traced command'],
  ["export 'PS4=$(id)'; set -x; true", 'unknown', true, 'the same through export'],
  ["for ((i='a[$(id)]'; i<1; i++)); do :; done", 'unknown', true, 'an arithmetic for loop'],
  ["x=abc; echo ${x:'a[$(id)]':1}", 'unknown', true, 'a substring offset is arithmetic'],
  ["declare -i n; n='a[$(id)]'", 'unknown', true, 'assigning an integer variable evaluates the value'],
  ["echo $[ 'a[$(id)]' ]", 'unknown', true, 'the old $[ ] arithmetic'],
  ['echo ${x@Q}', 'compound', false, '@Q only quotes'],
];

function verdictOf(command: string): Verdict {
  const c = classifyCommand(command);
  if (c.kind !== 'compound') return c.kind;
  if (c.programs.some((p) => p.program === '?')) return 'unknown';
  if (c.programs.some((p) => p.program === 'id')) return 'runs-id';
  return 'compound';
}

describe('parser corners: classifier verdicts', () => {
  for (const [command, verdict, runsId, why] of [...CONTINUATIONS, ...SUBSCRIPTS, ...QUOTES, ...VALUES]) {
    it(`${JSON.stringify(command)} → ${verdict} (${why})`, () => {
      expect(verdictOf(command)).toBe(verdict);
      // The fast path never takes these: the parser's verdict is the same.
      expect(classifyCommandViaParser(command)).toEqual(classifyCommand(command));
      if (runsId) expect(['invalid', 'runs-id', 'unknown']).toContain(verdictOf(command));
    });
  }

  it('reads ${x@op} with the operator number of this parser build', () => {
    const p = parseBash('echo ${x@P}');
    if (!p.ok) throw new Error(p.message);
    const w = (p.file.Stmts[0]!.Cmd as CallExpr).Args[1]!;
    expect((w.Parts[0] as ParamExp).Exp?.Op).toBe(PARAM_TRANSFORM);
  });

  it('has at least 10 attack rows of each kind', () => {
    expect(CONTINUATIONS.filter((r) => r[2]).length).toBeGreaterThanOrEqual(10);
    expect(SUBSCRIPTS.filter((r) => r[2]).length).toBeGreaterThanOrEqual(10);
  });
});

/** Everyday commands split over lines key exactly as on one line (no over-block). */
const EVERYDAY_SPLIT = [
  'docker run --rm \\\n  -v "$PWD":/app \\\n  -w /app \\\n  node:20 npm test',
  'docker run --rm \\\n  -e NODE_ENV=test \\\n  node:20 node -v',
  'npm test \\\n  -- --coverage',
  'npm test\\\n  -- --watch=false',
  'npm run build \\\n  && npm test',
  'cargo build \\\n  --release \\\n  --target x86_64-unknown-linux-gnu',
  'git log \\\n  --oneline \\\n  -5',
  'git commit -m "fix: a long \\\nmessage"',
  'pytest \\\n  tests/unit \\\n  -x -q',
  'curl -sS \\\n  -H "Accept: application/json" \\\n  https://example.com/api',
  "find . -name '*.ts' \\\n  -not -path './node_modules/*'",
  './configure \\\n  --prefix=/usr/local',
  'tsc -p . \\\n  --noEmit',
];

describe('parser corners: everyday line continuations key as before', () => {
  for (const command of EVERYDAY_SPLIT) {
    it(JSON.stringify(command), () => {
      const c = classifyCommand(command);
      expect(c.kind).not.toBe('invalid');
      // The same command on one line, continuations replaced by nothing (what bash reads).
      const one = classifyCommand(command.replace(/\\\n/g, ''));
      expect(c.key).toBe(one.key);
      expect(c.kind).toBe(one.kind);
    });
  }
});

const BASH = spawnSync('bash', ['-c', 'exit 0']).status === 0;

describe.skipIf(!BASH)(`parser corners: bash really runs id where the table says so${BASH ? '' : ' (no bash found: skipped)'}`, () => {
  let dir = '';
  beforeAll(() => {
    dir = tempDirs.sync('cc-corners-');
    const stub = path.join(dir, 'bin');
    spawnSync('mkdir', [stub]);
    writeFileSync(path.join(stub, 'id'), '#!/bin/sh\necho ran >> "$MARK"\n');
    chmodSync(path.join(stub, 'id'), 0o755);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('each row, run under bash -c with a stub id', () => {
    const seen: [string, boolean][] = [];
    const claimed: [string, boolean][] = [];
    [...CONTINUATIONS, ...SUBSCRIPTS, ...QUOTES, ...VALUES].forEach(([command, , runsId], i) => {
      const mark = path.join(dir, `mark-${i}`);
      const work = mkdtempSync(path.join(dir, 'w-'));
      spawnSync('bash', ['-c', command], {
        cwd: work,
        stdio: ['ignore', 'ignore', 'ignore'],
        env: { PATH: `${path.join(dir, 'bin')}:/usr/bin:/bin`, HOME: work, MARK: mark },
        timeout: 10_000,
      });
      seen.push([command, existsSync(mark)]);
      claimed.push([command, runsId]);
    });
    expect(seen).toEqual(claimed);
  }, 60_000);
});
