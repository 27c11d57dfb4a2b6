/**
 * Shell builtins whose arguments run code: name builtins (`test -v`, `printf -v`, `read`) that evaluate a subscript, `compgen`/`complete`/`bind` callbacks, `hash -p`, `history -w`.
 * Every option is read with the builtin's table (builtinOptions.ts): one bash does not know is compound.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, risk, write, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { hidesSubscriptCode, nameOperands, NAME_BUILTINS } from '../subscripts.js';
import { BUILTIN_TABLES, HISTORY, testExpression } from './builtinOptions.js';
import { opaque, script, isShort, valueOf, itemsOf } from './kit.js';
import { unknown } from './optionTable.js';
import { rules, type Check, type ProgramRule, type Examples } from './rule.js';

/**
 * A name builtin (`read`, `printf -v`, `test -v` …): its options read with its table (an unknown
 * one is compound), and a variable name in which a subscript can run a command substitution.
 */
function nameBuiltin(argv: readonly Arg[], _sub: { subcommand?: string; index?: number }, program: string): Effect[] {
  const out: Effect[] = program === 'test' || program === '[' ? testOperators(argv, program) : builtinCallbacks(argv, program);
  // Any `[` with an expansion after it in a name: behind a nested subscript, a quoted or an escaped
  // `]` too; a name computed at run time may hold one.
  if (nameOperands(program, argv).some((a) => a === null || hidesSubscriptCode(a)))
    out.push(exec('subscript', opaque(), `${String(argv[0])} evaluates an array subscript, which can run a command substitution`));
  return out;
}

/** test's expression, and `[`'s closing `]` (bash refuses a `[` without one). */
function testOperators(argv: readonly Arg[], program: string): Effect[] {
  let to = argv.length;
  if (program === '[') {
    if (argv[to - 1] !== ']') return [unknown('[', argv[to - 1] ?? null)];
    to--;
  }
  const at = testExpression(argv, 1, to);
  return at === undefined ? [] : [unknown(String(argv[0]), argv[at] ?? null)];
}

