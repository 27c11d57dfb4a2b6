/**
 * git and gh. Configuration given on the command line (`-c core.pager=…`), external diff/textconv drivers, hooks and transport programs all run commands; global options are a table (`git -C dir status`).
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, risk, write, type Effect, type Inner } from '../effects.js';
import type { Arg } from '../options.js';
import { globalsTable } from './globals.js';
import { opaque, script, argvOf, isShort, isLong, valueOf, HELP } from './kit.js';
import { rules, type Check, type SubcommandSpec, type ProgramRule, type Examples } from './rule.js';
import {
  optionTable,
  readItems,
  readOptions,
  subcommandOptions,
  type OptionHandler,
  type OptionTable,
  type TableSpec,
} from './optionTable.js';
import { GIT_TABLES, type GitTable } from './git/optionTables.js';
import { GH_TABLE } from './ghTables.js';

/** Config keys whose value is a command (or loads more config). Matched on the lower-cased name. */
const GIT_EXEC_CONFIG =
  /(^|\.)(pager|editor|sshcommand|fsmonitor|askpass|textconv|external|command|driver|helper|program|hookspath|clean|smudge|process|receivepack|uploadpack|gitproxy|proxycommand|cmd|path|tool|packobjectshook|sendmailcmd|smtpserver|browser)$|^(alias|include|includeif|core\.(pager|editor)|sequence\.editor|pager)\b/;

/**
 * Settings that only change how output looks (an allowlist: read by the display code only, never
 * a program, a path or a hook). `git -c core.quotepath=off status` stays one plain git call.
 */
const GIT_DISPLAY_CONFIG =
  /^(core\.quotepath|color\.(ui|diff|status|branch|interactive|grep|showbranch|decorate|advice|push|remote|transport)|column\.ui|log\.(decorate|abbrevcommit|date|showsignature|follow|mailmap)|diff\.(noprefix|mnemonicprefix|renames|relative|context|interhunkcontext|algorithm|colormoved|indentheuristic|suppressblankempty)|status\.(short|branch|showuntrackedfiles|relativepaths|aheadbehind)|advice\.[a-z]+|i18n\.logoutputencoding|format\.pretty|blame\.date)$/;

function gitConfigEffect(flag: string, value: Arg): Effect[] {
  const e = gitConfigValue(flag, value);
  return e ? [e] : [];
}

function gitConfigValue(flag: string, value: Arg): Effect | undefined {
  if (value === null) return exec(flag, opaque(), `git -${flag} sets configuration not known before it runs`);
  const eq = value.indexOf('=');
  const name = (eq >= 0 ? value.slice(0, eq) : value).toLowerCase();
  const v = eq >= 0 ? value.slice(eq + 1) : '';
  if (GIT_EXEC_CONFIG.test(name)) {
    const runs: Inner =
      name.startsWith('alias.') && !v.startsWith('!') ? opaque(v) : name.startsWith('alias.') ? script(v.slice(1)) : script(v);
    return {
      flag,
      value,
      runs,
      note: `git ${flag.length === 1 ? '-' : '--'}${flag} ${value}: sets ${name}, which names a program for git to run`,
    };
  }
  if (eq >= 0 && GIT_DISPLAY_CONFIG.test(name) && /^[A-Za-z0-9_.-]*$/.test(v)) return undefined;
  return risk(flag, `git ${flag.length === 1 ? '-' : '--'}${flag} ${value}: sets git configuration for this run`, value);
}

/** `git config` modes (options, and the verbs of git ≥ 2.46) that only read. */
const CONFIG_READ = new Set([
  '--get',
  '--get-all',
  '--get-regexp',
  '--get-urlmatch',
  '--get-color',
  '--get-colorbool',
  '--list',
  '-l',
  'get',
  'list',
]);
const CONFIG_VERBS = new Set(['get', 'list', 'set', 'unset', 'rename-section', 'remove-section', 'edit']);
const CONFIG_TABLE = optionTable({
  ...gitSpec(GIT_TABLES.config!),
  options: [...gitOptions(GIT_TABLES.config!), 'h| all regexp value= url= comment= append show-names'],
});

/**
 * `git config`: reading is plain; a write is compound unless it sets a display setting
 * (GIT_DISPLAY_CONFIG) in the repository's own config. A setting that names a program (GIT_EXEC_CONFIG) is
 * keyed with what it runs; --global/--system/--file write outside the project; --edit runs an editor.
 */
