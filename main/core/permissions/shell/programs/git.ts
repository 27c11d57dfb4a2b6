/**
 * git and gh. Configuration given on the command line (`-c core.pager=…`), external diff/textconv drivers, hooks and transport programs all run commands; global options are a table (`git -C dir status`).
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, risk, write, type Effect, type Inner } from '../effects.js';
import { scanOptions, type Arg, type OptionGrammar } from '../options.js';
import { opaque, script, argvOf, isShort, isLong, valueOf, HELP } from './kit.js';
import { rules, type Check, type SubcommandSpec, type ProgramRule, type Examples } from './rule.js';

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

const GIT_READONLY_CONFIG = ['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--list', '-l', 'get', 'list'];
const GIT_CONFIG_SAFE_FLAGS = [
  '--global',
  '--local',
  '--system',
  '--worktree',
  '--show-origin',
  '--show-scope',
  '--name-only',
  '-z',
  '--null',
  '--includes',
  '--no-includes',
  '--all',
  '--bool',
  '--int',
  '--path',
  '--type=bool',
  '--type=int',
  '--type=path',
  '--type=bool-or-int',
  '--type=expiry-date',
  '--type=color',
];

function git(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  const out: Effect[] = [];
  const end = sub.index ?? argv.length;
  for (const it of scanOptions(argv.slice(0, end), 1, {
    shortValue: 'Cc',
    longValue: ['git-dir', 'work-tree', 'namespace', 'super-prefix', 'config-env', 'list-cmds', 'attr-source'],
    noAbbrev: true,
  })) {
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
  const scan = (g: OptionGrammar) => scanOptions(args, 0, g);
  switch (sub.subcommand) {
    case 'config': {
      // `git config user.name`: one name and no other word reads it.
      if (args.length === 1 && args[0] !== null && /^[A-Za-z][\w-]*(\.[^\s=]+)?\.[A-Za-z][\w-]*$/.test(args[0]!)) break;
      const first = args.find((a) => a !== null && !GIT_CONFIG_SAFE_FLAGS.includes(a) && !a.startsWith('--type='));
      const readOnly =
        first !== undefined &&
        first !== null &&
        GIT_READONLY_CONFIG.includes(first) &&
        args.every(
          (a) =>
            a !== null &&
            (!a.startsWith('-') || GIT_READONLY_CONFIG.includes(a) || GIT_CONFIG_SAFE_FLAGS.includes(a) || a.startsWith('--type=')),
        );
      if (!readOnly) out.push(risk('config', 'git config changes configuration, which can name programs git runs later'));
      break;
    }
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
    case 'rebase':
      for (const it of scan({ shortValue: 'xsXS', longValue: ['exec', 'strategy', 'strategy-option', 'onto', 'gpg-sign'] })) {
        if (isShort(it, 'x') || isLong(it, ['exec']))
          out.push(exec('exec', script(valueOf(it)), 'git rebase --exec runs a shell command after each commit'));
      }
      break;
    case 'bisect':
      if (args[0] === 'run') out.push(exec('run', argvOf(args.slice(1)), 'git bisect run runs a command for every step'));
      break;
    case 'clone':
      for (const it of scan({
        shortValue: 'ubocj',
        longValue: [
          'upload-pack',
          'branch',
          'origin',
          'config',
          'template',
          'reference',
          'depth',
          'jobs',
          'separate-git-dir',
          'filter',
          'server-option',
        ],
      })) {
        if (isShort(it, 'u') || isLong(it, ['upload-pack']))
          out.push(exec('upload-pack', script(valueOf(it)), 'git clone --upload-pack runs a program'));
        if (isLong(it, ['template'])) out.push(exec('template', opaque(), 'git clone --template installs hooks from another directory'));
        if (isShort(it, 'c') || isLong(it, ['config'])) out.push(...gitConfigEffect('config', valueOf(it)));
      }
      break;
    case 'fetch':
    case 'pull':
    case 'push':
    case 'ls-remote':
    case 'fetch-pack':
    case 'send-pack':
      for (const it of scan({ longValue: ['upload-pack', 'receive-pack', 'exec'] })) {
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
    case 'difftool':
    case 'mergetool':
      for (const it of scan({ shortValue: 'xt', longValue: ['extcmd', 'tool'] })) {
        if (isShort(it, 'x') || isLong(it, ['extcmd']))
          out.push(exec('extcmd', script(valueOf(it)), `git ${sub.subcommand} --extcmd runs a command`));
      }
      break;
    case 'grep':
      for (const it of scan({ shortOptional: 'O', longOptional: ['open-files-in-pager'] })) {
        if (isShort(it, 'O') || isLong(it, ['open-files-in-pager']))
          out.push(
            exec(
              'open-files-in-pager',
              valueOf(it) === null ? opaque() : script(valueOf(it)),
              'git grep -O runs a pager on the matching files',
            ),
          );
      }
      break;
    case 'filter-branch':
      for (const it of scan({
        longValue: [
          'env-filter',
          'tree-filter',
          'index-filter',
          'parent-filter',
          'msg-filter',
          'commit-filter',
          'tag-name-filter',
          'subdirectory-filter',
          'prune-empty',
          'original',
          'state-branch',
        ],
      })) {
        if (it.kind === 'long' && /-filter$/.test(it.name) && it.name !== 'subdirectory-filter')
          out.push(exec(it.name, script(valueOf(it)), 'git filter-branch runs shell filters'));
      }
      break;
    case 'send-email':
      for (const it of scan({ longValue: ['sendmail-cmd', 'to-cmd', 'cc-cmd', 'header-cmd', 'smtp-server'] })) {
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
    case 'init':
      for (const it of scan({
        longValue: ['template', 'separate-git-dir', 'object-format', 'ref-format', 'shared', 'initial-branch'],
        shortValue: 'b',
      }))
        if (isLong(it, ['template'])) out.push(exec('template', opaque(), 'git init --template installs hooks from another folder'));
      break;
    case 'format-patch':
      for (const it of scan({ shortValue: 'ov', longValue: ['output-directory'] }))
        if (isShort(it, 'o') || isLong(it, ['output-directory']))
          out.push(write('output-directory', valueOf(it), 'git format-patch -o writes patches into a folder it names'));
      break;
    case 'cat-file':
      if (args.some((a) => a === '--filters' || a === null))
        out.push(exec('filters', opaque(), 'git cat-file --filters runs the configured clean/smudge filters'));
      break;
    case 'hook':
      out.push(exec('hook', opaque(), 'git hook run runs repository hooks'));
      break;
    case 'help':
      if (args.some((a) => a === null || /^(-w|--web|-i|--info|-m|--man|--b)/.test(a)))
        out.push(exec('help', opaque(), 'git help -w/-i/-m runs a browser, info or man viewer'));
      break;
    case 'daemon':
      for (const it of scan({ longValue: ['access-hook'] }))
        if (isLong(it, ['access-hook'])) out.push(exec('access-hook', argvOf([valueOf(it)]), 'git daemon --access-hook runs a program'));
      break;
    case 'archive':
      for (const it of scan({ shortValue: 'o', longValue: ['output', 'format', 'prefix', 'remote', 'exec'] })) {
        if (isShort(it, 'o')) out.push(write('output', valueOf(it), 'git archive -o writes a file'));
        if (isLong(it, ['exec'])) out.push(exec('exec', script(valueOf(it)), 'git archive --exec runs a program'));
      }
      break;
  }
  // Options of the diff family, valid for many subcommands.
  for (const it of scan({ longValue: ['output'] })) {
    if (isLong(it, ['output'], ['output-indicator-new', 'output-indicator-old', 'output-indicator-context', 'output-directory']))
      out.push(write('output', valueOf(it), `git ${sub.subcommand} --output writes a file`));
    if (isLong(it, ['ext-diff']))
      out.push(exec('ext-diff', opaque(), `git ${sub.subcommand} --ext-diff runs the configured external diff program`));
    if (isLong(it, ['textconv'], ['text']))
      out.push(exec('textconv', opaque(), `git ${sub.subcommand} --textconv runs the configured text conversion filters`));
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
  git: {
    match: [
      ['git -c core.pager=sh log', '#c-core.pager=sh'],
      ['git diff --ext-diff', '#ext_diff'],
    ],
    notMatch: ['git status', 'git -C sub log --oneline'],
  },
};

export const RULES: readonly ProgramRule[] = rules('git', { effects, subcommands }, EXAMPLES);
