/**
 * Shell builtins whose arguments run code: name builtins (`test -v`, `printf -v`, `read`) that evaluate a subscript, `compgen`/`complete`/`bind` callbacks, `hash -p`, `history -w`.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, risk, write, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { hidesSubscriptCode, nameOperands, NAME_BUILTINS } from '../subscripts.js';
import { opaque, script, isShort, valueOf, itemsOf } from './kit.js';
import { optionTable, type OptionTable } from './optionTable.js';
import { rules, type Check, type ProgramRule, type Examples } from './rule.js';

function subscriptNames(argv: readonly Arg[], _sub: { subcommand?: string; index?: number }, program: string): Effect[] {
  const out: Effect[] = String(argv[0]) === 'mapfile' || String(argv[0]) === 'readarray' ? builtinCallbacks(argv) : [];
  // Any `[` with an expansion after it in a name: behind a nested subscript, a quoted or an escaped
  // `]` too; a name computed at run time may hold one.
  if (nameOperands(program, argv).some((a) => a === null || hidesSubscriptCode(a)))
    out.push(exec('subscript', opaque(), `${String(argv[0])} evaluates an array subscript, which can run a command substitution`));
  return out;
}

/** bash's builtins that run a callback or expand words (bash(1), "SHELL BUILTIN COMMANDS"): their options. */
const MAPFILE = optionTable({ options: 'd|= n|= O|= s|= t| u|= C|= c|=' });
const COMPLETE = optionTable({ options: 'a| b| c| d| e| f| g| j| k| s| u| v| o|= A|= G|= W|= F|= C|= X|= P|= S|= p| r| D| E| I|' });
const BIND = optionTable({ options: 'm|= l| p| s| v| P| S| V| X| f|= q|= u|= r|= x|=' });
const HASH = optionTable({ options: 'l| r| p|= d| t|' });
const BUILTIN_TABLES: Readonly<Record<string, OptionTable>> = {
  mapfile: MAPFILE,
  readarray: MAPFILE,
  compgen: COMPLETE,
  complete: COMPLETE,
  bind: BIND,
  hash: HASH,
};

function builtinCallbacks(argv: readonly Arg[]): Effect[] {
  const name = String(argv[0]);
  const { items, effects: out } = itemsOf(BUILTIN_TABLES[name] ?? MAPFILE, argv);
  for (const it of items) {
    if ((name === 'mapfile' || name === 'readarray') && isShort(it, 'C'))
      out.push(exec('C', script(valueOf(it)), `${name} -C runs a callback command`));
    // -W wordlist is expanded by bash when completing: `compgen -W '$(id)' x` runs id.
    if ((name === 'compgen' || name === 'complete') && isShort(it, 'W') && (valueOf(it) === null || /[$`]/.test(valueOf(it)!)))
      out.push(exec('W', opaque(valueOf(it)), `${name} -W expands its word list, which can run command substitutions`));
    if ((name === 'compgen' || name === 'complete') && isShort(it, 'CF'))
      out.push(exec(it.kind === 'short' ? it.name : 'C', script(valueOf(it)), `${name} -C/-F runs a command`));
    if (name === 'bind' && isShort(it, 'x')) out.push(exec('x', script(valueOf(it)), 'bind -x binds a shell command'));
    if (name === 'hash' && isShort(it, 'p')) out.push(risk('p', 'hash -p points a command name at another program'));
  }
  return out;
}

const effects: Readonly<Record<string, Check>> = {
  // Builtins that take a variable NAME evaluate an array subscript in it as arithmetic, which runs
  // command substitutions: `test -v 'a[$(id)]'`, `printf -v 'a[$(id)]' x`, `read 'a[$(id)]'`.
  ...Object.fromEntries([...NAME_BUILTINS].map((n) => [n, subscriptNames])),
  // history -w/-a FILE writes the (empty, non-interactive) history over FILE; -r/-n read one.
  history: (argv) =>
    argv.slice(1).some((a) => a === null || /^-[a-zA-Z]*[warn]/.test(a))
      ? [write('history', argv[argv.length - 1] ?? null, 'history -w/-a writes the history to a file')]
      : [],
  compgen: builtinCallbacks,
  complete: builtinCallbacks,
  bind: builtinCallbacks,
  hash: builtinCallbacks,
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  mapfile: { match: [['mapfile -C "rm -rf ~" -c 1 arr', '#C-[-rm']], notMatch: ['mapfile -t lines'] },
  readarray: { match: [['readarray -C id -c 1 arr', '#C-[-id-]']], notMatch: ['readarray -t lines'] },
  compgen: { match: [['compgen -C id w', '#C-[-id-]']], notMatch: ['compgen -W "a b" a'] },
  complete: { match: [['complete -C id git', '#C-[-id-]']], notMatch: ['complete -W "a b" mycmd'] },
  bind: { match: [['bind -x "\\"\\\\C-x\\": id"', '#x-[']], notMatch: ['bind -l'] },
  hash: { match: [['hash -p /tmp/evil ls', '#p-#outside-/tmp/evil']], notMatch: ['hash -r'] },
  test: { match: [["test -v 'a[$(id)]'", '#subscript-[-?-]']] },
};

export const RULES: readonly ProgramRule[] = rules(
  'builtins',
  { effects, allowlist: Object.keys(BUILTIN_TABLES), withDefaults: Object.keys(BUILTIN_TABLES) },
  EXAMPLES,
);