function gitConfigCommand(argv: readonly Arg[], from: number): Effect[] {
  const r = readOptions(CONFIG_TABLE, argv, from, 'git config');
  if (r.unknown) return r.effects;
  const words = argv.slice(from);
  const ops = r.operands.map((k) => argv[k] ?? null);
  const first = ops[0];
  const verb = typeof first === 'string' && CONFIG_VERBS.has(first) ? (ops.shift() as string) : undefined;
  const modes = words.filter((w): w is string => typeof w === 'string' && w.startsWith('-'));
  if (verb === 'edit' || modes.some((m) => m === '-e' || m === '--edit'))
    return [exec('edit', opaque(), 'git config --edit runs an editor')];
  if ((verb !== undefined && CONFIG_READ.has(verb)) || modes.some((m) => CONFIG_READ.has(m))) return [];
  if (verb === undefined && ops.length === 1 && !modes.some((m) => /^--(unset|remove-section|rename-section|add|replace-all)/.test(m)))
    return []; // `git config user.name`: reads it
  const out: Effect[] = [];
  const file = modes.find((m) => /^(-f|--file)(=|$)/.test(m));
  if (file !== undefined) {
    const k = words.indexOf(file);
    out.push(
      write('file', file.includes('=') ? file.slice(file.indexOf('=') + 1) : (words[k + 1] ?? null), 'git config --file writes that file'),
    );
  }
  // A display setting names no program wherever it is written; any other one outside the project outlives it.
  if (modes.some((m) => m === '--global' || m === '--system'))
    out.push(risk('config_scope', 'git config --global/--system changes configuration outside the project'));
  const key = ops[0];
  if (key === null || key === undefined) return [...out, risk('config', 'git config changes configuration not known before it runs')];
  const plainSet = verb === undefined || verb === 'set';
  // Removing or renaming names no program: keyed as a change of configuration.
  if (!plainSet || modes.some((m) => /^--(unset|remove-section|rename-section)/.test(m)))
    return [...out, risk('config', `git config removes or renames ${key}`)];
  const value = ops.slice(1).join(' ');
  if (ops.slice(1).some((v) => v === null)) return [...out, ...gitConfigEffect('config', null)];
  const e = gitConfigValue('config', `${key}=${value}`);
  if (e?.runs) return [...out, e];
  if (GIT_DISPLAY_CONFIG.test(key.toLowerCase())) return out.filter((x) => x.flag !== 'config_scope');
  return [...out, risk('config', `git config changes ${key}, which can name programs git runs later`)];
}

const STRATEGIES = ['ort', 'recursive', 'resolve', 'octopus', 'ours', 'subtree'];
/** `-s NAME` runs the program git-merge-NAME for a strategy git does not have built in. */
const strategy: OptionHandler = (value, typed, at) =>
  typeof value === 'string' && STRATEGIES.includes(value)
    ? []
    : [
        exec(
          'strategy',
          value == null ? opaque() : argvOf([`git-merge-${value}`]),
          `${at.where} ${typed} runs the merge program git-merge-${value ?? '?'}`,
        ),
      ];
const pager: OptionHandler = (value, typed, at) => [
  exec('open-files-in-pager', value == null ? opaque() : script(value), `${at.where} ${typed} runs a pager on the matching files`),
];
const HANDLERS: Readonly<Record<string, Readonly<Record<string, OptionHandler>>>> = {
  merge: { strategy },
  pull: { strategy },
  rebase: { strategy },
  'cherry-pick': { strategy },
  revert: { strategy },
  grep: { 'open-files-in-pager': pager },
  clone: { config: (value) => gitConfigEffect('config', value ?? null) },
};

function gitOptions(t: GitTable): string[] {
  return [...(typeof t.options === 'string' ? [t.options] : t.options), 'h| help'];
}

/** A git table as read by optionTable: parse-options abbreviates and negates; the revision walker takes exact names and `-<n>`. */
function gitSpec(t: GitTable, handlers?: Readonly<Record<string, OptionHandler>>): TableSpec {
  const spec: TableSpec = { options: gitOptions(t), abbrev: !t.rev, negate: true, numeric: t.rev === true, ends: ['--end-of-options'] };
  if (t.stop) spec.stopAtOperand = true;
  if (t.subsOnly) spec.subsOnly = true;
  if (t.subs) spec.subs = Object.fromEntries(Object.entries(t.subs).map(([k, v]) => [k, gitSpec(v)]));
  if (handlers) spec.handlers = handlers;
  return spec;
}

