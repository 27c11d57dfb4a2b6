/**
 * Composer's option allowlist, per command, from its CLI reference (getcomposer.org/doc/03-cli.md,
 * Composer 2.8) and `composer <command> --help`. Composer is a Symfony Console application:
 * options are matched whole (no abbreviation), `--opt=v` or `--opt v`, `-dv` or `-d v`, and the
 * global options may stand before or after the command. A command is any unambiguous prefix of
 * its name (`composer inst`, `composer glob`), resolved here from the command list below; a word
 * that names no command is a composer.json script (the project's own), read with the global
 * options only.
 *
 * What reaches past the project:
 *   - `-d/--working-dir ../other`: composer runs as if started there (that folder's scripts and
 *     plugins run);
 *   - `global <command>`: runs the command in the global home (~/.composer), its plugins and scripts;
 *   - `create-project`: installs a package from a repository and runs its scripts;
 *   - `self-update`: replaces the composer program; `config --global`/`--file` outside the project,
 *     `config --editor` and `browse`/`home` (a program the environment names: editor, browser);
 *   - `exec <bin>` runs a program (kit.ts `subcommandRunner`).
 * install, update, require and remove run the project's own composer.json scripts and plugins
 * unless `--no-scripts`/`--no-plugins`: the project's code, plain.
 */
