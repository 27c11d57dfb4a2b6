/**
 * Arguments that make a program run ANOTHER program or write a file it names — the ways an
 * ordinary-looking call smuggles in more than its key (`run_command:<program>`) says.
 *
 * Programs whose purpose is writing (cp, mv, rm, touch, mkdir…) or running what the project
 * defines (make, npm test, cargo build…) stay simple: their key already names what runs. What is
 * caught here is an argument that adds a DIFFERENT program or a write to a program that otherwise
 * does not do it. Every check reads argv after quote removal, through the option scanner, so
 * attached values (`-ofile`, `--output=x`), clusters (`-xvf`), abbreviations (`--out=x`) and
 * quoted or backslashed letters (`"-"c`, `g\it`) are all seen the same way.
 */
import { exec, risk, write, type Effect, type Inner } from './effects.js';
import { awkProgramDanger, sedScriptDanger } from './scriptScanners.js';
import { matchDangerousLong, scanOptions, type Arg, type OptItem, type OptionGrammar } from './options.js';
import { packageExecEffects, yarnExecEffects, type ExecFront } from './packageExec.js';
import { isYarnFolderWord } from './yarnWorkspaces.js';
import { hidesSubscriptCode, NAME_BUILTINS, nameOperands } from './subscripts.js';

/** `program` is the name the check was looked up under (canonical: `pn` is pnpm). */
type Check = (argv: readonly Arg[], sub: { subcommand?: string; index?: number }, program: string) => Effect[];

const opaque = (text: Arg = null): Inner => ({ kind: 'opaque', text });
const script = (text: Arg | undefined): Inner => ({ kind: 'script', text: text ?? null });
const argvOf = (argv: readonly Arg[]): Inner => (argv.length ? { kind: 'argv', argv: [...argv] } : { kind: 'none' });

const isShort = (it: OptItem, letters: string): it is Extract<OptItem, { kind: 'short' }> =>
  it.kind === 'short' && letters.includes(it.name);
const isLong = (it: OptItem, names: readonly string[], safe: readonly string[] = []): it is Extract<OptItem, { kind: 'long' }> =>
  it.kind === 'long' && matchDangerousLong(it.name, names, safe) !== undefined;
const valueOf = (it: OptItem): Arg => ('value' in it && it.value !== undefined ? it.value : null);
const operands = (items: OptItem[]): Arg[] =>
  items.filter((it) => it.kind === 'operand').map((it) => (it.kind === 'operand' ? it.value : null));

// ---------------------------------------------------------------------------------------------
// git: configuration, pagers, external diff/textconv drivers, hooks and transport programs can all
// run arbitrary commands.

/** Config keys whose value is a command (or loads more config). Matched on the lower-cased name. */
const GIT_EXEC_CONFIG =
  /(^|\.)(pager|editor|sshcommand|fsmonitor|askpass|textconv|external|command|driver|helper|program|hookspath|clean|smudge|process|receivepack|uploadpack|gitproxy|proxycommand|cmd|path|tool|packobjectshook|sendmailcmd|smtpserver|browser)$|^(alias|include|includeif|core\.(pager|editor)|sequence\.editor|pager)\b/;

function gitConfigEffect(flag: string, value: Arg): Effect {
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
    if (isShort(it, 'c')) out.push(gitConfigEffect('c', valueOf(it)));
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
        if (isShort(it, 'c') || isLong(it, ['config'])) out.push(gitConfigEffect('config', valueOf(it)));
      }
      break;
    case 'fetch':
    case 'pull':
    case 'push':
    case 'ls-remote':
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
  return out;
}

// ---------------------------------------------------------------------------------------------
// find / fd: -exec and friends run programs; -delete and -fprint* write.

function find(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === null || a === undefined) continue;
    if (['-exec', '-execdir', '-ok', '-okdir'].includes(a)) {
      let j = i + 1;
      while (j < argv.length && argv[j] !== ';' && argv[j] !== '+') j++;
      out.push(exec(a.slice(1), argvOf(argv.slice(i + 1, j)), `find ${a} runs a program for each file found`));
      i = j;
    } else if (a === '-delete') out.push(risk('delete', 'find -delete deletes every file it finds'));
    else if (['-fprint', '-fprint0', '-fls', '-fprintf'].includes(a))
      out.push(write(a.slice(1), argv[i + 1] ?? null, `find ${a} writes a file`));
  }
  return out;
}