const GIT_OPTION_TABLES: Readonly<Record<string, OptionTable>> = Object.fromEntries(
  Object.entries(GIT_TABLES)
    .filter(([k]) => k !== 'config')
    .map(([k, v]) => [k, optionTable(gitSpec(v, HANDLERS[k]))]),
);
/** Subcommand options: every subcommand with a table is read against it; one without is compound. */
const gitOptionsCheck = subcommandOptions('git', { tables: GIT_OPTION_TABLES, exempt: ['config'] });

/** `git fetch-pack -h`, `git send-pack -h`, `git daemon -h`, `git filter-branch -h` (git 2.39). */
const FETCH_PACK = optionTable({
  options:
    'all stdin q|quiet k|keep thin include-tag upload-pack= exec= depth= shallow-since= shallow-exclude= deepen-relative no-progress diag-url v| check-self-contained-and-connected cloning update-shallow refetch',
});
const SEND_PACK = optionTable({
  negate: true,
  options:
    'v|verbose q|quiet receive-pack= exec= remote= all n|dry-run mirror f|force signed=? push-option= progress thin atomic stateless-rpc stdin helper-status force-with-lease=? force-if-includes',
});
const DAEMON = optionTable({
  options:
    'verbose syslog export-all timeout= init-timeout= max-connections= strict-paths base-path= base-path-relaxed user-path=? interpolated-path= reuseaddr pid-file= enable= disable= allow-override= forbid-override= access-hook= inetd listen= port= detach user= group= log-destination=',
});
const FILTER_BRANCH = optionTable({
  options:
    'setup= subdirectory-filter= env-filter= tree-filter= index-filter= parent-filter= msg-filter= commit-filter= tag-name-filter= prune-empty original= d|= f|force state-branch=',
});
/** git send-email passes format-patch's options on: only the options that run a program, read until the first other one. */
const SEND_EMAIL = optionTable({
  options: 'sendmail-cmd= to-cmd= cc-cmd= header-cmd= smtp-server= to= cc= bcc= from= subject= annotate compose dry-run',
});

