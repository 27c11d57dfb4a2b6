/**
 * System and language package managers and version managers: apt, dnf/yum, brew, gem, bundle, composer, rpm, nix, direnv, pyenv/rbenv/nodenv/asdf/mise, lerna, devbox.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, type Effect } from '../effects.js';
import { scanOptions, type Arg } from '../options.js';
import { opaque, script, isShort, isLong, valueOf, subcommandRunner, HELP, table, RUN_TOOL, also } from './kit.js';
import { rules, type Check, type SubcommandSpec, type Resolver, type ProgramRule, type Examples } from './rule.js';

function apt(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (const it of scanOptions(argv, 1, {
    shortValue: 'octa',
    longValue: ['option', 'config-file', 'target-release', 'default-release', 'host-architecture'],
  })) {
    if (isShort(it, 'o') || isLong(it, ['option']))
      out.push({
        flag: 'option',
        value: valueOf(it),
        runs: opaque(valueOf(it)),
        note: 'apt -o sets options that can name programs to run (DPkg::Pre-Invoke, …)',
      });
    if (isShort(it, 'c') || isLong(it, ['config-file']))
      out.push(exec('config-file', opaque(), 'apt -c loads a configuration file that can name programs to run'));
  }
  return out;
}

/**
 * Bundler: `COMMAND_ALIASES` of bundler/lib/bundler/cli.rb (`map aliases_for(…)`). Thor also runs
 * any unique prefix of a command (`bundle inst`); the command list varies by version and plugin, so
 * only these are resolved. Every prefix of `exec` is among them, so `bundle e x` is seen as exec.
 */
const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  c: 'check',
  i: 'install',
  ls: 'list',
  e: 'exec',
  ex: 'exec',
  exe: 'exec',
  package: 'cache',
  pack: 'cache',
};

/**
 * Composer (Symfony Console) runs any unambiguous prefix of a command, case-insensitively since
 * Symfony 3.4, and composer.json scripts are commands too, so the full table needs I/O. Only the
 * runner matters here: a prefix of `exec` is exec or an error (ambiguous with a script), never
 * another command that could run without the exec check.
 */
function composer(word: string): string | undefined {
  const w = word.toLowerCase();
  return w.length > 0 && 'exec'.startsWith(w) && word !== 'exec' ? 'exec' : undefined;
}

/**
 * `direnv allow`, `mise trust`: mark a folder's .envrc / mise.toml as trusted, so the user's shell
 * hook runs the code in it on the next `cd` there (direnv(1), mise trust docs): a program run later
 * by a plain command. The file is the repository's, which the model may have written.
 */
const trusts =
  (subs: readonly string[]): Check =>
  (argv, sub) =>
    sub.subcommand !== undefined && subs.includes(sub.subcommand)
      ? [exec(sub.subcommand, opaque(), `${String(argv[0])} ${sub.subcommand}: the shell hook runs that folder's code on the next cd`)]
      : [];

const effects: Readonly<Record<string, Check>> = {
  composer: subcommandRunner(['exec']),
  // Version managers and monorepo tools: `<tool> exec|x|run <command…>`.
  ...Object.fromEntries(['pyenv', 'rbenv', 'nodenv', 'goenv', 'jenv', 'asdf', 'lerna'].map((n) => [n, subcommandRunner(['exec'])])),
  mise: also(subcommandRunner(['exec', 'x']), trusts(['trust'])),
  rtx: also(subcommandRunner(['exec', 'x']), trusts(['trust'])),
  devbox: subcommandRunner(['run']),
  rpm: (argv) =>
    argv.slice(1).some((a) => a === null || /^(--eval|-E|--pipe|--define|-D|--macros|--rcfile|--load)/.test(a))
      ? [exec('eval', opaque(), 'rpm macros can run Lua or shell code')]
      : [],
  bundle: subcommandRunner(['exec']),
  direnv: also(subcommandRunner(['exec']), trusts(['allow', 'permit', 'grant'])),
  nix: subcommandRunner(['develop', 'shell', 'run']),
  'nix-shell': (argv) =>
    scanOptions(argv, 1, { longValue: ['run', 'command', 'packages', 'attr', 'arg', 'argstr'], shortValue: 'pAI' })
      .filter((it) => isLong(it, ['run', 'command']))
      .map((it) => exec('run', script(valueOf(it)), 'nix-shell --run runs a shell command')),
  apt,
  'apt-get': apt,
  'apt-cache': apt,
};

const subcommands: Readonly<Record<string, SubcommandSpec>> = {
  direnv: RUN_TOOL,
  pyenv: RUN_TOOL,
  rbenv: RUN_TOOL,
  nodenv: RUN_TOOL,
  goenv: RUN_TOOL,
  jenv: RUN_TOOL,
  mise: RUN_TOOL,
  rtx: RUN_TOOL,
  asdf: RUN_TOOL,
  devbox: RUN_TOOL,
  lerna: RUN_TOOL,
  brew: { grammar: { noAbbrev: true }, flags: [...HELP, '-d', '--debug', '-q', '--quiet', '--verbose'] },
  apt: {
    grammar: {
      shortValue: 'octa',
      longValue: ['option', 'config-file', 'target-release', 'default-release', 'host-architecture'],
      noAbbrev: true,
    },
    flags: [
      ...HELP,
      '-y',
      '--yes',
      '--assume-yes',
      '--assume-no',
      '-q',
      '-qq',
      '--quiet',
      '-s',
      '--simulate',
      '--dry-run',
      '-d',
      '--download-only',
      '-f',
      '--fix-broken',
      '--no-install-recommends',
      '--install-recommends',
      '--reinstall',
      '--purge',
      '--auto-remove',
      '-u',
      '-m',
      '--allow-downgrades',
      '--allow-unauthenticated',
      '--allow-remove-essential',
      '--allow-change-held-packages',
      '--no-upgrade',
      '--only-upgrade',
      '-V',
    ],
  },
  gem: { grammar: { noAbbrev: true }, flags: HELP },
  bundle: { grammar: { noAbbrev: true }, flags: [...HELP, '--verbose', '--no-color'] },
  composer: {
    grammar: { shortValue: 'd', longValue: ['working-dir'], noAbbrev: true },
    flags: [...HELP, '-q', '--quiet', '-n', '--no-interaction', '--ansi', '--no-ansi', '--no-plugins', '--no-scripts', '--profile'],
  },
  nix: {
    grammar: { longValue: ['option', 'extra-experimental-features'], noAbbrev: true },
    flags: [...HELP, '-L', '--print-build-logs', '--impure', '--offline', '--refresh'],
  },
};

const dnf: SubcommandSpec = {
  grammar: {
    shortValue: 'cR',
    longValue: ['config', 'releasever', 'installroot', 'setopt', 'repo', 'enablerepo', 'disablerepo'],
    noAbbrev: true,
  },
  flags: [...HELP, '-y', '--assumeyes', '-q', '--quiet', '--refresh', '-C', '--cacheonly', '--nogpgcheck'],
};

const aliases: Readonly<Record<string, Resolver>> = {
  bundle: table(BUNDLE_ALIASES),
  composer,
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  'apt-get': { notMatch: ['apt-get install x'] },
  direnv: { match: [['direnv allow', '#allow']], notMatch: ['direnv status'] },
  mise: { match: [['mise trust', '#trust']] },
};

export const RULES: readonly ProgramRule[] = rules(
  'packages',
  { effects, subcommands: { ...subcommands, 'apt-get': subcommands['apt']!, 'apt-cache': subcommands['apt']!, dnf, yum: dnf }, aliases },
  EXAMPLES,
);