/** The builtin's options read with its table (builtinOptions.ts), and what its callbacks run. */
function builtinCallbacks(argv: readonly Arg[], program: string): Effect[] {
  const name = String(argv[0]);
  const { items, effects: out } = itemsOf(BUILTIN_TABLES[program]!, argv);
  for (const it of items) {
    if ((program === 'mapfile' || program === 'readarray') && isShort(it, 'C'))
      out.push(exec('C', script(valueOf(it)), `${name} -C runs a callback command`));
    // -W wordlist is expanded by bash when completing: `compgen -W '$(id)' x` runs id.
    if ((program === 'compgen' || program === 'complete') && isShort(it, 'W') && (valueOf(it) === null || /[$`]/.test(valueOf(it)!)))
      out.push(exec('W', opaque(valueOf(it)), `${name} -W expands its word list, which can run command substitutions`));
    if ((program === 'compgen' || program === 'complete') && isShort(it, 'CF'))
      out.push(exec(it.kind === 'short' ? it.name : 'C', script(valueOf(it)), `${name} -C/-F runs a command`));
    if (program === 'bind' && isShort(it, 'x')) out.push(exec('x', script(valueOf(it)), 'bind -x binds a shell command'));
    if (program === 'hash' && isShort(it, 'p')) out.push(risk('p', 'hash -p points a command name at another program'));
  }
  return out;
}

/**
 * history -w/-a FILE writes the history list (empty in a script) over FILE or onto its end; -r/-n
 * read FILE into the list (a file outside the project meets the default's checks).
 */
function history(argv: readonly Arg[]): Effect[] {
  const { items, effects } = itemsOf(HISTORY, argv);
  if (items.some((it) => isShort(it, 'aw'))) {
    const file = items.find((it) => it.kind === 'operand');
    effects.push(write('history', file?.kind === 'operand' ? file.value : null, 'history -w/-a writes the history to a file'));
  }
  return effects;
}

const effects: Readonly<Record<string, Check>> = {
  // Builtins that take a variable NAME evaluate an array subscript in it as arithmetic, which runs
  // command substitutions: `test -v 'a[$(id)]'`, `printf -v 'a[$(id)]' x`, `read 'a[$(id)]'`.
  ...Object.fromEntries([...NAME_BUILTINS].map((n) => [n, nameBuiltin])),
  history,
  compgen: (argv, _sub, program) => builtinCallbacks(argv, program),
  complete: (argv, _sub, program) => builtinCallbacks(argv, program),
  bind: (argv, _sub, program) => builtinCallbacks(argv, program),
  hash: (argv, _sub, program) => builtinCallbacks(argv, program),
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  mapfile: {
    match: [
      ['mapfile -C "rm -rf ~" -c 1 arr', '#C-[-rm'],
      ['mapfile -tC id arr', '#C-[-id-]'],
      ['mapfile -Q arr', '#unknown_option'],
    ],
    notMatch: ['mapfile -t lines', 'mapfile -t -n 10 -s 1 head'],
  },
  readarray: {
    match: [
      ['readarray -C id -c 1 arr', '#C-[-id-]'],
      ['readarray -tCid arr', '#C-[-id-]'],
    ],
    notMatch: ['readarray -t lines', 'readarray -d , -t parts'],
  },
  compgen: {
    match: [
      ['compgen -C id w', '#C-[-id-]'],
      ["compgen -W '$(id)' x", '#W'],
    ],
    notMatch: ['compgen -W "a b" a', 'compgen -c git'],
  },
  complete: {
    match: [
      ['complete -C id git', '#C-[-id-]'],
      ['complete -F _f -C id x', '#C-[-id-]'],
    ],
    notMatch: ['complete -W "a b" mycmd', 'complete -r mycmd'],
  },
  bind: {
    match: [
      ['bind -x "\\"\\\\C-x\\": id"', '#x-['],
      ['bind -Q x', '#unknown_option'],
    ],
    notMatch: ['bind -l', 'bind -P'],
  },
  hash: {
    match: [
      ['hash -p /tmp/evil ls', '#p-#outside-/tmp/evil'],
      ['hash -pevil ls', '#p'],
    ],
    notMatch: ['hash -r', 'hash -t git'],
  },
  // test's operators (`help test`); the operand of -v/-R is a name, evaluated as arithmetic. `[` has
  // the same rule but no examples (see ALL below).
  test: {
    match: [
      ["test -v 'a[$(id)]'", '#subscript-[-?-]'],
      ["test -v 'a[b[0]$(id)]'", '#subscript'],
      ['test a -frob b', '#unknown_option'],
    ],
    notMatch: ['test -f package.json', 'test -n x -a -d src', 'test x = --help'],
  },
  // printf -v NAME (attached too); the format is the first operand.
  printf: {
    match: [
      ["printf -v 'a[$(id)]' x", '#subscript-[-?-]'],
      ["printf '-va[$(id)]' x", '#subscript'],
      ['printf -x y', '#unknown_option'],
    ],
    notMatch: ["printf '%s\\n' a -v b", 'printf -v out %d 3'],
  },
  read: {
    match: [
      ["read 'a[$(id)]'", '#subscript-[-?-]'],
      ["read -r -u 3 'a[$(id)]'", '#subscript'],
      ["read -r -- 'a[$(id)]'", '#subscript'],
      ['read -Q x', '#unknown_option'],
    ],
    notMatch: ['read -r line', 'read -rs -p Password: -t 5 -u 3 pw'],
  },
  unset: {
    match: [
      ["unset -v 'a[$(id)]'", '#subscript-[-?-]'],
      ["unset 'a[$(id)]'", '#subscript'],
      ['unset -x a', '#unknown_option'],
    ],
    notMatch: ['unset -f build', 'unset -n ref FOO'],
  },
  wait: {
    match: [
      ["wait -n -p 'a[$(id)]'", '#subscript-[-?-]'],
      ["wait '-pa[$(id)]'", '#subscript'],
      ['wait -x', '#unknown_option'],
    ],
    notMatch: ['wait -n', 'wait -f %1'],
  },
  getopts: {
    match: [
      // getopts checks its NAME is an identifier before it assigns (`a[$(id)]` runs nothing), so only its options are read.
      ['getopts -x ab opt', '#unknown_option'],
      ['getopts --frob ab opt', '#unknown_option'],
    ],
    notMatch: ['getopts ab: opt', 'getopts -- hv: flag'],
  },
  // history -w/-a FILE writes the list over (onto) FILE; -r/-n FILE read it into the list.
  history: {
    match: [
      ['history -w ../x', '#history->-../x'],
      ['history -aw ~/.x', '#history'],
      ['history -r ../x', '#outside-../x'],
      ['history -Q', '#unknown_option'],
    ],
    notMatch: ['history -c', 'history -s ls'],
  },
};

/**
 * Every builtin here is read whole: with its table, or test's expression reader. Not `[`: the
 * parser reads the word `[` as a glob (words.ts), so a `[ … ]` call is compound (`run_command:?`)
 * before any rule is looked up; its rule (the same as test's) stays on the default's list until
 * the word is read as the literal bash runs.
 */
const ALL = Object.keys(effects).filter((n) => n !== '[');

export const RULES: readonly ProgramRule[] = rules('builtins', { effects, allowlist: ALL, withDefaults: ALL }, EXAMPLES);