function git(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  const out: Effect[] = [];
  const end = sub.index ?? argv.length;
  for (const it of readItems(globalsTable(subcommands.git!), argv.slice(0, end), 1, 'git').items) {
    if (isShort(it, 'c')) out.push(...gitConfigEffect('c', valueOf(it)));
    if (it.kind === 'long' && it.name === 'config-env')
      out.push(risk('config-env', 'git --config-env sets configuration from an environment variable', valueOf(it)));
    // A repository folder the agent may have written (not protected like .git/): its config can
    // name programs (core.fsmonitor, core.pager) that run on `status`.
    if (it.kind === 'long' && it.name === 'git-dir' && !/^(\.\/)?\.git\/?$/.test(valueOf(it) ?? ''))
      out.push(exec('git-dir', opaque(), 'git --git-dir reads configuration (which can name programs) from another folder'));
    if (it.kind === 'long' && it.name === 'exec-path' && it.value !== undefined)
      out.push(exec('exec-path', opaque(), 'git --exec-path= runs git commands from another directory'));
    if (isShort(it, 'p') || (it.kind === 'long' && it.name === 'paginate'))
      out.push(exec('paginate', opaque(), 'git --paginate runs the configured pager'));
  }
  // Transport helpers run commands: ext::<command>, and --upload-pack/--receive-pack anywhere.
  for (const a of argv)
    // Also as an option's value: `git archive --remote=ext::cmd`, `--upload-pack`-free transports.
    if (typeof a === 'string' && /^(?:-[^=]*=)?(ext|fd)::/i.test(a))
      out.push(exec('ext', script(a.replace(/^(?:-[^=]*=)?ext::/i, '')), 'git ext:: remote runs a command'));
  if (sub.subcommand === undefined || sub.index === undefined) return out;
  const args = argv.slice(sub.index + 1);
  // Subcommands without an option table (compound for that): their tables of what runs, read for the key.
  const scan = (t: OptionTable) => readItems(t, args, 0, `git ${sub.subcommand}`).items;
  switch (sub.subcommand) {
    case 'config':
      out.push(...gitConfigCommand(argv, sub.index + 1));
      break;
    case 'submodule': {
      const i = args.indexOf('foreach');
      if (i >= 0) {
        const rest = args.slice(i + 1).filter((a, k, all) => !(k < all.length && (a === '--recursive' || a === '-q' || a === '--quiet')));
        out.push(
          exec(
            'foreach',
            script(rest.some((a) => a === null) ? null : rest.join(' ')),
            'git submodule foreach runs a shell command in every submodule',
          ),
        );
      }
      break;
    }
    case 'bisect':
      if (args[0] === 'run') out.push(exec('run', argvOf(args.slice(1)), 'git bisect run runs a command for every step'));
      break;
    case 'fetch-pack':
    case 'send-pack':
      // Plumbing without an option table (compound anyway): what it runs, for the key.
      for (const it of scan(sub.subcommand === 'fetch-pack' ? FETCH_PACK : SEND_PACK)) {
        if (isLong(it, ['upload-pack', 'receive-pack', 'exec']))
          out.push(
            exec(
              it.kind === 'long' ? it.name : 'exec',
              script(valueOf(it)),
              `git ${sub.subcommand} --upload-pack/--receive-pack/--exec runs a program`,
            ),
          );
      }
      break;
    case 'filter-branch':
      for (const it of scan(FILTER_BRANCH)) {
        if (it.kind === 'long' && /-filter$/.test(it.name) && it.name !== 'subdirectory-filter')
          out.push(exec(it.name, script(valueOf(it)), 'git filter-branch runs shell filters'));
      }
      break;
    case 'send-email':
      for (const it of scan(SEND_EMAIL)) {
        if (isLong(it, ['sendmail-cmd', 'to-cmd', 'cc-cmd', 'header-cmd']))
          out.push(exec(it.kind === 'long' ? it.name : 'cmd', script(valueOf(it)), 'git send-email runs a command'));
        if (it.kind === 'long' && it.name === 'smtp-server' && (valueOf(it) ?? '/').startsWith('/'))
          out.push(exec('smtp-server', argvOf([valueOf(it)]), 'git send-email --smtp-server=/path runs that program'));
      }
      break;
    case 'instaweb':
    case 'web--browse':
      out.push(exec(sub.subcommand, opaque(), `git ${sub.subcommand} starts a web server or browser`));
      break;
    case 'hook':
      out.push(exec('hook', opaque(), 'git hook run runs repository hooks'));
      break;
    case 'daemon':
      for (const it of scan(DAEMON))
        if (isLong(it, ['access-hook'])) out.push(exec('access-hook', argvOf([valueOf(it)]), 'git daemon --access-hook runs a program'));
      break;
  }
  // Plumbing and maintenance that run or install programs, or write where an option says.
  const gitArgs = argv.slice(sub.index + 1);
  const optValue = (a: Arg): Arg => (a === null || !a.includes('=') ? null : a.slice(a.indexOf('=') + 1));
  if (sub.subcommand === 'submodule--helper' && gitArgs.some((a) => a === null || a === 'foreach'))
    out.push(exec('foreach', opaque(), 'git submodule--helper foreach runs a command in each submodule'));
  if (sub.subcommand === 'filter-branch') out.push(exec('filter', opaque(), 'git filter-branch runs the shell filters it is given'));
  if (sub.subcommand === 'maintenance' && gitArgs.some((a) => a === null || a === 'start' || a === 'register'))
    out.push(exec('maintenance', opaque(), 'git maintenance start/register installs timers or cron jobs outside the project'));
  if (sub.subcommand === 'checkout-index')
    for (const a of gitArgs)
      if (a === null || /^--prefix(=|$)/.test(a))
        out.push(write('prefix', optValue(a), 'git checkout-index --prefix writes files under the prefix'));
  if (sub.subcommand === 'fast-export' || sub.subcommand === 'fast-import')
    for (const a of gitArgs)
      if (a === null || /^--(export|import)-marks(-if-exists)?(=|$)/.test(a))
        out.push(write('marks', optValue(a), `git ${sub.subcommand} writes or reads a marks file it names`));
  return out;
}

// ---------------------------------------------------------------------------------------------
// find / fd: -exec and friends run programs; -delete and -fprint* write.