function fd(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  const items = scanOptions(argv, 1, {
    shortValue: 'tedESjc',
    longValue: [
      'type',
      'extension',
      'max-depth',
      'min-depth',
      'exact-depth',
      'exclude',
      'size',
      'changed-within',
      'changed-before',
      'owner',
      'color',
      'threads',
      'max-results',
      'base-directory',
      'path-separator',
      'search-path',
      'ignore-file',
      'format',
      'and',
      'batch-size',
    ],
  });
  for (const it of items) {
    if (isShort(it, 'xX') || isLong(it, ['exec', 'exec-batch'])) {
      let j = it.word + 1;
      while (j < argv.length && argv[j] !== ';') j++;
      out.push(exec('exec', argvOf(argv.slice(it.word + 1, j)), 'fd --exec runs a program for each file found'));
      break;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Text tools.

function rg(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  const items = scanOptions(argv, 1, {
    shortValue: 'ABCEMTdefgjmrt',
    longValue: [
      'pre',
      'pre-glob',
      'hostname-bin',
      'regexp',
      'file',
      'glob',
      'iglob',
      'type',
      'type-not',
      'replace',
      'max-count',
      'max-depth',
      'max-columns',
      'threads',
      'encoding',
      'color',
      'colors',
      'context',
      'after-context',
      'before-context',
      'sort',
      'sortr',
      'path-separator',
      'type-add',
      'type-clear',
      'ignore-file',
      'engine',
      'field-context-separator',
      'field-match-separator',
      'context-separator',
      'max-filesize',
      'dfa-size-limit',
      'regex-size-limit',
      'hyperlink-format',
      'generate',
    ],
    noAbbrev: true,
  });
  for (const it of items) {
    if (isLong(it, ['pre'], ['pre-glob'])) out.push(exec('pre', argvOf([valueOf(it)]), 'rg --pre runs a program on every file searched'));
    if (isLong(it, ['hostname-bin'])) out.push(exec('hostname-bin', argvOf([valueOf(it)]), 'rg --hostname-bin runs a program'));
    if (isShort(it, 'z') || isLong(it, ['search-zip']))
      out.push(risk('search-zip', 'rg --search-zip runs decompression programs (gzip, xz, bzip2, …)'));
  }
  return out;
}

function sed(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  const items = scanOptions(argv, 1, {
    shortValue: 'efl',
    shortOptional: 'i',
    longValue: ['expression', 'file', 'line-length'],
    longOptional: ['in-place'],
  });
  const sandbox = items.some((it) => it.kind === 'long' && it.name === 'sandbox');
  const scripts: Arg[] = [];
  let inPlace = false;
  for (const it of items) {
    if (isShort(it, 'e') || isLong(it, ['expression'])) scripts.push(valueOf(it));
    if (isShort(it, 'f') || isLong(it, ['file'], ['follow-symlinks'])) {
      if (!sandbox) out.push(exec('file', opaque(), 'sed -f reads a script file the classifier cannot inspect'));
      scripts.push('');
    }
    if (isShort(it, 'i') || isLong(it, ['in-place'])) inPlace = true;
  }
  const ops = operands(items);
  if (scripts.length === 0) scripts.push(ops.shift() ?? '');
  if (!sandbox) {
    for (const sc of scripts) {
      if (sc === null) out.push(exec('script', opaque(), 'sed script not known before it runs'));
      else {
        const why = sedScriptDanger(sc);
        if (why) out.push(exec('script', opaque(sc), why));
      }
    }
  }
  if (inPlace) for (const f of ops.length ? ops : [null]) out.push(write('in-place', f, 'sed -i rewrites the files it names'));
  return out;
}

function awk(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  const name = String(argv[0]);
  const items = scanOptions(argv, 1, {
    shortValue: 'FvfeilEW',
    shortOptional: 'dDLopM',
    longValue: ['field-separator', 'assign', 'file', 'source', 'include', 'load', 'exec'],
    longOptional: ['dump-variables', 'debug', 'lint', 'pretty-print', 'profile'],
  });
  const programs: Arg[] = [];
  for (const it of items) {
    if (isShort(it, 'e') || isLong(it, ['source'])) programs.push(valueOf(it));
    if (isShort(it, 'fiE') || isLong(it, ['file', 'include', 'exec'])) {
      out.push(exec('file', opaque(), `${name} -f/-i/-E loads a program file the classifier cannot inspect`));
      programs.push('');
    }
    if (isShort(it, 'l') || isLong(it, ['load'])) out.push(exec('load', opaque(), `${name} -l loads a shared library`));
    if (isShort(it, 'W')) out.push(exec('W', opaque(), `${name} -W options are not inspected`));
    if (isShort(it, 'dDop') || isLong(it, ['dump-variables', 'debug', 'pretty-print', 'profile']))
      out.push(write(it.kind === 'long' ? it.name : it.name, valueOf(it), `${name} writes a report file`));
  }
  if (programs.length === 0) programs.push(operands(items)[0] ?? '');
  for (const p of programs) {
    if (p === null) out.push(exec('program', opaque(), `${name} program not known before it runs`));
    else {
      const why = awkProgramDanger(p);
      if (why) out.push(exec('program', opaque(p), why));
    }
  }
  return out;
}

function sort(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (const it of scanOptions(argv, 1, {
    shortValue: 'ktTSo',
    longValue: [
      'key',
      'field-separator',
      'temporary-directory',
      'buffer-size',
      'output',
      'compress-program',
      'parallel',
      'batch-size',
      'files0-from',
      'random-source',
      'sort',
    ],
  })) {
    if (isShort(it, 'o') || isLong(it, ['output'])) out.push(write('output', valueOf(it), 'sort -o writes a file'));
    if (isLong(it, ['compress-program']))
      out.push(exec('compress-program', argvOf([valueOf(it)]), 'sort --compress-program runs a program'));
  }
  return out;
}

const outputOption =
  (name: string, shortLetters: string, longNames: readonly string[], grammar: OptionGrammar = {}): Check =>
  (argv) => {
    const out: Effect[] = [];
    for (const it of scanOptions(argv, 1, { shortValue: shortLetters, longValue: longNames, ...grammar })) {
      if (isShort(it, shortLetters) || isLong(it, longNames))
        out.push(write(it.kind === 'long' ? it.name : it.name, valueOf(it), `${name} writes a file it names`));
    }
    return out;
  };

function tee(argv: readonly Arg[]): Effect[] {
  const items = scanOptions(argv, 1, { longOptional: ['output-error'] });
  return operands(items).map((f) => write('', f, 'tee writes the files it names'));
}

function dd(argv: readonly Arg[]): Effect[] {
  return argv
    .slice(1)
    .flatMap((a) =>
      a === null
        ? [exec('operand', opaque(), 'dd operand not known before it runs')]
        : a.startsWith('of=')
          ? [write('of', a.slice(3), 'dd of= writes a file')]
          : [],
    );
}

const TAR_SHORT_VALUE = 'fCbTXIFKLNVgH';

function tar(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  // Old-style `tar xzf a.tar`: the first word is a cluster of options without a dash.
  // Each letter of that cluster that takes a value takes the NEXT word, in order (`tar cfI x.tar
  // prog src` runs prog as the compressor): the cluster is spelled out as separate options.
  let words: Arg[] = [...argv];
  if (typeof words[1] === 'string' && !words[1].startsWith('-')) {
    const spelled: Arg[] = [words[0]!];
    let next = 2;
    for (const letter of words[1]) {
      spelled.push('-' + letter);
      if (TAR_SHORT_VALUE.includes(letter) && next < words.length) spelled.push(words[next++]!);
    }
    words = [...spelled, ...words.slice(next)];
  }
  const items = scanOptions(words, 1, {
    shortValue: TAR_SHORT_VALUE,
    longValue: [
      'file',
      'directory',
      'blocking-factor',
      'files-from',
      'exclude-from',
      'use-compress-program',
      'info-script',
      'new-volume-script',
      'starting-file',
      'tape-length',
      'newer',
      'after-date',
      'label',
      'listed-incremental',
      'format',
      'to-command',
      'checkpoint-action',
      'rsh-command',
      'rmt-command',
      'exclude',
      'transform',
      'xform',
      'owner',
      'group',
      'mode',
      'mtime',
      'strip-components',
      'suffix',
      'index-file',
      'volno-file',
      'record-size',
      'occurrence',
      'sort',
      'quoting-style',
      'warning',
      'hole-detection',
      'acls',
      'xattrs-include',
      'xattrs-exclude',
    ],
  });
  const forceLocal = items.some((it) => it.kind === 'long' && it.name === 'force-local');
  for (const it of items) {
    if (isShort(it, 'I') || isLong(it, ['use-compress-program']))
      out.push(exec('use-compress-program', script(valueOf(it)), 'tar --use-compress-program runs a program'));
    if (isShort(it, 'F') || isLong(it, ['info-script', 'new-volume-script']))
      out.push(exec('info-script', script(valueOf(it)), 'tar --info-script runs a script'));
    if (isLong(it, ['to-command'])) out.push(exec('to-command', script(valueOf(it)), 'tar --to-command runs a command for every file'));
    if (isLong(it, ['checkpoint-action'], ['checkpoint'])) {
      const v = valueOf(it);
      out.push(
        exec(
          'checkpoint-action',
          v !== null && /^exec=/.test(v) ? script(v.slice(5)) : v === null ? opaque() : opaque(v),
          'tar --checkpoint-action can run a command',
        ),
      );
    }
    if (isLong(it, ['rsh-command', 'rmt-command']))
      out.push(exec(it.kind === 'long' ? it.name : 'rsh', argvOf([valueOf(it)]), 'tar --rsh-command runs a program'));
    if ((isShort(it, 'f') || isLong(it, ['file'])) && !forceLocal) {
      const v = valueOf(it);
      if (v === null || /^[^/]*:/.test(v)) out.push(exec('file', opaque(), 'tar -f host:file runs a remote shell'));
    }
  }
  return out;
}

function make(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  // -f FILE is allowed: make runs the project's recipes anyway, whichever makefile holds them.
  const items = scanOptions(argv, 1, {
    shortValue: 'CfIoWE',
    longValue: [
      'directory',
      'file',
      'makefile',
      'include-dir',
      'old-file',
      'assume-old',
      'what-if',
      'new-file',
      'assume-new',
      'eval',
      'jobserver-style',
      'shuffle',
    ],
    longOptional: ['jobs', 'load-average', 'output-sync', 'debug'],
  });
  for (const it of items) {
    // A makefile read from standard input or a descriptor is recipe text the key cannot show.
    if ((isShort(it, 'f') || isLong(it, ['file', 'makefile'])) && /^(-|\/dev\/(stdin|fd\/.*)|\/proc\/.*)$/.test(valueOf(it) ?? '-'))
      out.push(exec('file', opaque(), 'make -f reads recipes from standard input or a descriptor'));
    if (isShort(it, 'E') || isLong(it, ['eval']))
      out.push(exec('eval', opaque(valueOf(it)), 'make --eval adds recipe text that runs shell commands'));
    if (it.kind === 'operand') {
      const v = it.value;
      if (v === null) out.push(exec('operand', opaque(), 'make argument not known before it runs'));
      else if (/^[^=\s]+[:+?!]?=/.test(v)) {
        const name = v.slice(0, v.search(/[:+?!]?=/));
        if (/^(SHELL|MAKESHELL|\.SHELLFLAGS|MAKEFLAGS|MFLAGS|MAKE)$/.test(name))
          out.push({ flag: 'var', value: v, runs: opaque(v), note: `make ${name}= changes the program make runs recipes with` });
        else out.push(risk('var', `make ${name}= overrides a variable that recipes expand into shell commands`, v));
      }
    }
  }
  return out;
}

function man(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (const it of scanOptions(argv, 1, {
    shortValue: 'PCMSemLpRTEr',
    shortOptional: 'HX',
    longValue: [
      'pager',
      'config-file',
      'manpath',
      'sections',
      'extension',
      'systems',
      'locale',
      'preprocessor',
      'recode',
      'encoding',
      'prompt',
    ],
    longOptional: ['html', 'gxditview'],
  })) {
    if (isShort(it, 'P') || isLong(it, ['pager'])) out.push(exec('pager', script(valueOf(it)), 'man -P runs a pager program'));
    if (isShort(it, 'H') || isLong(it, ['html']))
      out.push(exec('html', valueOf(it) === null ? opaque() : script(valueOf(it)), 'man -H runs a web browser'));
    if (isShort(it, 'X') || isLong(it, ['gxditview'])) out.push(exec('gxditview', opaque(), 'man -X runs gxditview'));
    if (isShort(it, 'C') || isLong(it, ['config-file']))
      out.push(exec('config-file', opaque(), 'man -C reads a configuration that can DEFINE the pager and formatters'));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Package managers and language tools.

/** Subcommands that are package runners, read by packageExec.ts (`npm x` resolves to exec). */
const RUNNER_FRONTS: Readonly<Record<string, ExecFront>> = {
  'npm exec': 'npm',
  'pnpm dlx': 'pnpm',
  'pnpm exec': 'pnpm-exec',
  'bun x': 'bun',
  'yarn dlx': 'yarn-dlx',
};

/**
 * pnpm's shell mode given before `exec` or `dlx` (`pnpm -c exec 'a | b'`): nopt reads `-c`,
 * `--shell-mode[=true|false]` and `--no-shell-mode` there with the command's shorthands; the last wins.
 */
function pnpmShellMode(items: readonly OptItem[], before: number): boolean {
  let on = false;
  for (const it of items) {
    if (it.word >= before) break;
    if (it.kind === 'short' && it.name === 'c') on = true;
    else if (it.kind === 'long' && it.name === 'shell-mode') on = it.value === undefined || it.value === 'true';
    else if (it.kind === 'long' && it.name === 'no-shell-mode') on = false;
  }
  return on;
}

function npmFamily(argv: readonly Arg[], sub: { subcommand?: string; index?: number }, program: string): Effect[] {
  const out: Effect[] = [];
  // As typed (for notes); `program` is the canonical name (`pn` is pnpm).
  const name = String(argv[0]);
  const items = scanOptions(argv, 1, {
    shortValue: 'wC',
    longValue: [
      'script-shell',
      'node-options',
      'git',
      'editor',
      'browser',
      'viewer',
      'shell',
      'userconfig',
      'globalconfig',
      'call',
      'prefix',
      'workspace',
      'filter',
      'dir',
      'cwd',
      'loglevel',
      'registry',
      'cache',
      'package',
      'reporter',
    ],
    noAbbrev: true,
  });
  for (const it of items) {
    if (isLong(it, ['script-shell', 'shell']))
      out.push(exec('script-shell', argvOf([valueOf(it)]), `${name} --script-shell runs scripts with another program`));
    if (isLong(it, ['git', 'editor', 'browser', 'viewer']))
      out.push(
        exec(
          it.kind === 'long' ? it.name : 'x',
          argvOf([valueOf(it)]),
          `${name} --${it.kind === 'long' ? it.name : ''} names a program to run`,
        ),
      );
    // `--call` before the subcommand (`npm --call=x exec`) is the same config as `exec -c x`.
    if (isLong(it, ['call']) && (sub.index === undefined || it.word < sub.index))
      out.push(exec('call', script(valueOf(it)), `${name} --call runs a shell command`));
    if (isLong(it, ['node-options']))
      out.push(exec('node-options', opaque(valueOf(it)), `${name} --node-options can load code into every node process`));
    if (isLong(it, ['userconfig', 'globalconfig']))
      out.push(exec('userconfig', opaque(), `${name} loads configuration from a named file, which can set script-shell`));
    if (it.kind === 'long' && it.name.startsWith('config.'))
      out.push(risk('config', `${name} --config.* sets configuration for this run`, argv[it.word] ?? null));
  }
  const i = sub.index;
  if (i === undefined || sub.subcommand === undefined) return out;
  const args = argv.slice(i + 1);
  const s = sub.subcommand;
  // The package runners: what they run is read the way each reads its options (packageExec.ts).
  const front = Object.prototype.hasOwnProperty.call(RUNNER_FRONTS, `${program} ${s}`) ? RUNNER_FRONTS[`${program} ${s}`] : undefined;
  if (front) out.push(...packageExecEffects(front, `${name} ${s}`, args, program === 'pnpm' ? { shellMode: pnpmShellMode(items, i) } : {}));
  else if (program === 'yarn' && s === 'exec')
    // After a folder word (`yarn ./pkg exec …`, yarn 4 only) yarn 1 does not reach its exec at all;
    // after `workspace a` (yarnWorkspaces.ts) it does.
    out.push(
      ...yarnExecEffects(
        `${name} exec`,
        args,
        !items.some((it) => it.kind === 'operand' && it.word < i && it.value !== null && isYarnFolderWord(it.value)),
      ),
    );
  else if (s === 'exec' || s === 'x' || s === 'dlx') {
    const ex = scanOptions(args, 0, { shortValue: 'cp', longValue: ['call', 'package'], stopAtOperand: true });
    const call = ex.find((it) => isShort(it, 'c') || isLong(it, ['call']));
    if (call) out.push(exec('call', script(valueOf(call)), `${name} exec -c runs a shell command`));
    else {
      // `bun exec x` (bun's own shell is added below): the first operand is the program.
      const op = ex.find((it) => it.kind === 'operand' || it.kind === 'dynamic');
      out.push(
        exec(
          'exec',
          op ? (op.kind === 'dynamic' ? opaque() : argvOf(args.slice(op.word))) : { kind: 'none' },
          `${name} ${s} runs a program`,
        ),
      );
    }
  }
  // `npm init <initializer>` / `create` run the create-<initializer> package's program.
  if (['init', 'create', 'innit'].includes(s)) {
    const op = scanOptions(args, 0, { shortValue: 'w', longValue: ['scope', 'workspace'], stopAtOperand: true }).find(
      (it) => it.kind === 'operand' || it.kind === 'dynamic',
    );
    if (op)
      out.push(
        exec('init', op.kind === 'dynamic' ? opaque() : argvOf(args.slice(op.word)), `${name} ${s} <package> runs a package's program`),
      );
  }
  if (s === 'pkg' && args.some((a) => a === null || a === 'set' || a === 'delete'))
    out.push(risk('pkg', `${name} pkg set/delete rewrites package.json, whose scripts ${name} runs later`));
  if (s === 'node' && (program === 'yarn' || program === 'pnpm'))
    out.push(exec('node', argvOf(['node', ...args]), `${name} node runs node`));
  if (s === 'explore') {
    const dd = args.indexOf('--');
    out.push(exec('explore', dd >= 0 ? argvOf(args.slice(dd + 1)) : opaque(), `${name} explore runs a command in a package folder`));
  }
  if ((s === 'config' || s === 'c') && !['get', 'list', 'ls'].includes(String(args.find((a) => a === null || !a.startsWith('-')))))
    out.push(risk('config', `${name} config changes configuration, which can name programs to run`));
  if (s === 'set') out.push(risk('config', `${name} set changes configuration`));
  if (s === 'edit') out.push(exec('edit', opaque(), `${name} edit runs an editor`));
  if (program === 'bun') {
    for (const it of scanOptions(argv, 1, { shortValue: 'ep', longValue: ['eval', 'print'] })) {
      if (isShort(it, 'ep') || isLong(it, ['eval', 'print'])) out.push(exec('eval', opaque(valueOf(it)), 'bun --eval runs inline code'));
    }
    if (s === 'exec') out.push(exec('exec', script(args.some((a) => a === null) ? null : args.join(' ')), 'bun exec runs a shell command'));
  }
  return out;
}

/** `<tool> run|exec <command…>`: runners whose subcommand runs an arbitrary program. */
function subcommandRunner(subs: readonly string[], grammar: OptionGrammar = {}): Check {
  return (argv, sub) => {
    if (sub.subcommand === undefined || sub.index === undefined || !subs.includes(sub.subcommand)) return [];
    const args = argv.slice(sub.index + 1);
    const items = scanOptions(args, 0, { ...grammar, stopAtOperand: true });
    const op = items.find((it) => it.kind === 'operand' || it.kind === 'dynamic');
    const runs: Inner = !op ? { kind: 'none' } : op.kind === 'dynamic' ? opaque() : argvOf(args.slice(op.word));
    return [exec(sub.subcommand, runs, `${String(argv[0])} ${sub.subcommand} runs a program`)];
  };
}

function cargo(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  // `cargo +/path/to/toolchain build`: rustup runs the toolchain found at that path.
  if (typeof argv[1] === 'string' && /^\+.*[/\\]/.test(argv[1]))
    out.push(exec('toolchain', argvOf([argv[1].slice(1)]), 'cargo +<path> runs a toolchain from a folder'));
  for (const it of scanOptions(argv, 1, {
    shortValue: 'ZCpjF',
    longValue: [
      'config',
      'color',
      'manifest-path',
      'package',
      'jobs',
      'target',
      'target-dir',
      'features',
      'bin',
      'example',
      'test',
      'bench',
      'profile',
      'message-format',
    ],
  })) {
    if (it.kind === 'long' && it.name === 'config')
      out.push({
        flag: 'config',
        value: valueOf(it),
        runs: opaque(valueOf(it)),
        note: 'cargo --config sets configuration that can name programs (runner, rustc-wrapper, linker)',
      });
  }
  return out;
}

function goTool(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  const out: Effect[] = [];
  if (sub.index === undefined) return out;
  const args = argv.slice(sub.index + 1);
  for (const it of scanOptions(args, 0, {
    singleDashLong: true,
    longValue: [
      'toolexec',
      'exec',
      'vettool',
      'o',
      'C',
      'p',
      'tags',
      'ldflags',
      'gcflags',
      'run',
      'bench',
      'count',
      'timeout',
      'coverprofile',
      'cpuprofile',
      'memprofile',
      'mod',
      'modfile',
      'overlay',
      'pkgdir',
      'trimpath',
      'covermode',
      'coverpkg',
      'json',
      'asmflags',
      'buildmode',
      'compiler',
      'gccgoflags',
      'installsuffix',
      'pgo',
    ],
    noAbbrev: true,
  })) {
    if (it.kind === 'long' && ['toolexec', 'exec', 'vettool'].includes(it.name))
      out.push(exec(it.name, script(valueOf(it)), `go -${it.name} runs another program`));
    // -ldflags=-extld=PROG names the external linker; -compiler/-gccgoflags switch toolchains.
    if (it.kind === 'long' && it.name === 'ldflags' && (valueOf(it) === null || /extld|linkmode/.test(valueOf(it)!)))
      out.push(exec('ldflags', opaque(valueOf(it)), 'go -ldflags -extld names a linker program to run'));
    if (it.kind === 'long' && (it.name === 'compiler' || it.name === 'gccgoflags'))
      out.push(exec(it.name, opaque(valueOf(it)), `go -${it.name} switches the compiler`));
  }
  if (sub.subcommand === 'env' && args.some((a) => a === '-w' || a === '-u'))
    out.push(risk('env-w', 'go env -w changes Go configuration, which can name programs to run'));
  return out;
}

function rustup(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  if (sub.subcommand !== 'run' || sub.index === undefined) return [];
  const args = argv.slice(sub.index + 1);
  const items = scanOptions(args, 0, { stopAtOperand: true });
  const ops = items.filter((it) => it.kind === 'operand' || it.kind === 'dynamic');
  const cmd = ops[1];
  return [
    exec(
      'run',
      !cmd ? { kind: 'none' } : cmd.kind === 'dynamic' ? opaque() : argvOf(args.slice(cmd.word)),
      'rustup run runs a program with a toolchain',
    ),
  ];
}

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

function kubectl(argv: readonly Arg[]): Effect[] {
  return scanOptions(argv, 1, { longValue: ['kubeconfig'] })
    .filter((it) => isLong(it, ['kubeconfig']))
    .map(() => exec('kubeconfig', opaque(), 'a kubeconfig file can name credential plugins to run'));
}

/**
 * `docker run -v /:/host`, `--privileged`, `--pid=host`, the docker socket: a container that sees
 * the host's files or kernel is the host. A bind mount of a host path given absolute, from home or
 * climbing out (`/`, `~`, `..`) and the host-namespace options are reported; relative mounts of
 * the project (`-v .:/app`) stay ordinary.
 */
function containerHostAccess(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  if (sub.index === undefined || !['run', 'create', 'exec', 'container'].includes(sub.subcommand ?? '')) return [];
  const out: Effect[] = [];
  const args = argv.slice(sub.index + 1);
  const hostPath = (src: string) => /^(\/|~|\.\.(\/|$))/.test(src) || src.includes('docker.sock');
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === null || a === undefined) continue;
    if (a === '--') break;
    let vol: Arg | undefined;
    if (a === '-v' || a === '--volume' || a === '--mount') vol = args[i + 1] ?? null;
    else if (/^(--volume|--mount)=/.test(a)) vol = a.slice(a.indexOf('=') + 1);
    else if (/^-v./.test(a)) vol = a.slice(2);
    if (vol !== undefined) {
      const src = vol === null ? null : a.includes('mount') ? (/(?:^|,)(?:source|src)=([^,]*)/.exec(vol)?.[1] ?? '') : vol.split(':')[0]!;
      if (src === null || hostPath(src)) out.push(write('volume', vol, `${String(argv[0])} mounts a host folder into the container`));
    }
    if (/^--(privileged|pid=host|ipc=host|uts=host|userns=host|cgroupns=host|cap-add|device|security-opt)(=|$)/.test(a))
      out.push(exec('host', opaque(a), `${String(argv[0])} ${a} gives the container access to the host`));
  }
  return out;
}

function container(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  const end = sub.index ?? argv.length;
  return containerHostAccess(argv, sub).concat(
    // --config DIR: its config.json names credential helper programs (docker-credential-*) to run.
    scanOptions(argv.slice(0, end), 1, { longValue: ['runtime', 'conmon', 'network-cmd-path', 'hooks-dir', 'config'] })
      .filter((it) => isLong(it, ['runtime', 'conmon', 'network-cmd-path', 'hooks-dir', 'config']))
      .map((it) =>
        exec(
          it.kind === 'long' ? it.name : 'runtime',
          it.kind === 'long' && it.name === 'config' ? opaque() : argvOf([valueOf(it)]),
          `${String(argv[0])} --runtime/--conmon/--hooks-dir names programs to run`,
        ),
      ),
  );
}

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

// Options that run a local command, read more options, or load a shared library into ssh.
const SSH_EXEC_OPTIONS =
  /^(proxycommand|localcommand|permitlocalcommand|knownhostscommand|include|match|proxyusefdpass|remotecommand|pkcs11provider|securitykeyprovider)$/;

function sshOptions(name: string, shortValue: string, programLetters: string): Check {
  return (argv) => {
    const out: Effect[] = [];
    let items = scanOptions(argv, 1, { shortValue, stopAtOperand: name === 'ssh' });
    if (name === 'ssh') {
      // OpenSSH reads options again after the host (`ssh host -o ProxyCommand=…` runs it), up to
      // the remote command, unless `--` ended them before the host.
      const host = items.find((it) => it.kind === 'operand' || it.kind === 'dynamic');
      const terminated = host !== undefined && argv.slice(1, host.word).includes('--');
      items = items.filter((it) => it.kind !== 'operand' && (host === undefined || it.word < host.word));
      if (host && !terminated)
        items.push(...scanOptions(argv, host.word + 1, { shortValue, stopAtOperand: true }).filter((it) => it.kind !== 'operand'));
    }
    for (const it of items) {
      if (isShort(it, 'o')) {
        const v = valueOf(it);
        const key = v === null ? null : v.trim().split(/[\s=]/)[0]!.toLowerCase();
        if (key === null || SSH_EXEC_OPTIONS.test(key)) {
          const cmd =
            v === null
              ? null
              : v
                  .trim()
                  .slice(key!.length)
                  .replace(/^\s*=?\s*/, '');
          out.push({
            flag: 'o',
            value: v,
            runs: key === 'proxycommand' || key === 'localcommand' ? script(cmd) : opaque(v),
            note: `${name} -o ${key ?? '?'} runs a local command`,
          });
        }
      }
      if (isShort(it, 'F')) out.push(exec('F', opaque(), `${name} -F reads a config file that can name commands to run`));
      if (isShort(it, 'I') && name === 'ssh') out.push(exec('I', opaque(valueOf(it)), 'ssh -I loads a PKCS#11 shared library'));
      if (isShort(it, 'E')) out.push(write('E', valueOf(it), `${name} -E writes a log file`));
      if (isShort(it, programLetters))
        out.push(
          exec(
            it.kind === 'short' ? it.name : 'S',
            argvOf([valueOf(it)]),
            `${name} -${it.kind === 'short' ? it.name : ''} names a program to run`,
          ),
        );
      if (name === 'sftp' && isShort(it, 'b')) out.push(exec('b', opaque(), 'sftp -b batch files can run local commands'));
    }
    return out;
  };
}

function rsync(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (const it of scanOptions(argv, 1, {
    shortValue: 'eBfTM',
    longValue: [
      'rsh',
      'rsync-path',
      'log-file',
      'write-batch',
      'only-write-batch',
      'filter',
      'exclude',
      'include',
      'exclude-from',
      'include-from',
      'files-from',
      'temp-dir',
      'partial-dir',
      'backup-dir',
      'suffix',
      'chmod',
      'chown',
      'usermap',
      'groupmap',
      'compare-dest',
      'copy-dest',
      'link-dest',
      'password-file',
      'port',
      'bwlimit',
      'timeout',
      'contimeout',
      'info',
      'debug',
      'out-format',
      'log-file-format',
      'max-size',
      'min-size',
      'max-delete',
      'block-size',
      'checksum-choice',
      'compress-choice',
      'compress-level',
      'skip-compress',
      'iconv',
      'remote-option',
      'sockopts',
      'protocol',
      'stop-after',
      'stop-at',
      'modify-window',
      'mkpath',
    ],
  })) {
    if (isShort(it, 'e') || isLong(it, ['rsh'])) out.push(exec('rsh', script(valueOf(it)), 'rsync -e runs a remote-shell program'));
    if (isLong(it, ['rsync-path']))
      out.push(exec('rsync-path', script(valueOf(it)), 'rsync --rsync-path names the program run on the other side'));
    if (isLong(it, ['log-file', 'write-batch', 'only-write-batch'], ['log-file-format']))
      out.push(write(it.kind === 'long' ? it.name : 'log', valueOf(it), 'rsync writes a log or batch file'));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Editors and pagers.

function vim(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  const name = String(argv[0]);
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === null || a === undefined) continue;
    if (a === '--') break;
    if (/^\+./.test(a) && !/^\+[0-9]+$/.test(a))
      out.push(exec('+', opaque(a), `${name} +cmd runs an editor command, which can run shell commands`));
    else if (
      a === '-c' ||
      a === '--cmd' ||
      a === '-S' ||
      a === '-s' ||
      a === '-u' ||
      a === '-U' ||
      a === '-l' ||
      a === '--remote-send' ||
      a === '--remote-expr'
    ) {
      const v = argv[i + 1] ?? null;
      if (!((a === '-u' || a === '-U') && (v === 'NONE' || v === 'NORC' || v === 'DEFAULTS')))
        out.push(exec(a.replace(/^-+/, ''), opaque(v), `${name} ${a} runs editor commands, which can run shell commands`));
      i++;
    } else if (/^-[cSsl]./.test(a) && !a.startsWith('--'))
      out.push(exec(a[1]!, opaque(a.slice(2)), `${name} ${a.slice(0, 2)} runs editor commands`));
    else if (a === '-w' || a === '-W' || a === '--startuptime') {
      out.push(write(a.replace(/^-+/, ''), argv[i + 1] ?? null, `${name} ${a} writes a file`));
      i++;
    }
  }
  return out;
}

function emacs(argv: readonly Arg[]): Effect[] {
  return argv
    .slice(1)
    .flatMap((a) =>
      a === null || /^(--eval|-l|--load|-f|--funcall|--script|-x|--batch-eval|-L|--directory)(=|$)/.test(a)
        ? [exec('eval', opaque(a), 'emacs runs Lisp code given on the command line')]
        : [],
    );
}

function nano(argv: readonly Arg[]): Effect[] {
  return scanOptions(argv, 1, {
    shortValue: 'sYoCTrXQ',
    longValue: ['speller', 'syntax', 'operatingdir', 'backupdir', 'tabsize', 'fill', 'wordchars', 'quotestr', 'rcfile'],
  })
    .filter((it) => isShort(it, 's') || isLong(it, ['speller']))
    .map((it) => exec('speller', script(valueOf(it)), 'nano --speller runs a program'));
}

function pager(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  const name = String(argv[0]);
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === null || a === undefined) continue;
    // +N, +G, +F, +Ng: go to a line, the end, or follow. Any other command string may hold "!cmd".
    if (/^\+./.test(a) && !/^\+[0-9]*[GFg]?$/.test(a))
      out.push(exec('+', opaque(a), `${name} +cmd runs pager commands, which include "!" shell escapes`));
  }
  for (const it of scanOptions(argv, 1, {
    shortValue: 'bhjkopPTxyzoO#',
    longValue: [
      'log-file',
      'LOG-FILE',
      'lesskey-file',
      'lesskey-src',
      'lesskey-content',
      'tag-file',
      'prompt',
      'tabs',
      'jump-target',
      'max-back-scroll',
      'max-forw-scroll',
      'window',
      'shift',
      'buffers',
    ],
    noAbbrev: true,
  })) {
    if (isShort(it, 'oO') || isLong(it, ['log-file', 'LOG-FILE'])) out.push(write('log-file', valueOf(it), `${name} -o writes a log file`));
    if (isShort(it, 'k') || isLong(it, ['lesskey-file', 'lesskey-src', 'lesskey-content']))
      out.push(exec('lesskey', opaque(), `${name} --lesskey can bind keys to shell commands`));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Interpreters: inline code runs anything the language can (a shell command, a file write).

/**
 * Interpreters: the options before the script (or `-m module`) are the interpreter's own. The scan
 * stops at the first operand, except right after a long option the table does not know, which may
 * take that word as its value (`node --title x -e …`, `python3 --check-hash-based-pycs always -c …`):
 * stopping there would hide the inline code that follows. `stopLetters` end the interpreter's
 * options (python `-m module`: the rest belong to the module).
 */
function inlineCode(name: string, letters: string, longs: readonly string[] = [], shortValue = '', stopLetters = ''): Check {
  return (argv) => {
    const out: Effect[] = [];
    for (const it of scanOptions(argv, 1, { shortValue: letters + shortValue + stopLetters, longValue: longs })) {
      if (it.kind === 'operand' || it.kind === 'dynamic') {
        const prev = it.word > 1 ? argv[it.word - 1] : undefined;
        if (typeof prev === 'string' && /^--[^=]+$/.test(prev)) continue;
        break;
      }
      if (isShort(it, letters) || isLong(it, longs))
        out.push(exec(it.kind === 'long' ? it.name : it.name, opaque(valueOf(it)), `${name} runs inline code`));
      if (name === 'perl' || name === 'ruby') if (isShort(it, 'i')) out.push(write('i', null, `${name} -i edits files in place`));
      if (stopLetters && isShort(it, stopLetters)) break;
    }
    return out;
  };
}

function sqlite(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  let dbSeen = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === null || a === undefined) {
      out.push(exec('sql', opaque(), 'sqlite3 argument not known before it runs'));
      continue;
    }
    if (a === '-cmd' || a === '-init') {
      out.push(exec(a.slice(1), opaque(argv[i + 1] ?? null), `sqlite3 ${a} runs dot-commands, which include .shell`));
      i++;
    } else if (!a.startsWith('-')) {
      // Dot-commands that only print (`.tables`, `.schema`) are ordinary; any other may run or write.
      const dots = a.split(/\n|;/).filter((l) => /^\s*\./.test(l));
      const onlyPrinting = dots.every((l) =>
        /^\s*\.(tables|schema|fullschema|indexes|indices|databases|dbinfo|help|show|headers|mode|width|timer|dump|stats|nullvalue|separator|print|changes|eqp|lint)\b[^|]*$/.test(
          l,
        ),
      );
      if (dbSeen && dots.length > 0 && !onlyPrinting) out.push(exec('dot', opaque(a), 'sqlite3 dot-commands include .shell and .system'));
      // SQL that runs a program (the CLI's edit()), writes a file it names (writefile(), ATTACH,
      // VACUUM INTO) or loads code (load_extension()).
      else if (dbSeen && /\b(edit|writefile|load_extension)\s*\(|\battach\b|\bvacuum\s+into\b/i.test(a))
        out.push(exec('sql', opaque(a), 'sqlite3 SQL runs an editor, writes a file or loads an extension'));
      dbSeen = true;
    }
  }
  return out;
}

function sqlClient(name: string, letter: string, long: string): Check {
  return (argv) =>
    scanOptions(argv, 1, { shortValue: letter + 'fhUpdP', longValue: [long, 'file', 'host', 'user', 'port', 'dbname', 'database'] })
      .filter((it) => isShort(it, letter + 'f') || isLong(it, [long, 'file']))
      .filter(
        (it) =>
          isShort(it, 'f') ||
          isLong(it, ['file']) ||
          valueOf(it) === null ||
          /\\|\bsystem\b|\bprogram\b|\bpipe\b|\boutfile\b|\bdumpfile\b|\blo_export\b|\bpg_read_binary_file\b/i.test(valueOf(it)!),
      )
      .map((it) =>
        exec(it.kind === 'short' ? it.name : it.name, opaque(valueOf(it)), `${name} meta-commands can run shell commands or write files`),
      );
}

function compiler(argv: readonly Arg[]): Effect[] {
  return argv
    .slice(1)
    .flatMap((a) =>
      a === null || /^(-wrapper|-fplugin|-specs|--specs|-B|-fuse-ld=\/|-Xclang|@)/.test(a)
        ? [
            exec(
              (a ?? '?').replace(/^[-@]+/, '').replace(/[=/].*$/, '') || 'at',
              opaque(a),
              'compiler option (or @file of options) names a program or plugin to run',
            ),
          ]
        : [],
    );
}

/** rustc -C linker=PROG / -Clinker=PROG runs that program; -Z options are not inspected. */
function rustc(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (const it of scanOptions(argv, 1, {
    shortValue: 'CZoLlA',
    longValue: [
      'codegen',
      'out-dir',
      'emit',
      'crate-type',
      'crate-name',
      'edition',
      'target',
      'cfg',
      'extern',
      'sysroot',
      'cap-lints',
      'explain',
      'print',
      'error-format',
      'json',
      'color',
      'remap-path-prefix',
    ],
  })) {
    const v = valueOf(it);
    if ((isShort(it, 'C') || isLong(it, ['codegen'])) && (v === null || /^(linker|link-arg|link-args|llvm-args|passes)\b/.test(v)))
      out.push(exec('C', opaque(v), 'rustc -C linker names a program to run'));
    if (isShort(it, 'Z')) out.push(exec('Z', opaque(v), 'rustc -Z options are not inspected'));
  }
  return out;
}

/** sdiff -o writes the merged file; sdiff/diff3/diff --diff-program runs a program. */
function diffTools(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  const name = String(argv[0]);
  for (const it of scanOptions(argv, 1, {
    shortValue: name === 'diff' ? 'CUFIWDSLX' : 'oWIFCULX',
    longValue: [
      'output',
      'diff-program',
      'label',
      'ifdef',
      'width',
      'ignore-matching-lines',
      'from-file',
      'to-file',
      'exclude',
      'exclude-from',
      'starting-file',
      'tabsize',
      'palette',
      'horizon-lines',
      'line-format',
      'old-line-format',
      'new-line-format',
      'unchanged-line-format',
      'old-group-format',
      'new-group-format',
      'changed-group-format',
      'unchanged-group-format',
    ],
  })) {
    if ((isShort(it, 'o') && name !== 'diff') || isLong(it, ['output'])) out.push(write('output', valueOf(it), `${name} -o writes a file`));
    if (isLong(it, ['diff-program'])) out.push(exec('diff-program', argvOf([valueOf(it)]), `${name} --diff-program runs a program`));
  }
  return out;
}

/** pytest --basetemp deletes that folder first; report options write files they name. */
function pytest(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  const reports = ['junitxml', 'junit-xml', 'result-log', 'resultlog', 'report-log', 'html', 'json-report-file', 'debug'];
  for (const it of scanOptions(argv, 1, {
    shortValue: 'kmpcorW',
    longValue: ['basetemp', 'rootdir', 'confcutdir', ...reports.filter((r) => r !== 'debug')],
    longOptional: ['debug'],
    noAbbrev: false,
  })) {
    if (isLong(it, ['basetemp'])) out.push(write('basetemp', valueOf(it), 'pytest --basetemp deletes and recreates the folder it names'));
    if (isLong(it, reports, ['durations', 'durations-min']))
      out.push(write(it.kind === 'long' ? it.name : 'report', valueOf(it), 'pytest writes a report file it names'));
  }
  return out;
}

/** mvn exec:exec / exec:java / antrun run programs named on the command line or in the POM. */
function maven(argv: readonly Arg[]): Effect[] {
  return argv
    .slice(1)
    .flatMap((a) =>
      a === null || /^(-D)?(exec[.:]|antrun:|org\.codehaus\.mojo:exec)/.test(a)
        ? [exec('exec', opaque(a), 'mvn exec/antrun runs a program')]
        : [],
    );
}

/** ansible -m shell/command/raw/script -a …: runs commands on the targets, localhost included. */
function ansible(argv: readonly Arg[]): Effect[] {
  const items = scanOptions(argv, 1, {
    shortValue: 'maiMeuflBPtTck',
    longValue: [
      'module-name',
      'args',
      'inventory',
      'extra-vars',
      'user',
      'forks',
      'limit',
      'become-user',
      'connection',
      'timeout',
      'tree',
      'private-key',
    ],
  });
  return items
    .filter((it) => isShort(it, 'ma') || isLong(it, ['module-name', 'args']))
    .filter((it) => isShort(it, 'a') || isLong(it, ['args']) || valueOf(it) === null || !/^(ping|setup|debug)$/.test(valueOf(it)!))
    .slice(0, 1)
    .map((it) => exec('module', opaque(valueOf(it)), 'ansible runs a module (shell, command, …) on the targets'));
}

/** yq -i / --inplace rewrites the file it names. */
function yq(argv: readonly Arg[]): Effect[] {
  return scanOptions(argv, 1, { shortValue: 'pIo', longValue: ['output-format', 'input-format', 'indent', 'expression', 'front-matter'] })
    .filter((it) => isShort(it, 'i') || isLong(it, ['inplace', 'in-place']))
    .map(() => write('inplace', null, 'yq -i rewrites the files it names'));
}

function subscriptNames(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  const out: Effect[] = String(argv[0]) === 'mapfile' || String(argv[0]) === 'readarray' ? builtinCallbacks(argv) : [];
  // Any `[` with an expansion after it in a name: behind a nested subscript, a quoted or an escaped
  // `]` too; a name computed at run time may hold one.
  if (nameOperands(String(argv[0]), argv).some((a) => a === null || hidesSubscriptCode(a)))
    out.push(exec('subscript', opaque(), `${String(argv[0])} evaluates an array subscript, which can run a command substitution`));
  void sub;
  return out;
}

function zip(argv: readonly Arg[]): Effect[] {
  // `-TT=cmd` / `-TTcmd`: zip also reads the command attached.
  const attached = argv
    .slice(1)
    .flatMap((a) =>
      a !== null && /^-TT./.test(a) ? [exec('unzip-command', script(a.slice(a[3] === '=' ? 4 : 3)), 'zip -TT runs a command')] : [],
    );
  return attached.length > 0
    ? attached
    : scanOptions(argv, 1, { longValue: ['unzip-command'] })
        .filter((it) => (it.kind === 'short' && argv[it.word] === '-TT') || isLong(it, ['unzip-command']))
        .map((it) =>
          exec(
            'unzip-command',
            script(argv[it.word] === '-TT' ? (argv[it.word + 1] ?? null) : valueOf(it)),
            'zip -TT runs a command to test the archive',
          ),
        );
}

function wget(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (const it of scanOptions(argv, 1, {
    shortValue: 'OoaeiPBUTtwQY',
    longValue: [
      'output-document',
      'output-file',
      'append-output',
      'execute',
      'use-askpass',
      'config',
      'input-file',
      'directory-prefix',
      'user-agent',
      'header',
      'user',
      'password',
      'tries',
      'timeout',
      'wait',
      'quota',
      'base',
      'referer',
      'post-data',
      'post-file',
      'method',
      'body-data',
      'body-file',
    ],
  })) {
    if ((isShort(it, 'Ooa') || isLong(it, ['output-document', 'output-file', 'append-output'])) && valueOf(it) !== '-')
      out.push(write(it.kind === 'long' ? it.name : it.name, valueOf(it), 'wget writes a file it names'));
    if (isShort(it, 'e') || isLong(it, ['execute', 'config']))
      out.push(exec('execute', opaque(valueOf(it)), 'wget -e runs wgetrc commands, which can name outputs and programs'));
    if (isLong(it, ['use-askpass'])) out.push(exec('use-askpass', argvOf([valueOf(it)]), 'wget --use-askpass runs a program'));
    if (isShort(it, 'P') || isLong(it, ['directory-prefix']))
      out.push(write('directory-prefix', valueOf(it), 'wget -P saves into a folder it names'));
  }
  return out;
}

function curl(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  const writes = [
    'output',
    'dump-header',
    'cookie-jar',
    'trace',
    'trace-ascii',
    'stderr',
    'libcurl',
    'output-dir',
    'etag-save',
    'hsts',
    'alt-svc',
    'remote-name',
    'remote-name-all',
  ];
  for (const it of scanOptions(argv, 1, {
    shortValue: 'oDcKdHXuAeEFTwxbrmyYzCQ',
    longValue: [
      'output',
      'dump-header',
      'cookie-jar',
      'trace',
      'trace-ascii',
      'stderr',
      'libcurl',
      'output-dir',
      'etag-save',
      'hsts',
      'alt-svc',
      'config',
      'data',
      'header',
      'request',
      'user',
      'user-agent',
      'referer',
      'cookie',
      'form',
      'upload-file',
      'write-out',
      'proxy',
      'range',
      'max-time',
      'connect-timeout',
      'retry',
      'cacert',
      'cert',
      'key',
      'data-binary',
      'data-raw',
      'data-urlencode',
      'json',
      'url',
      'resolve',
      'connect-to',
      'interface',
      'limit-rate',
    ],
    noAbbrev: true,
  })) {
    // "-" is standard output, not a file.
    if ((isShort(it, 'oDcO') || isLong(it, writes, ['trace-time', 'trace-ids', 'trace-config', 'output-dir'])) && valueOf(it) !== '-')
      out.push(
        write(
          it.kind === 'long' ? it.name : it.name,
          isShort(it, 'O') || isLong(it, ['remote-name', 'remote-name-all']) ? null : valueOf(it),
          'curl writes a file it names',
        ),
      );
    if (isShort(it, 'K') || isLong(it, ['config']))
      out.push(exec('config', opaque(), 'curl -K reads options from a file (outputs, uploads)'));
  }
  return out;
}

function crontab(argv: readonly Arg[]): Effect[] {
  const list = argv.slice(1).every((a) => a !== null && /^-[lu]/.test(a)) || (argv.length > 1 && argv.slice(1).some((a) => a === '-l'));
  return list ? [] : [exec('install', opaque(), 'crontab installs commands that run later')];
}

function builtinCallbacks(argv: readonly Arg[]): Effect[] {
  const name = String(argv[0]);
  const out: Effect[] = [];
  const items = scanOptions(argv, 1, { shortValue: name === 'bind' ? 'xmfqurs' : 'CcdnOsutAGWXPSFV', stopAtOperand: false });
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

/** The N-th operand (1-based) is an output file: `uniq in out`, `xxd -r in out`. */
const outputOperand =
  (name: string, n: number, grammar: OptionGrammar = {}): Check =>
  (argv) => {
    const ops = operands(scanOptions(argv, 1, grammar));
    return ops.length >= n ? [write('', ops[n - 1] ?? null, `${name} writes its output file`)] : [];
  };

/** Single-dash options whose next word is an output file (openssl -out, gpg -o). */
const singleDashOutputs =
  (name: string, names: readonly string[]): Check =>
  (argv) => {
    const out: Effect[] = [];
    for (let i = 1; i < argv.length; i++) {
      const a = argv[i];
      if (a === null || a === undefined) continue;
      const bare = a.replace(/^--?/, '').split('=')[0]!;
      if (a.startsWith('-') && names.includes(bare))
        out.push(write(bare, a.includes('=') ? a.slice(a.indexOf('=') + 1) : (argv[i + 1] ?? null), `${name} ${a} writes a file`));
      if (name === 'openssl' && /^-?-engine/.test(a)) out.push(exec('engine', opaque(), 'openssl -engine loads code'));
    }
    return out;
  };

function netcat(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (const it of scanOptions(argv, 1, {
    shortValue: 'ecpsqwiIOTVxXPW',
    longValue: ['exec', 'sh-exec', 'lua-exec', 'source', 'proxy', 'output', 'append-output'],
  })) {
    if (isShort(it, 'e') || isLong(it, ['exec']))
      out.push(exec('exec', argvOf([valueOf(it)]), `${String(argv[0])} -e runs a program connected to the network`));
    if (isShort(it, 'c') || isLong(it, ['sh-exec', 'lua-exec']))
      out.push(exec('sh_exec', script(valueOf(it)), `${String(argv[0])} -c runs a shell command connected to the network`));
    if (isLong(it, ['output', 'append-output'])) out.push(write('output', valueOf(it), `${String(argv[0])} writes a file`));
  }
  return out;
}

function socat(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (const a of argv.slice(1)) {
    if (a === null) out.push(exec('address', opaque(), 'socat address not known before it runs'));
    else if (/^(exec|system):/i.test(a))
      out.push(
        exec(
          'exec',
          /^system:/i.test(a) ? script(a.slice(7).split(',')[0] ?? '') : argvOf((a.slice(5).split(',')[0] ?? '').split(/\s+/)),
          'socat EXEC/SYSTEM address runs a program',
        ),
      );
    else if (/^(open|gopen|create|creat):/i.test(a))
      out.push(write('open', a.slice(a.indexOf(':') + 1).split(',')[0] ?? null, 'socat OPEN/CREATE address writes a file'));
  }
  return out;
}

function fzf(argv: readonly Arg[]): Effect[] {
  return argv
    .slice(1)
    .flatMap((a) =>
      a === null || /^--(preview|bind|with-shell|listen)/.test(a) ? [exec('preview', opaque(a), 'fzf --preview/--bind runs commands')] : [],
    );
}

function helm(argv: readonly Arg[]): Effect[] {
  const out = kubectl(argv);
  for (const it of scanOptions(argv, 1, { longValue: ['post-renderer', 'kubeconfig'] }))
    if (isLong(it, ['post-renderer'])) out.push(exec('post_renderer', argvOf([valueOf(it)]), 'helm --post-renderer runs a program'));
  return out;
}

const CHECKS: Readonly<Record<string, Check>> = {
  git,
  find,
  gfind: find,
  fd,
  fdfind: fd,
  rg,
  sed,
  gsed: sed,
  awk,
  gawk: awk,
  mawk: awk,
  nawk: awk,
  sort,
  gsort: sort,
  base64: outputOption('base64', 'o', ['output']),
  basenc: outputOption('basenc', 'o', ['output']),
  tee,
  dd,
  tar,
  gtar: tar,
  bsdtar: tar,
  make,
  gmake: make,
  man,
  npm: npmFamily,
  pnpm: npmFamily,
  yarn: npmFamily,
  bun: npmFamily,
  // The front ends: npx is npm exec, pnpx (pnx) pnpm dlx, bunx bun x.
  npx: (argv) => packageExecEffects('npx', 'npx', argv.slice(1)),
  pnpx: (argv) => packageExecEffects('pnpm', String(argv[0]), argv.slice(1)),
  bunx: (argv) => packageExecEffects('bun', String(argv[0]), argv.slice(1)),
  uv: subcommandRunner(['run', 'tool'], {
    shortValue: 'p',
    longValue: ['with', 'python', 'package', 'extra', 'group', 'env-file', 'directory', 'project', 'index', 'from'],
  }),
  uvx: (argv) => [exec('run', argvOf(argv.slice(1)), 'uvx runs a tool')],
  poetry: subcommandRunner(['run']),
  pipenv: subcommandRunner(['run']),
  pdm: subcommandRunner(['run']),
  pipx: subcommandRunner(['run']),
  rye: subcommandRunner(['run']),
  pixi: subcommandRunner(['run', 'exec']),
  micromamba: subcommandRunner(['run'], { shortValue: 'np', longValue: ['name', 'prefix', 'cwd'] }),
  composer: subcommandRunner(['exec']),
  // Version managers and monorepo tools: `<tool> exec|x|run <command…>`.
  ...Object.fromEntries(['pyenv', 'rbenv', 'nodenv', 'goenv', 'jenv', 'asdf', 'lerna'].map((n) => [n, subcommandRunner(['exec'])])),
  mise: subcommandRunner(['exec', 'x']),
  rtx: subcommandRunner(['exec', 'x']),
  devbox: subcommandRunner(['run']),
  volta: subcommandRunner(['run']),
  fnm: subcommandRunner(['exec']),
  // `nvm exec|run <version> <command…>`: the version comes first, so the command is opaque here.
  nvm: (argv, sub) =>
    sub.subcommand === 'exec' || sub.subcommand === 'run' ? [exec(sub.subcommand, opaque(), `nvm ${sub.subcommand} runs a program`)] : [],
  // split --filter runs a shell command for every piece.
  split: (argv) =>
    scanOptions(argv, 1, {
      shortValue: 'abCln',
      longValue: ['filter', 'bytes', 'line-bytes', 'lines', 'number', 'additional-suffix', 'suffix-length'],
    })
      .filter((it) => isLong(it, ['filter']))
      .map((it) => exec('filter', script(valueOf(it)), 'split --filter runs a shell command for every piece')),
  // ssh-keygen -D / ssh-add -s|-S load a PKCS#11 or security-key library.
  'ssh-keygen': (argv) =>
    argv.slice(1).some((a) => a === null || /^-[A-Za-z]*[Dw]/.test(a))
      ? [exec('D', opaque(), 'ssh-keygen -D/-w loads a shared library')]
      : [],
  'ssh-add': (argv) =>
    argv.slice(1).some((a) => a === null || /^-[A-Za-z]*[sSe]/.test(a))
      ? [exec('s', opaque(), 'ssh-add -s/-S loads a shared library')]
      : [],
  nmap: (argv) =>
    argv.slice(1).some((a) => a === null || /^(--script|-sC|-A$|--interactive)/.test(a))
      ? [exec('script', opaque(), 'nmap scripts (NSE) run Lua code')]
      : [],
  rpm: (argv) =>
    argv.slice(1).some((a) => a === null || /^(--eval|-E|--pipe|--define|-D|--macros|--rcfile|--load)/.test(a))
      ? [exec('eval', opaque(), 'rpm macros can run Lua or shell code')]
      : [],
  jrunscript: inlineCode('jrunscript', 'e'),
  gnuplot: inlineCode('gnuplot', 'e'),
  octave: inlineCode('octave', '', ['eval']),
  // TeX with shell escape runs \write18 commands from the document; latexmk -e runs Perl code and
  // its -pdflatex=CMD style options name the program to run.
  ...Object.fromEntries(
    ['tex', 'latex', 'pdflatex', 'xelatex', 'lualatex', 'luatex', 'pdftex', 'xetex', 'latexmk'].map((n) => [
      n,
      (argv: readonly Arg[]): Effect[] =>
        argv
          .slice(1)
          .flatMap((a) =>
            a === null ||
            /^--?(shell-escape|enable-write18|e$|(pdf|xe|lua)?latex=|pdflua|lualatex=|xelatex=|dvipdf=|ps2pdf=|bibtex=|makeindex=|biber=)/.test(
              a,
            )
              ? [exec('shell_escape', opaque(a), `${n} ${a ?? ''} runs commands`)]
              : [],
          ),
    ]),
  ),
  // cmake -E env|chdir|time … runs a command.
  cmake: (argv) => {
    const i = argv.indexOf('-E');
    return i >= 0 && (argv[i + 1] === null || ['env', 'chdir', 'time'].includes(argv[i + 1] ?? ''))
      ? [exec('E', opaque(), `cmake -E ${argv[i + 1] ?? ''} runs a command`)]
      : [];
  },
  // Builtins that take a variable NAME evaluate an array subscript in it as arithmetic, which runs
  // command substitutions: `test -v 'a[$(id)]'`, `printf -v 'a[$(id)]' x`, `read 'a[$(id)]'`.
  ...Object.fromEntries([...NAME_BUILTINS].map((n) => [n, subscriptNames])),
  // ip netns exec NS cmd / ip -b batch file.
  ip: (argv) =>
    argv.some((a) => a === 'exec' || a === null) || argv.some((a) => a === '-b' || a === '-batch' || a === '-force')
      ? [exec('netns_exec', opaque(), 'ip netns exec runs a program')]
      : [],
  aria2c: (argv) =>
    argv.slice(1).some((a) => a === null || /^--on-(download|bt)-/.test(a))
      ? [exec('on_download', opaque(), 'aria2c --on-download-* runs a program')]
      : [],
  hatch: subcommandRunner(['run']),
  bundle: subcommandRunner(['exec']),
  conda: subcommandRunner(['run'], { shortValue: 'np', longValue: ['name', 'prefix', 'cwd'] }),
  mamba: subcommandRunner(['run'], { shortValue: 'np', longValue: ['name', 'prefix', 'cwd'] }),
  direnv: subcommandRunner(['exec']),
  nix: subcommandRunner(['develop', 'shell', 'run']),
  'nix-shell': (argv) =>
    scanOptions(argv, 1, { longValue: ['run', 'command', 'packages', 'attr', 'arg', 'argstr'], shortValue: 'pAI' })
      .filter((it) => isLong(it, ['run', 'command']))
      .map((it) => exec('run', script(valueOf(it)), 'nix-shell --run runs a shell command')),
  cargo,
  rustup,
  go: goTool,
  apt,
  'apt-get': apt,
  'apt-cache': apt,
  kubectl,
  helm,
  uniq: outputOperand('uniq', 2, { shortValue: 'fsw', longValue: ['skip-fields', 'skip-chars', 'check-chars', 'group', 'all-repeated'] }),
  xxd: outputOperand('xxd', 2, { shortValue: 'cglosn', longValue: ['cols', 'groupsize', 'len', 'seek', 'name'] }),
  shuf: outputOption('shuf', 'o', ['output'], { shortValue: 'nio', longValue: ['head-count', 'input-range', 'output', 'random-source'] }),
  iconv: outputOption('iconv', 'o', ['output'], { shortValue: 'oft', longValue: ['output', 'from-code', 'to-code'] }),
  gpg: outputOption('gpg', 'o', ['output'], { shortValue: 'oruk', longValue: ['output', 'recipient', 'local-user', 'homedir'] }),
  openssl: singleDashOutputs('openssl', ['out', 'keyout', 'signature']),
  nc: netcat,
  ncat: netcat,
  netcat: netcat,
  socat,
  fzf,
  'ts-node': inlineCode('ts-node', 'ep', ['eval', 'print']),
  ipython: inlineCode('ipython', 'c'),
  ipython3: inlineCode('ipython3', 'c'),
  groovy: inlineCode('groovy', 'e'),
  scala: inlineCode('scala', 'e'),
  ghc: inlineCode('ghc', 'e'),
  guile: inlineCode('guile', 'ce', [], 'lLx'),
  racket: inlineCode('racket', 'eer', ['eval', 'require']),
  sbcl: inlineCode('sbcl', '', ['eval', 'load', 'script']),
  clisp: inlineCode('clisp', 'x'),
  elixir: inlineCode('elixir', 'er', ['eval']),
  // dc: "!" runs the rest of the line as a shell command; -f reads a script file.
  dc: inlineCode('dc', 'ef', ['expression', 'file']),
  // history -w/-a FILE writes the (empty, non-interactive) history over FILE; -r/-n read one.
  history: (argv) =>
    argv.slice(1).some((a) => a === null || /^-[a-zA-Z]*[warn]/.test(a))
      ? [write('history', argv[argv.length - 1] ?? null, 'history -w/-a writes the history to a file')]
      : [],
  tsx: inlineCode('tsx', 'ep', ['eval', 'print']),
  docker: container,
  podman: container,
  gh,
  ssh: sshOptions('ssh', 'BbcDEeFIiJLlmOopQRSWw', ''),
  scp: sshOptions('scp', 'cFiJloPSDX', 'S'),
  sftp: sshOptions('sftp', 'BbcDFiJloPRSs', 'SD'),
  rsync,
  vim,
  vi: vim,
  nvim: vim,
  view: vim,
  vimdiff: vim,
  gvim: vim,
  rvim: vim,
  ex: vim,
  emacs,
  emacsclient: emacs,
  nano,
  less: pager,
  more: pager,
  most: pager,
  python: inlineCode('python', 'c', [], 'WXQ', 'm'),
  python2: inlineCode('python2', 'c', [], 'WXQ', 'm'),
  python3: inlineCode('python3', 'c', [], 'WXQ', 'm'),
  pypy: inlineCode('pypy', 'c', [], 'WXQ', 'm'),
  pypy3: inlineCode('pypy3', 'c', [], 'WXQ', 'm'),
  node: inlineCode('node', 'epr', ['eval', 'print', 'require', 'import', 'loader', 'experimental-loader'], 'C'),
  nodejs: inlineCode('nodejs', 'epr', ['eval', 'print', 'require', 'import', 'loader', 'experimental-loader'], 'C'),
  deno: (argv, sub) =>
    sub.subcommand === 'eval' ? [exec('eval', opaque(argv[(sub.index ?? 0) + 1] ?? null), 'deno eval runs inline code')] : [],
  perl: inlineCode('perl', 'eE', [], 'IMm'),
  ruby: inlineCode('ruby', 'e', [], 'rICEF'),
  php: inlineCode('php', 'rBRE', [], 'cdz'),
  lua: inlineCode('lua', 'e', [], 'l'),
  luajit: inlineCode('luajit', 'e', [], 'l'),
  Rscript: inlineCode('Rscript', 'e'),
  R: inlineCode('R', 'e'),
  julia: inlineCode('julia', 'eE', ['eval', 'print']),
  osascript: inlineCode('osascript', 'e'),
  tclsh: (argv) => (argv.length > 1 ? [] : [exec('stdin', opaque(), 'tclsh reads commands from stdin')]),
  sqlite3: sqlite,
  psql: sqlClient('psql', 'c', 'command'),
  mysql: sqlClient('mysql', 'e', 'execute'),
  mariadb: sqlClient('mariadb', 'e', 'execute'),
  cc: compiler,
  gcc: compiler,
  'g++': compiler,
  'c++': compiler,
  clang: compiler,
  'clang++': compiler,
  zip,
  rustc,
  sdiff: diffTools,
  diff3: diffTools,
  diff: diffTools,
  pytest,
  'py.test': pytest,
  mvn: maven,
  mvnw: maven,
  ansible,
  yq,
  wget,
  curl,
  crontab,
  at: () => [exec('at', opaque(), 'at schedules commands to run later')],
  batch: () => [exec('batch', opaque(), 'batch schedules commands to run later')],
  tmux: () => [exec('tmux', opaque(), 'tmux can start shells and run commands')],
  screen: () => [exec('screen', opaque(), 'screen can start shells and run commands')],
  compgen: builtinCallbacks,
  complete: builtinCallbacks,
  bind: builtinCallbacks,
  hash: builtinCallbacks,
  'xdg-open': () => [exec('open', opaque(), 'xdg-open runs the program registered for a file type')],
};

export function hasDangerousTable(program: string): boolean {
  return Object.prototype.hasOwnProperty.call(CHECKS, program);
}

export function dangerousEffects(program: string, argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  const check = CHECKS[program];
  return check ? check(argv, sub, program) : [];
}