import { exec, risk, write, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { opaque, outsideProject, valueOf } from './kit.js';
import { optionTable, readItems, type OptionHandler, type TableSpec } from './optionTable.js';
import type { Check } from './rule.js';

const GLOBAL = 'h|help q|quiet V|version ansi no-ansi n|no-interaction profile no-plugins no-scripts no-cache d|working-dir= v|verbose';

const INSTALL_COMMON =
  'prefer-install= prefer-source prefer-dist dry-run dev no-dev no-autoloader no-progress audit audit-format= no-audit ' +
  'o|optimize-autoloader a|classmap-authoritative apcu-autoloader apcu-autoloader-prefix= ignore-platform-reqs ignore-platform-req=';

/** Each command's own options (03-cli.md), with its aliases. */
const COMMANDS: Readonly<Record<string, { options: string; aliases?: readonly string[]; rest?: true }>> = {
  init: { options: 'name= description= author= type= homepage= require= require-dev= s|stability= l|license= repository= a|autoload=' },
  install: { options: `${INSTALL_COMMON} download-only no-suggest`, aliases: ['i'] },
  update: {
    options:
      `${INSTALL_COMMON} prefer-lowest prefer-stable lock no-install with= w|with-dependencies W|with-all-dependencies ` +
      'm|minimal-changes i|interactive root-reqs bump-after-update=? patch-only no-suggest',
    aliases: ['u', 'upgrade'],
  },
  require: {
    options:
      `${INSTALL_COMMON} fixed no-suggest no-update no-install update-no-dev w|update-with-dependencies ` +
      'W|update-with-all-dependencies with-dependencies with-all-dependencies prefer-stable prefer-lowest m|minimal-changes sort-packages',
    aliases: ['r'],
  },
  remove: {
    options:
      `${INSTALL_COMMON} no-update no-install update-no-dev w|update-with-dependencies W|update-with-all-dependencies ` +
      'with-all-dependencies no-update-with-dependencies m|minimal-changes unused',
    aliases: ['rm', 'uninstall'],
  },
  bump: { options: 'D|dev-only R|no-dev-only dry-run' },
  reinstall: { options: `${INSTALL_COMMON} type=` },
  'check-platform-reqs': { options: 'lock no-dev f|format=' },
  global: { options: '', rest: true },
  search: { options: 'N|only-name O|only-vendor t|type= f|format=' },
  show: {
    options:
      'all locked i|installed p|platform a|available s|self N|name-only P|path t|tree l|latest o|outdated ignore= no-dev ' +
      'M|major-only m|minor-only patch-only A|sort-by-age D|direct strict f|format= ignore-platform-reqs ignore-platform-req=',
    aliases: ['info'],
  },
  outdated: {
    options:
      'a|all D|direct strict M|major-only m|minor-only p|patch-only A|sort-by-age f|format= ignore= no-dev locked ' +
      'ignore-platform-reqs ignore-platform-req=',
  },
  depends: { options: 'r|recursive t|tree locked', aliases: ['why'] },
  prohibits: { options: 'r|recursive t|tree locked', aliases: ['why-not'] },
  validate: { options: 'no-check-all check-lock no-check-lock no-check-publish no-check-version with-dependencies A| strict' },
  status: { options: '' },
  'self-update': {
    options: 'r|rollback clean-backups no-progress update-keys stable preview snapshot 1 2 2.2 set-channel-only',
    aliases: ['selfupdate'],
  },
  config: { options: 'g|global e|editor a|auth unset l|list f|file= absolute j|json m|merge append source' },
  'create-project': {
    options:
      's|stability= prefer-install= prefer-source prefer-dist repository= repository-url= add-repository dev no-dev no-install ' +
      'no-audit audit-format= no-progress no-secure-http keep-vcs remove-vcs ignore-platform-reqs ignore-platform-req= ask',
  },
  'dump-autoload': {
    options:
      'o|optimize a|classmap-authoritative apcu apcu-prefix= dry-run dev no-dev ignore-platform-reqs ignore-platform-req= strict-psr strict-ambiguous',
    aliases: ['dumpautoload'],
  },
  'clear-cache': { options: 'gc', aliases: ['clearcache', 'cc'] },
  licenses: { options: 'f|format= no-dev' },
  'run-script': { options: 'timeout= dev no-dev l|list', aliases: ['run'], rest: true },
  exec: { options: 'l|list', rest: true },
  diagnose: { options: '' },
  archive: { options: 'f|format= dir= file= ignore-filters' },
  help: { options: 'format= raw' },
  list: { options: 'format= raw short' },
  audit: { options: 'no-dev f|format= locked abandoned= ignore-severity=' },
  fund: { options: 'f|format=' },
  suggests: { options: 'by-package by-suggestion all list no-dev' },
  browse: { options: 'H|homepage s|show', aliases: ['home'] },
  about: { options: '' },
  completion: { options: 'debug' },
};

/** A folder or file outside the project (or known only at run time): keyed. */
const outside =
  (flag: string, note: string): OptionHandler =>
  (v) =>
    v === undefined || v === null || outsideProject(v) ? [exec(flag, opaque(v ?? null), note)] : [];

const HANDLERS = {
  'working-dir': outside('working_dir', 'composer --working-dir runs as if started in that folder (its scripts and plugins)'),
};

const spec = (options: string, rest?: true): TableSpec => ({
  options: [options, GLOBAL].filter(Boolean),
  handlers: HANDLERS,
  ...(rest ? { stopAtOperand: true } : {}),
});

/** Every command name and alias, and each unambiguous prefix of one (Symfony Console's abbreviations). */
function commandWords(): Record<string, string> {
  const names = new Map<string, string>();
  for (const [name, c] of Object.entries(COMMANDS)) for (const n of [name, ...(c.aliases ?? [])]) names.set(n, name);
  const words: Record<string, string> = {};
  for (const [n, canonical] of names) {
    words[n] = canonical;
    for (let k = 1; k < n.length; k++) {
      const prefix = n.slice(0, k);
      if (names.has(prefix)) continue;
      const meant = new Set([...names].filter(([m]) => m.startsWith(prefix)).map(([, c]) => c));
      if (meant.size === 1) words[prefix] = canonical;
    }
  }
  return words;
}

const WORDS = commandWords();

const TABLE = optionTable({
  options: GLOBAL,
  handlers: HANDLERS,
  subs: Object.fromEntries(Object.entries(WORDS).map(([w, name]) => [w, spec(COMMANDS[name]!.options, COMMANDS[name]!.rest)])),
});

/** The command a word runs (its prefix resolved), or undefined for a script or an unknown word. */
export const composerCommand = (word: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(WORDS, word.toLowerCase()) ? WORDS[word.toLowerCase()] : undefined;

/** The effects of the command itself and of its options that reach past the project. */
function commandEffects(command: string | undefined, items: ReturnType<typeof readItems>['items']): Effect[] {
  const has = (name: string): boolean => items.some((it) => (it.kind === 'long' || it.kind === 'short') && it.name === name);
  const value = (name: string): Arg | undefined => {
    const it = items.find((i) => (i.kind === 'long' || i.kind === 'short') && i.name === name);
    return it ? valueOf(it) : undefined;
  };
  switch (command) {
    case 'global':
      return [exec('global', opaque(), 'composer global runs a command in the global home (its plugins and scripts)')];
    case 'create-project':
      return [exec('create_project', opaque(), 'composer create-project installs a package from a repository and runs its scripts')];
    case 'self-update':
      return [write('self_update', null, 'composer self-update replaces the composer program')];
    case 'browse':
      return [exec('browse', opaque(), 'composer browse opens a browser')];
    case 'config': {
      const out: Effect[] = [];
      if (has('global') || has('g')) out.push(risk('global', 'composer config --global changes the configuration of every project'));
      if (has('editor') || has('e')) out.push(exec('editor', opaque(), 'composer config --editor runs the editor the environment names'));
      const file = value('file') ?? value('f');
      if (file === null || (typeof file === 'string' && outsideProject(file)))
        out.push(write('file', file ?? null, 'composer config --file changes a file outside the project'));
      return out;
    }
    case 'archive': {
      const out: Effect[] = [];
      for (const n of ['dir', 'file']) {
        const v = value(n);
        if (v === null || (typeof v === 'string' && outsideProject(v)))
          out.push(write(n, v, `composer archive --${n} writes outside the project`));
      }
      return out;
    }
    default:
      return [];
  }
}

/** composer: every option read with the command's table, and the commands that reach past the project. */
export const composer: Check = (typed) => {
  let argv = typed;
  let r = readItems(TABLE, argv, 1, 'composer');
  // Symfony Console finds a command case-insensitively when no name matches as typed (`composer GLOBAL`).
  const first = r.operands[0];
  if (r.path.length === 0 && first !== undefined && composerCommand(String(argv[first])) !== undefined) {
    argv = argv.map((w, i) => (i === first && w !== null ? w.toLowerCase() : w));
    r = readItems(TABLE, argv, 1, 'composer');
  }
  if (r.unknown) return r.effects;
  const word = r.path[0];
  return [...r.effects, ...commandEffects(word === undefined ? undefined : WORDS[word], r.items)];
};