function gh(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  const out: Effect[] = [];
  // A gh alias whose expansion starts with "!" is a shell command too.
  if (sub.subcommand === 'alias' && argv.some((a) => a === null || a === '--shell' || a === '-s' || a.startsWith('!')))
    out.push(risk('alias-shell', 'gh alias set --shell defines a shell command'));
  const args = sub.index === undefined ? [] : argv.slice(sub.index + 1);
  if ((sub.subcommand === 'extension' || sub.subcommand === 'ext' || sub.subcommand === 'extensions') && args[0] === 'exec')
    out.push(exec('extension_exec', opaque(), 'gh extension exec runs an installed extension program'));
  if (sub.subcommand === 'config' && args[0] === 'set' && args.some((a) => a === null || /^(editor|pager|browser)$/.test(a)))
    out.push(risk('config', 'gh config set editor/pager/browser names a program gh runs later'));
  const dd = argv.indexOf('--');
  if (sub.subcommand === 'repo' && dd >= 0) {
    for (const a of argv.slice(dd + 1))
      if (a === null || /^(-u|-c|--upload-pack|--template|--config)/.test(a))
        out.push(exec('git-flags', opaque(), 'gh repo clone passes options to git clone that can run programs'));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Remote shells: options that run local programs.

const effects: Readonly<Record<string, Check>> = {
  git,
  gh,
};

const subcommands: Readonly<Record<string, SubcommandSpec>> = {
  git: {
    // git.c handle_options(): exact names, no abbreviations for global options.
    grammar: {
      shortValue: 'Cc',
      longValue: ['git-dir', 'work-tree', 'namespace', 'super-prefix', 'config-env', 'list-cmds', 'attr-source'],
      noAbbrev: true,
    },
    flags: [
      ...HELP,
      '-p',
      '--paginate',
      '-P',
      '--no-pager',
      '--bare',
      '--no-replace-objects',
      '--literal-pathspecs',
      '--glob-pathspecs',
      '--noglob-pathspecs',
      '--icase-pathspecs',
      '--no-optional-locks',
      '--no-lazy-fetch',
      '--no-advice',
      '--exec-path',
      '--html-path',
      '--man-path',
      '--info-path',
      '--exec-path=',
    ],
  },
  gh: { grammar: { shortValue: 'R', longValue: ['repo', 'hostname'], noAbbrev: true }, flags: HELP },
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  gh: {
    match: [
      ['gh pr list --frobnicate', '#unknown_option'],
      ['gh pr list --frobnicate=1', '#unknown_option'],
      ['gh my-extension run', '#unknown_option'],
      ['gh release upload v1 ../secrets.zip', '#outside-../secrets.zip'],
      ['gh api --input ../x repos/o/r', '#outside-../x'],
      ['gh alias set co --shell "id"', '#alias_shell'],
      ['gh extension exec foo', '#extension_exec'],
      ['gh config set pager "sh -c id"', '#config'],
      ['gh repo clone o/r -- --upload-pack=x', '#git_flags'],
    ],
    notMatch: [
      'gh pr list --json number,title -q .[].title',
      'gh pr create --title "Fix parser" --body "Fixes #41" -R o/r',
      'gh api -X POST repos/o/r/issues -f title=x',
      'gh release create v1 --notes x',
      'gh run view 123456 --log-failed',
    ],
  },
  git: {
    match: [
      ['git -c core.pager=sh log', '#c-core.pager=sh'],
      ['git diff --ext-diff', '#ext_diff'],
      ['git log --frobnicate', '#unknown_option'],
      ['git fsck-objects', '#unknown_option'],
      ['git log --output=/tmp/x', '#output'],
      ['git rebase -x make main', '#exec'],
      ['git merge -s evil topic', '#strategy'],
      ['git config core.pager less', '#config'],
      ['git config --global core.editor vim', '#config_scope'],
      ['git stash frobnicate', '#unknown_option'],
    ],
    notMatch: [
      'git status',
      'git -C sub log --oneline',
      'git log --oneline -20',
      'git diff --stat HEAD~1',
      'git -c core.quotepath=off status',
      'git commit -am wip',
      'git commit --allow-empty -m ci',
      'git commit --allow-empty-message --no-edit',
      'git stash push -m wip',
      'git remote add origin https://example.com/r.git',
      'git config color.ui auto',
      'git config --global color.ui auto',
      'git rebase -s ort main',
    ],
  },
};

/**
 * gh's options: every command's own and inherited flags (ghTables.ts, generated from gh's help), read
 * as pflag reads them (`-R=owner/repo` too). A command gh does not list is unknown: an extension
 * (`gh foo` runs the program of an installed extension) or a user's alias, which may be a shell command.
 */
const pflag = (t: TableSpec): TableSpec => ({
  ...t,
  equalsShort: true,
  ...(t.subs ? { subs: Object.fromEntries(Object.entries(t.subs).map(([k, v]) => [k, pflag(v)])) } : {}),
});
const GH = optionTable(pflag(GH_TABLE));
const ghOptions: Check = (argv) => readOptions(GH, argv, 1, 'gh').effects;

const options: Readonly<Record<string, Check>> = { git: gitOptionsCheck, gh: ghOptions };

// gh's operands are files too (`gh release upload v1 ../x.zip` sends a file): the default's checks on top.
export const RULES: readonly ProgramRule[] = rules(
  'git',
  { effects, options, subcommands, allowlist: ['gh'], withDefaults: ['gh'] },
  EXAMPLES,
);
