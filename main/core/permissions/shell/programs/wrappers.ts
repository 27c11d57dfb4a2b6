/**
 * Exec wrappers and shells: programs whose job is to run ANOTHER program (or a script). A call to
 * one is never simple; the key names the wrapper and, inside "[ … ]", what it runs.
 *
 * Each entry reads the wrapper's own options (so `sudo -u root rm` runs rm, not root) and returns
 * what it runs. When the boundary between the wrapper's options and the command cannot be known,
 * the inner command is "opaque" (a `?` in the key).
 */
import type { Effect, Inner } from '../effects.js';
import type { Arg, OptItem } from '../options.js';
import { optionTable, readItems, type OptionTable } from './optionTable.js';
import { rules, type Examples, type ProgramRule, type WrapperFn, type WrapperUse } from './rule.js';

const rest = (argv: readonly Arg[], i: number): Inner => (i < argv.length ? { kind: 'argv', argv: argv.slice(i) } : { kind: 'none' });
const wrapped = (name: string, inner: Inner): WrapperUse => ({
  effects: [{ flag: '', runs: inner, note: `runs a program through ${name}` }],
});
const unreadable = (name: string): WrapperUse => wrapped(name, { kind: 'opaque', text: null });

/**
 * A wrapper's option table (optionTable.ts's compact spec), options ending at the first operand
 * (POSIX, and getopt's `+`: the command's own options follow it). Each is the wrapper's `--help`
 * or man page (GNU coreutils 9.1, util-linux 2.38, sudo 1.9, findutils 4.9, GNU time 1.9).
 */
const wrapperTable = (options: string, more: { abbrev?: boolean; stop?: false } = {}): OptionTable =>
  optionTable({ options: [options, 'help version'], stopAtOperand: more.stop !== false, abbrev: more.abbrev ?? true });

/**
 * Reads the wrapper's options with its table: the items, and the index of the first operand (the
 * command), or undefined when an option is unknown or a word known only at run time stands where an
 * option may: then where its command starts cannot be told.
 */
function lead(argv: readonly Arg[], table: OptionTable): { index?: number; items: OptItem[] } {
  const r = readItems(table, argv, 1, String(argv[0]));
  if (r.unknown) return { items: r.items };
  return { index: r.rest ?? argv.length, items: r.items };
}

/** `prog [options] command args…` (`skipOperands`: operands before the command, timeout's duration). */
function simpleWrapper(name: string, options: string, skipOperands = 0): WrapperFn {
  const table = wrapperTable(options);
  return (argv) => {
    const { index } = lead(argv, table);
    if (index === undefined) return unreadable(name);
    if (argv.slice(index, index + skipOperands).some((w) => w === null)) return unreadable(name);
    return wrapped(name, rest(argv, index + skipOperands));
  };
}

/**
 * Shells: `-c script` (also inside clusters like `-lc`), a script file, or stdin. `scripts` are the
 * options whose value is the script (fish `-c cmd`, `--init-command=cmd`), by letter and long name.
 */
function shell(table: OptionTable, scripts: readonly string[] = []): WrapperFn {
  return (original) => {
    const name = String(original[0]);
    // `+x`, `+o name`: shells take options with "+" too; read them as options, never as the script.
    const argv = original.map((w, i) => (i > 0 && typeof w === 'string' && /^\+[A-Za-z]/.test(w) ? '-' + w.slice(1) : w));
    const { index, items } = lead(argv, table);
    if (index === undefined) return unreadable(name);
    for (const it of items) {
      if ((it.kind === 'short' || it.kind === 'long') && scripts.includes(it.name))
        return wrapped(name, { kind: 'script', text: it.value ?? null });
    }
    const command = items.some((it) => it.kind === 'short' && it.name === 'c');
    const op = argv[index];
    if (index < argv.length) return wrapped(name, command ? { kind: 'script', text: op ?? null } : { kind: 'file', path: op ?? null });
    // `bash` alone, `bash -s`, `bash -c` without a script: reads commands from stdin.
    return unreadable(name);
  };
}

/**
 * The POSIX shells' options (bash, dash, ksh, zsh, csh): every letter is a `set` option in one of
 * them (zsh has one for nearly each), `-o`/`-O` name one, and their long options.
 */
const SH = shell(
  wrapperTable(
    [...'abcdefghijklmnpqrstuvwxyzABCDEFGHIJKLMNPQRSTUVWXYZ0123456789'].map((c) => `${c}|`).join(' ') +
      ' o|= O|= rcfile= init-file= login noprofile norc posix restricted verbose debugger dump-strings dump-po-strings ' +
      'noediting pretty-print emulate= no-rcs',
    { abbrev: false },
  ),
);

function joinScript(name: string, from: (argv: readonly Arg[]) => number): WrapperFn {
  return (argv) => {
    const words = argv.slice(from(argv));
    if (words.length === 0) return wrapped(name, { kind: 'none' });
    const text = words.some((w) => w === null) ? null : words.join(' ');
    return wrapped(name, { kind: 'script', text });
  };
}

/** GNU env, and BSD's `-P altpath`. */
const ENV = wrapperTable(
  'i|ignore-environment 0|null u|unset= C|chdir= S|split-string= block-signal=? default-signal=? ignore-signal=? ' +
    'list-signal-handling v|debug P|=',
);

const env: WrapperFn = (argv) => {
  const { index, items } = lead(argv, ENV);
  if (index === undefined) return unreadable('env');
  for (const it of items) {
    if ((it.kind === 'short' && it.name === 'S') || (it.kind === 'long' && it.name === 'split-string')) {
      return wrapped('env', { kind: 'script', text: it.value ?? null });
    }
  }
  if (index >= argv.length) return { effects: [] };
  let i = index;
  // Leading NAME=value operands set the environment; the command follows them.
  for (; i < argv.length; i++) {
    const w = argv[i];
    if (w === null || w === undefined) return unreadable('env');
    // A lone "-" is the old spelling of -i: the command comes after it.
    if (w !== '-' && !/^[^=]+=/.test(w)) break;
  }
  if (i >= argv.length) return { effects: [] };
  return wrapped('env', rest(argv, i));
};

/** sudo 1.9's getopt string `+Aa:BbC:c:D:Eeg:Hh::iKklNnPp:R:r:SsT:t:U:u:Vv` and its long options. */
const SUDO = wrapperTable(
  'A|askpass a|= B|bell b|background C|close-from= c|= D|chdir= E|preserve-env=? e|edit g|group= H|set-home h|host=? ' +
    'i|login K|remove-timestamp k|reset-timestamp l|list N|no-update n|non-interactive P|preserve-groups p|prompt= ' +
    'R|chroot= r|role= S|stdin s|shell T|command-timeout= t|type= U|other-user= u|user= V| v|validate',
);

const sudo: WrapperFn = (argv) => {
  const { index, items } = lead(argv, SUDO);
  if (index === undefined) return unreadable('sudo');
  let viaShell = false;
  for (const it of items) {
    if (it.kind === 'short' && (it.name === 's' || it.name === 'i')) viaShell = true;
    if (it.kind === 'long' && (it.name === 'shell' || it.name === 'login')) viaShell = true;
    if ((it.kind === 'short' && it.name === 'e') || (it.kind === 'long' && it.name === 'edit')) return unreadable('sudo');
  }
  if (index < argv.length) {
    if (viaShell)
      return wrapped('sudo', { kind: 'script', text: argv.slice(index).some((w) => w === null) ? null : argv.slice(index).join(' ') });
    return wrapped('sudo', rest(argv, index));
  }
  return wrapped('sudo', viaShell ? { kind: 'opaque', text: null } : { kind: 'none' });
};

/** GNU xargs 4.9 (`-l`, `-i`, `-e` take their value attached only). */
const XARGS = wrapperTable(
  '0|null a|arg-file= d|delimiter= E|= e|=? eof=? I|= i|=? replace=? L|= l|=? max-lines=? n|max-args= o|open-tty ' +
    'P|max-procs= p|interactive process-slot-var= r|no-run-if-empty s|max-chars= show-limits t|verbose x|exit',
);

const xargs: WrapperFn = (argv) => {
  const { index } = lead(argv, XARGS);
  if (index === undefined) return unreadable('xargs');
  return wrapped('xargs', index < argv.length ? rest(argv, index) : { kind: 'argv', argv: ['echo'] });
};

/** util-linux flock: `flock [options] file|dir command…`, `flock [options] file -c command`, `flock [options] fd`. */
const FLOCK = wrapperTable(
  's|shared x|exclusive e| u|unlock n|nonblock nb w|timeout= wait= E|conflict-exit-code= o|close c|command= F|no-fork verbose h| V|',
  { stop: false },
);

const flock: WrapperFn = (argv) => {
  const r = readItems(FLOCK, argv, 1, 'flock');
  // The words after the lock file are the command's: read up to the first operand only.
  const op = r.items.find((it) => it.kind === 'operand');
  for (const it of r.items) {
    if (op && it.word > op.word) break;
    if ((it.kind === 'short' && it.name === 'c') || (it.kind === 'long' && it.name === 'command'))
      return wrapped('flock', { kind: 'script', text: it.value ?? null });
  }
  if (op) {
    const after = r.items.find((it) => it.word > op.word);
    if (after && (after.kind === 'short' || after.kind === 'long') && (after.name === 'c' || after.name === 'command'))
      return wrapped('flock', { kind: 'script', text: after.value ?? null });
    return wrapped('flock', rest(argv, op.word + 1));
  }
  if (r.unknown) return unreadable('flock');
  return wrapped('flock', { kind: 'none' });
};

/** procps watch 4: options end at the first operand (its getopt string starts with `+`). */
const WATCH = wrapperTable(
  'b|beep c|color C|no-color d|differences=? e|errexit g|chgexit q|equexit= n|interval= p|precise t|no-title w|no-wrap x|exec r|no-rerun s|shotsdir= h| v|',
);

const watch: WrapperFn = (argv) => {
  const { index, items } = lead(argv, WATCH);
  if (index === undefined) return unreadable('watch');
  const execMode = items.some((it) => (it.kind === 'short' && it.name === 'x') || (it.kind === 'long' && it.name === 'exec'));
  if (execMode) return wrapped('watch', rest(argv, index));
  return joinScript('watch', () => index)(argv);
};

/** util-linux su and runuser (options anywhere: `su root -c id`). */
const SU = wrapperTable(
  'c|command= C|session-command= f|fast g|group= G|supp-group= l|login m| p|preserve-environment P|pty s|shell= ' +
    'w|whitelist-environment= u|user= h| V|',
  { stop: false },
);

const su: WrapperFn = (argv) => {
  const r = readItems(SU, argv, 1, String(argv[0]));
  for (const it of r.items) {
    if (
      (it.kind === 'short' && (it.name === 'c' || it.name === 'C')) ||
      (it.kind === 'long' && (it.name === 'command' || it.name === 'session-command'))
    ) {
      return wrapped(String(argv[0]), { kind: 'script', text: it.value ?? null });
    }
  }
  return unreadable(String(argv[0]));
};

/** util-linux script 2.38. */
const SCRIPT = wrapperTable(
  'I|log-in= O|log-out= B|log-io= T|log-timing= t|timing=? m|logging-format= a|append c|command= e|return f|flush ' +
    'force E|echo= o|output-limit= q|quiet h| V|',
  { stop: false },
);

const script: WrapperFn = (argv) => {
  const r = readItems(SCRIPT, argv, 1, 'script');
  const effects: Effect[] = [];
  let inner: Inner = { kind: 'opaque', text: null };
  for (const it of r.items) {
    if ((it.kind === 'short' && it.name === 'c') || (it.kind === 'long' && it.name === 'command'))
      inner = { kind: 'script', text: it.value ?? null };
    if (it.kind === 'operand') effects.push({ flag: '', writes: it.value, note: 'script writes a typescript file' });
  }
  if (r.unknown) inner = { kind: 'opaque', text: null };
  return { effects: [{ flag: '', runs: inner, note: 'runs a program through script' }, ...effects] };
};

/** GNU time 1.9 (the program, not the shell keyword). */
const TIME = wrapperTable('a|append f|format= o|output= p|portability q|quiet v|verbose h| V|');

const timeBinary: WrapperFn = (argv) => {
  const { index, items } = lead(argv, TIME);
  const effects: Effect[] = [];
  for (const it of items) {
    if ((it.kind === 'short' && it.name === 'o') || (it.kind === 'long' && it.name === 'output'))
      effects.push({ flag: 'o', writes: it.value ?? null, note: 'time -o writes its report to a file' });
  }
  const inner: Inner = index === undefined ? { kind: 'opaque', text: null } : rest(argv, index);
  return { effects: [{ flag: '', runs: inner, note: 'runs a program through time' }, ...effects] };
};

/** Tables of the wrappers that take options and then the command (`simpleWrapper`). */
const TIMEOUT = 'preserve-status foreground k|kill-after= s|signal= v|verbose';
const STRACE =
  'e|= E|env= p|attach= u|user= b|detach-on= D|daemonize=? f|follow-forks I|interruptible= trace= signal= status= ' +
  'P|trace-path= z|successful-only Z|failed-only a|columns= abbrev= verbose= raw= read= write= kvm= decode-fds=? ' +
  'i|instruction-pointer k|stack-traces n|syscall-number o|output= A|output-append-mode output-separately ' +
  'q|quiet=? r|relative-timestamps=? s|string-limit= absolute-timestamps=? t| T|syscall-times=? v|no-abbrev ' +
  'strings-in-hex=? x| X|const-print-style= y| decode-pids= Y| c|summary-only C|summary O|summary-syscall-overhead= ' +
  'S|summary-sort-by= U|summary-columns= w|summary-wall-clock inject= fault= d|debug h| seccomp-bpf tips=? V| F| ' +
  'always-show-pid';
const LTRACE =
  'a|align= A|= b|no-signals c| C|demangle D|debug= e|= f| F|config= h| i| l|library= L| n|indent= o|output= p|= r| ' +
  's|= S| t| T| u|= w|where= x|= X|= V|';

/** Wrappers whose option grammar is not modelled: what they run is opaque. */
const opaque =
  (name: string): WrapperFn =>
  () =>
    wrapped(name, { kind: 'opaque', text: null });

/** `command [-pVv] cmd`, `trap [-lp] [action] [sigspec…]` (bash builtins: no long options). */
const COMMAND = optionTable({ options: 'p| v| V|', stopAtOperand: true });
const TRAP = optionTable({ options: 'l| p| P|', stopAtOperand: true });
/** `busybox [--list | --list-full | --install [-s] [DIR] | --show SCRIPT | --help] [applet args…]`. */
const BUSYBOX = wrapperTable('list list-full install s| show=', { abbrev: false });
/** OpenSSH ssh-agent(1): `[-c | -s] [-Dd] [-a bind_address] [-E fingerprint_hash] [-O option] [-P allowed_providers] [-t life] [command]`. */
const SSH_AGENT = optionTable({ options: 'a|= c| D| d| E|= O|= P|= s| t|= k|', stopAtOperand: true });

const WRAPPERS: Readonly<Record<string, WrapperFn>> = {
  env,
  sudo,
  // OpenBSD doas(1): `-a style -C config -L -n -s -u user`.
  doas: simpleWrapper('doas', 'a|= C|= L| n| s| u|='),
  pkexec: simpleWrapper('pkexec', 'user= disable-internal-agent keep-cwd'),
  run0: simpleWrapper(
    'run0',
    'u|user= D|chdir= g|group= property= description= slice= slice-inherit nice= setenv= unit= machine= background= ' +
      'pty no-pty via-shell i| shell-prompt-prefix= area= empower lightweight=',
  ),
  nohup: simpleWrapper('nohup', ''),
  // util-linux setsid: `-c` (controlling tty), `-f` (fork), `-w` (wait).
  setsid: simpleWrapper('setsid', 'c|ctty f|fork w|wait h| V|'),
  timeout: simpleWrapper('timeout', TIMEOUT, 1),
  gtimeout: simpleWrapper('gtimeout', TIMEOUT, 1),
  // GNU nice: `-n N`, and the old `-N` (numeric: `nice -10 cmd`).
  nice: simpleWrapper('nice', 'n|adjustment= 0| 1| 2| 3| 4| 5| 6| 7| 8| 9|'),
  ionice: simpleWrapper('ionice', 'c|class= n|classdata= p|pid= P|pgid= t|ignore u|uid= h| V|'),
  stdbuf: simpleWrapper('stdbuf', 'i|input= o|output= e|error='),
  // expect's unbuffer: `-p` (a pipeline stage).
  unbuffer: simpleWrapper('unbuffer', 'p|'),
  chrt: opaque('chrt'),
  taskset: opaque('taskset'),
  numactl: opaque('numactl'),
  cgexec: opaque('cgexec'),
  chroot: simpleWrapper('chroot', 'groups= userspec= skip-chdir', 1),
  unshare: opaque('unshare'),
  nsenter: opaque('nsenter'),
  setpriv: opaque('setpriv'),
  capsh: opaque('capsh'),
  runuser: su,
  su,
  sg: opaque('sg'),
  newgrp: opaque('newgrp'),
  'systemd-run': opaque('systemd-run'),
  'start-stop-daemon': opaque('start-stop-daemon'),
  daemonize: opaque('daemonize'),
  firejail: opaque('firejail'),
  bwrap: opaque('bwrap'),
  'sandbox-exec': opaque('sandbox-exec'),
  proxychains: simpleWrapper('proxychains', 'f|= q|'),
  proxychains4: simpleWrapper('proxychains4', 'f|= q|'),
  torsocks: opaque('torsocks'),
  tsocks: opaque('tsocks'),
  fakeroot: opaque('fakeroot'),
  'xvfb-run': opaque('xvfb-run'),
  'dbus-launch': opaque('dbus-launch'),
  caffeinate: opaque('caffeinate'),
  catchsegv: simpleWrapper('catchsegv', ''),
  tini: opaque('tini'),
  'dumb-init': opaque('dumb-init'),
  gosu: simpleWrapper('gosu', '', 1),
  'su-exec': simpleWrapper('su-exec', '', 1),
  chpst: opaque('chpst'),
  time: timeBinary,
  script,
  watch,
  flock,
  xargs,
  parallel: opaque('parallel'),
  entr: opaque('entr'),
  watchexec: opaque('watchexec'),
  nodemon: opaque('nodemon'),
  hyperfine: opaque('hyperfine'),
  concurrently: opaque('concurrently'),
  'cross-env': (argv) => {
    let i = 1;
    while (i < argv.length && typeof argv[i] === 'string' && /^[^=-][^=]*=/.test(argv[i]!)) i++;
    if (i < argv.length && argv[i] === null) return wrapped('cross-env', { kind: 'opaque', text: null });
    return wrapped('cross-env', rest(argv, i));
  },
  dotenv: opaque('dotenv'),
  'env-cmd': opaque('env-cmd'),
  strace: simpleWrapper('strace', STRACE),
  ltrace: simpleWrapper('ltrace', LTRACE),
  // valgrind's own options are all `--name=value` (valgrind --help): their names are its tools'
  // and vary by tool, so any is read as unknown, and the command after it is opaque.
  valgrind: simpleWrapper('valgrind', ''),
  perf: opaque('perf'),
  gdb: opaque('gdb'),
  lldb: opaque('lldb'),
  expect: opaque('expect'),
  // bash's exec builtin: `-a name`, `-c` (empty environment), `-l` (login).
  exec: simpleWrapper('exec', 'a|= c| l|'),
  eval: joinScript('eval', () => 1),
  command: (argv) => {
    const { index, items } = lead(argv, COMMAND);
    if (index === undefined) return unreadable('command');
    // `command -v git` only looks the name up (like `which`): it runs nothing.
    if (items.some((it) => it.kind === 'short' && (it.name === 'v' || it.name === 'V'))) return { effects: [] };
    return wrapped('command', rest(argv, index));
  },
  builtin: simpleWrapper('builtin', ''),
  source: (argv) => wrapped('source', { kind: 'file', path: argv.length > 1 ? argv[1]! : null }),
  '.': (argv) => wrapped('.', { kind: 'file', path: argv.length > 1 ? argv[1]! : null }),
  trap: (argv) => {
    const { index, items } = lead(argv, TRAP);
    if (index === undefined) return unreadable('trap');
    if (index >= argv.length || items.some((it) => it.kind === 'short' && (it.name === 'p' || it.name === 'l')))
      return wrapped('trap', { kind: 'none' });
    return wrapped('trap', { kind: 'script', text: argv[index] ?? null });
  },
  enable: opaque('enable'),
  fc: opaque('fc'),
  // Shells.
  sh: SH,
  bash: SH,
  rbash: SH,
  dash: SH,
  ash: SH,
  ksh: SH,
  mksh: SH,
  pdksh: SH,
  yash: SH,
  posh: SH,
  zsh: SH,
  csh: SH,
  tcsh: SH,
  // fish 3 (`fish --help`): `-c cmd` and `-C cmd` run the command they are given.
  fish: shell(
    wrapperTable(
      'c|command= C|init-command= d|debug= o|debug-output= i|interactive l|login N|no-config n|no-execute p|profile= ' +
        'profile-startup= P|private f|features= v| h| print-rusage-self print-debug-categories',
    ),
    ['c', 'command', 'C', 'init-command'],
  ),
  // nushell (`nu --help`): `-c`/`--commands` and `-e`/`--execute` run the commands they are given.
  nu: shell(
    wrapperTable(
      'c|commands= e|execute= config= env-config= l|login i|interactive n|no-config-file no-std-lib t|table-mode= m|= ' +
        'error-style= log-level= log-target= stdin testbin= I|include-path= plugin-config= plugins= ' +
        'experimental-options= h| v|',
      { abbrev: false },
    ),
    ['c', 'commands', 'e', 'execute'],
  ),
  elvish: opaque('elvish'),
  xonsh: opaque('xonsh'),
  pwsh: opaque('pwsh'),
  powershell: opaque('powershell'),
  'powershell.exe': opaque('powershell.exe'),
  'cmd.exe': opaque('cmd.exe'),
  cmd: opaque('cmd'),
  busybox: (argv) => {
    const { index } = lead(argv, BUSYBOX);
    return index === undefined ? unreadable('busybox') : wrapped('busybox', rest(argv, index));
  },
  toybox: (argv) => wrapped('toybox', rest(argv, 1)),
  noglob: (argv) => wrapped('noglob', rest(argv, 1)),
  // More programs whose job is running another one (moreutils, daemontools, schedulers, sandboxes,
  // emulators, secret injectors, macOS/Windows launchers). Their grammars are not modelled: opaque.
  ...Object.fromEntries(
    [
      'sudoedit',
      'chronic',
      // File watchers and secret injectors that run the command they are given (reflex, onchange,
      // envconsul, summon: each one's README).
      'reflex',
      'onchange',
      'envconsul',
      'summon',
      'ifne',
      'lckdo',
      'run-parts',
      'sshpass',
      'rlwrap',
      'eatmydata',
      'faketime',
      'fakechroot',
      'proot',
      'trickle',
      'cpulimit',
      'prlimit',
      'timelimit',
      'nocache',
      'torify',
      'systemd-inhibit',
      'dbus-run-session',
      'winpty',
      'mpirun',
      'mpiexec',
      'srun',
      'scl',
      'aws-vault',
      'setlock',
      'envdir',
      'softlimit',
      'setuidgid',
      'envuidgid',
      'vglrun',
      'optirun',
      'primusrun',
      'prime-run',
      'with-lock-ex',
      'tsp',
      'nq',
      'sem',
      'flatpak-spawn',
      'distrobox-enter',
      'xcrun',
      'setarch',
      'linux32',
      'linux64',
      // setarch installs a link per architecture name (util-linux setarch.c transitions[]): each
      // runs the command it is given, as setarch ARCH does.
      'i386',
      'i486',
      'i586',
      'i686',
      'x86_64',
      'uname26',
      'ppc',
      'ppc32',
      'ppc64',
      'ppcle',
      'ppc64le',
      's390',
      's390x',
      'sparc',
      'sparc32',
      'sparc32bash',
      'sparc64',
      'ia64',
      'parisc',
      'parisc32',
      'parisc64',
      'mips',
      'mips32',
      'mips64',
      'alpha',
      'arm',
      'armh',
      'armv7l',
      'armv8l',
      'aarch64',
      'loongarch',
      'loongarch64',
      'choom',
      // `gpg-agent --daemon CMD` runs CMD with the agent's environment.
      'gpg-agent',
      // Debian alternatives and sensible-* run whichever editor, pager or browser is configured:
      // what runs (and so which options are dangerous) is not known from the command.
      'editor',
      'sensible-editor',
      'select-editor',
      'pager',
      'sensible-pager',
      'sensible-browser',
      'x-www-browser',
      'www-browser',
      'gnome-www-browser',
      'x-terminal-emulator',
      // Debian's mailcap front ends (run-mailcap(1)): each runs the program mailcap names for the
      // file's type, which the command does not show.
      // Other openers (xdg-open's family): each runs the program registered for the file's type.
      'mimeopen',
      'gnome-open',
      'kde-open',
      'kde-open5',
      'exo-open',
      'wslview',
      'run-mailcap',
      'see',
      'edit',
      'compose',
      'wsl',
      'grc',
      'dotenvx',
      'sops',
      'retry',
      'sandbox',
      'ddev',
      // zsh precommands and builtins that run commands (the terminal may run a zsh login shell).
      'repeat',
      'zpty',
      'sched',
      'zmodload',
      // Dynamic loaders, terminal emulators and launchers that run the command they are given.
      'ld.so',
      'ld-linux.so.2',
      'ld-linux-x86-64.so.2',
      'ld-linux-aarch64.so.1',
      'logsave',
      'xterm',
      'uxterm',
      'gnome-terminal',
      'konsole',
      'alacritty',
      'kitty',
      'tilix',
      'urxvt',
      'rxvt',
      'xfce4-terminal',
      'terminator',
      'x-terminal-emulator',
      'wezterm',
      'open',
      'openvt',
      'systemd-nspawn',
      'machinectl',
    ].map((n) => [n, opaque(n)]),
  ),
  // macOS `arch -arm64 cmd` runs cmd; `arch` alone prints the machine type.
  // `ssh-agent cmd` runs cmd with the agent; alone it prints shell variable settings.
  'ssh-agent': (argv) => {
    const { index } = lead(argv, SSH_AGENT);
    if (index === undefined) return unreadable('ssh-agent');
    return index < argv.length ? wrapped('ssh-agent', rest(argv, index)) : { effects: [] };
  },
  // zsh `emulate sh -c 'cmd'` runs cmd; `emulate` alone prints the mode.
  emulate: (argv) => (argv.length > 2 ? wrapped('emulate', { kind: 'opaque', text: null }) : { effects: [] }),
  arch: (argv) => (argv.length > 1 ? wrapped('arch', { kind: 'opaque', text: null }) : { effects: [] }),
  nocorrect: (argv) => wrapped('nocorrect', rest(argv, 1)),
};

/**
 * One example per wrapper: `W rm x` and the key it gets — the wrapper with what it runs in brackets:
 * rm; x where the wrapper's first operand is its own (chroot's new root, gosu's user, flock's lock
 * file, timeout's duration); `?` where what runs cannot be named (its options are not read, or it
 * runs a script or a session).
 */
const RUNS: readonly (readonly [name: string, command: string, keyHolds: string])[] = [
  ['doas', 'doas rm x', 'doas-[-rm-]'],
  ['pkexec', 'pkexec rm x', 'pkexec-[-rm-]'],
  ['run0', 'run0 rm x', 'run0-[-rm-]'],
  ['nohup', 'nohup rm x', 'nohup-[-rm-]'],
  ['setsid', 'setsid rm x', 'setsid-[-rm-]'],
  ['gtimeout', 'gtimeout rm x', 'gtimeout-[-x-]'],
  ['nice', 'nice rm x', 'nice-[-rm-]'],
  ['ionice', 'ionice rm x', 'ionice-[-rm-]'],
  ['stdbuf', 'stdbuf rm x', 'stdbuf-[-rm-]'],
  ['unbuffer', 'unbuffer rm x', 'unbuffer-[-rm-]'],
  ['chrt', 'chrt rm x', 'chrt-[-?-]'],
  ['taskset', 'taskset rm x', 'taskset-[-?-]'],
  ['numactl', 'numactl rm x', 'numactl-[-?-]'],
  ['cgexec', 'cgexec rm x', 'cgexec-[-?-]'],
  ['chroot', 'chroot rm x', 'chroot-[-x-]'],
  ['unshare', 'unshare rm x', 'unshare-[-?-]'],
  ['nsenter', 'nsenter rm x', 'nsenter-[-?-]'],
  ['setpriv', 'setpriv rm x', 'setpriv-[-?-]'],
  ['capsh', 'capsh rm x', 'capsh-[-?-]'],
  ['runuser', 'runuser rm x', 'runuser-[-?-]'],
  ['su', 'su rm x', 'su-[-?-]'],
  ['sg', 'sg rm x', 'sg-[-?-]'],
  ['newgrp', 'newgrp rm x', 'newgrp-[-?-]'],
  ['systemd-run', 'systemd-run rm x', 'systemd%2Drun-[-?-]'],
  ['start-stop-daemon', 'start-stop-daemon rm x', 'start%2Dstop%2Ddaemon-[-?-]'],
  ['daemonize', 'daemonize rm x', 'daemonize-[-?-]'],
  ['firejail', 'firejail rm x', 'firejail-[-?-]'],
  ['bwrap', 'bwrap rm x', 'bwrap-[-?-]'],
  ['sandbox-exec', 'sandbox-exec rm x', 'sandbox%2Dexec-[-?-]'],
  ['proxychains', 'proxychains rm x', 'proxychains-[-rm-]'],
  ['proxychains4', 'proxychains4 rm x', 'proxychains4-[-rm-]'],
  ['torsocks', 'torsocks rm x', 'torsocks-[-?-]'],
  ['tsocks', 'tsocks rm x', 'tsocks-[-?-]'],
  ['fakeroot', 'fakeroot rm x', 'fakeroot-[-?-]'],
  ['xvfb-run', 'xvfb-run rm x', 'xvfb%2Drun-[-?-]'],
  ['dbus-launch', 'dbus-launch rm x', 'dbus%2Dlaunch-[-?-]'],
  ['caffeinate', 'caffeinate rm x', 'caffeinate-[-?-]'],
  ['catchsegv', 'catchsegv rm x', 'catchsegv-[-rm-]'],
  ['tini', 'tini rm x', 'tini-[-?-]'],
  ['dumb-init', 'dumb-init rm x', 'dumb%2Dinit-[-?-]'],
  ['gosu', 'gosu rm x', 'gosu-[-x-]'],
  ['su-exec', 'su-exec rm x', 'su%2Dexec-[-x-]'],
  ['chpst', 'chpst rm x', 'chpst-[-?-]'],
  ['script', 'script rm x', 'script-[-?-]->-rm->-x'],
  ['watch', 'watch rm x', 'watch-[-rm-]'],
  ['flock', 'flock rm x', 'flock-[-x-]'],
  ['parallel', 'parallel rm x', 'parallel-[-?-]'],
  ['entr', 'entr rm x', 'entr-[-?-]'],
  ['watchexec', 'watchexec rm x', 'watchexec-[-?-]'],
  ['nodemon', 'nodemon rm x', 'nodemon-[-?-]'],
  ['hyperfine', 'hyperfine rm x', 'hyperfine-[-?-]'],
  ['concurrently', 'concurrently rm x', 'concurrently-[-?-]'],
  ['cross-env', 'cross-env rm x', 'cross%2Denv-[-rm-]'],
  ['dotenv', 'dotenv rm x', 'dotenv-[-?-]'],
  ['env-cmd', 'env-cmd rm x', 'env%2Dcmd-[-?-]'],
  ['strace', 'strace rm x', 'strace-[-rm-]'],
  ['ltrace', 'ltrace rm x', 'ltrace-[-rm-]'],
  ['valgrind', 'valgrind rm x', 'valgrind-[-rm-]'],
  ['perf', 'perf rm x', 'perf-[-?-]'],
  ['gdb', 'gdb rm x', 'gdb-[-?-]'],
  ['lldb', 'lldb rm x', 'lldb-[-?-]'],
  ['expect', 'expect rm x', 'expect-[-?-]'],
  ['exec', 'exec rm x', 'exec-[-rm-]'],
  ['eval', 'eval rm x', 'eval-[-rm-]'],
  ['command', 'command rm x', 'command-[-rm-]'],
  ['builtin', 'builtin rm x', 'builtin-[-rm-]'],
  ['source', 'source rm x', 'source-[-rm-]'],
  ['.', '. rm x', '.-[-rm-]'],
  ['trap', 'trap rm x', 'trap-[-rm-]'],
  ['enable', 'enable rm x', 'enable-[-?-]'],
  ['fc', 'fc rm x', 'fc-[-?-]'],
  ['sh', 'sh rm x', 'sh-[-rm-]'],
  ['rbash', 'rbash rm x', 'rbash-[-rm-]'],
  ['dash', 'dash rm x', 'dash-[-rm-]'],
  ['ash', 'ash rm x', 'ash-[-rm-]'],
  ['ksh', 'ksh rm x', 'ksh-[-rm-]'],
  ['mksh', 'mksh rm x', 'mksh-[-rm-]'],
  ['pdksh', 'pdksh rm x', 'pdksh-[-rm-]'],
  ['yash', 'yash rm x', 'yash-[-rm-]'],
  ['posh', 'posh rm x', 'posh-[-rm-]'],
  ['zsh', 'zsh rm x', 'zsh-[-rm-]'],
  ['csh', 'csh rm x', 'csh-[-rm-]'],
  ['tcsh', 'tcsh rm x', 'tcsh-[-rm-]'],
  ['fish', 'fish rm x', 'fish-[-rm-]'],
  ['nu', 'nu rm x', 'nu-[-rm-]'],
  ['elvish', 'elvish rm x', 'elvish-[-?-]'],
  ['xonsh', 'xonsh rm x', 'xonsh-[-?-]'],
  ['pwsh', 'pwsh rm x', 'pwsh-[-?-]'],
  ['powershell', 'powershell rm x', 'powershell-[-?-]'],
  ['powershell.exe', 'powershell.exe rm x', 'powershell.exe-[-?-]'],
  ['cmd.exe', 'cmd.exe rm x', 'cmd.exe-[-?-]'],
  ['cmd', 'cmd rm x', 'cmd-[-?-]'],
  ['busybox', 'busybox rm x', 'busybox-[-rm-]'],
  ['toybox', 'toybox rm x', 'toybox-[-rm-]'],
  ['noglob', 'noglob rm x', 'noglob-[-rm-]'],
  ['sudoedit', 'sudoedit rm x', 'sudoedit-[-?-]'],
  ['chronic', 'chronic rm x', 'chronic-[-?-]'],
  ['ifne', 'ifne rm x', 'ifne-[-?-]'],
  ['lckdo', 'lckdo rm x', 'lckdo-[-?-]'],
  ['run-parts', 'run-parts rm x', 'run%2Dparts-[-?-]'],
  ['sshpass', 'sshpass rm x', 'sshpass-[-?-]'],
  ['rlwrap', 'rlwrap rm x', 'rlwrap-[-?-]'],
  ['eatmydata', 'eatmydata rm x', 'eatmydata-[-?-]'],
  ['faketime', 'faketime rm x', 'faketime-[-?-]'],
  ['fakechroot', 'fakechroot rm x', 'fakechroot-[-?-]'],
  ['proot', 'proot rm x', 'proot-[-?-]'],
  ['trickle', 'trickle rm x', 'trickle-[-?-]'],
  ['cpulimit', 'cpulimit rm x', 'cpulimit-[-?-]'],
  ['prlimit', 'prlimit rm x', 'prlimit-[-?-]'],
  ['timelimit', 'timelimit rm x', 'timelimit-[-?-]'],
  ['nocache', 'nocache rm x', 'nocache-[-?-]'],
  ['torify', 'torify rm x', 'torify-[-?-]'],
  ['systemd-inhibit', 'systemd-inhibit rm x', 'systemd%2Dinhibit-[-?-]'],
  ['dbus-run-session', 'dbus-run-session rm x', 'dbus%2Drun%2Dsession-[-?-]'],
  ['winpty', 'winpty rm x', 'winpty-[-?-]'],
  ['mpirun', 'mpirun rm x', 'mpirun-[-?-]'],
  ['mpiexec', 'mpiexec rm x', 'mpiexec-[-?-]'],
  ['srun', 'srun rm x', 'srun-[-?-]'],
  ['scl', 'scl rm x', 'scl-[-?-]'],
  ['aws-vault', 'aws-vault rm x', 'aws%2Dvault-[-?-]'],
  ['setlock', 'setlock rm x', 'setlock-[-?-]'],
  ['envdir', 'envdir rm x', 'envdir-[-?-]'],
  ['softlimit', 'softlimit rm x', 'softlimit-[-?-]'],
  ['setuidgid', 'setuidgid rm x', 'setuidgid-[-?-]'],
  ['envuidgid', 'envuidgid rm x', 'envuidgid-[-?-]'],
  ['vglrun', 'vglrun rm x', 'vglrun-[-?-]'],
  ['optirun', 'optirun rm x', 'optirun-[-?-]'],
  ['primusrun', 'primusrun rm x', 'primusrun-[-?-]'],
  ['prime-run', 'prime-run rm x', 'prime%2Drun-[-?-]'],
  ['with-lock-ex', 'with-lock-ex rm x', 'with%2Dlock%2Dex-[-?-]'],
  ['tsp', 'tsp rm x', 'tsp-[-?-]'],
  ['nq', 'nq rm x', 'nq-[-?-]'],
  ['sem', 'sem rm x', 'sem-[-?-]'],
  ['flatpak-spawn', 'flatpak-spawn rm x', 'flatpak%2Dspawn-[-?-]'],
  ['distrobox-enter', 'distrobox-enter rm x', 'distrobox%2Denter-[-?-]'],
  ['xcrun', 'xcrun rm x', 'xcrun-[-?-]'],
  ['setarch', 'setarch rm x', 'setarch-[-?-]'],
  ['linux32', 'linux32 rm x', 'linux32-[-?-]'],
  ['linux64', 'linux64 rm x', 'linux64-[-?-]'],
  ['i386', 'i386 rm x', 'i386-[-?-]'],
  ['i486', 'i486 rm x', 'i486-[-?-]'],
  ['i586', 'i586 rm x', 'i586-[-?-]'],
  ['i686', 'i686 rm x', 'i686-[-?-]'],
  ['x86_64', 'x86_64 rm x', 'x86_64-[-?-]'],
  ['uname26', 'uname26 rm x', 'uname26-[-?-]'],
  ['ppc', 'ppc rm x', 'ppc-[-?-]'],
  ['ppc32', 'ppc32 rm x', 'ppc32-[-?-]'],
  ['ppc64', 'ppc64 rm x', 'ppc64-[-?-]'],
  ['ppcle', 'ppcle rm x', 'ppcle-[-?-]'],
  ['ppc64le', 'ppc64le rm x', 'ppc64le-[-?-]'],
  ['s390', 's390 rm x', 's390-[-?-]'],
  ['s390x', 's390x rm x', 's390x-[-?-]'],
  ['sparc', 'sparc rm x', 'sparc-[-?-]'],
  ['sparc32', 'sparc32 rm x', 'sparc32-[-?-]'],
  ['sparc32bash', 'sparc32bash rm x', 'sparc32bash-[-?-]'],
  ['sparc64', 'sparc64 rm x', 'sparc64-[-?-]'],
  ['ia64', 'ia64 rm x', 'ia64-[-?-]'],
  ['parisc', 'parisc rm x', 'parisc-[-?-]'],
  ['parisc32', 'parisc32 rm x', 'parisc32-[-?-]'],
  ['parisc64', 'parisc64 rm x', 'parisc64-[-?-]'],
  ['mips', 'mips rm x', 'mips-[-?-]'],
  ['mips32', 'mips32 rm x', 'mips32-[-?-]'],
  ['mips64', 'mips64 rm x', 'mips64-[-?-]'],
  ['alpha', 'alpha rm x', 'alpha-[-?-]'],
  ['arm', 'arm rm x', 'arm-[-?-]'],
  ['armh', 'armh rm x', 'armh-[-?-]'],
  ['armv7l', 'armv7l rm x', 'armv7l-[-?-]'],
  ['armv8l', 'armv8l rm x', 'armv8l-[-?-]'],
  ['aarch64', 'aarch64 rm x', 'aarch64-[-?-]'],
  ['loongarch', 'loongarch rm x', 'loongarch-[-?-]'],
  ['loongarch64', 'loongarch64 rm x', 'loongarch64-[-?-]'],
  ['choom', 'choom rm x', 'choom-[-?-]'],
  ['gpg-agent', 'gpg-agent rm x', 'gpg%2Dagent-[-?-]'],
  ['editor', 'editor rm x', 'editor-[-?-]'],
  ['sensible-editor', 'sensible-editor rm x', 'sensible%2Deditor-[-?-]'],
  ['select-editor', 'select-editor rm x', 'select%2Deditor-[-?-]'],
  ['pager', 'pager rm x', 'pager-[-?-]'],
  ['sensible-pager', 'sensible-pager rm x', 'sensible%2Dpager-[-?-]'],
  ['sensible-browser', 'sensible-browser rm x', 'sensible%2Dbrowser-[-?-]'],
  ['x-www-browser', 'x-www-browser rm x', 'x%2Dwww%2Dbrowser-[-?-]'],
  ['www-browser', 'www-browser rm x', 'www%2Dbrowser-[-?-]'],
  ['gnome-www-browser', 'gnome-www-browser rm x', 'gnome%2Dwww%2Dbrowser-[-?-]'],
  ['x-terminal-emulator', 'x-terminal-emulator rm x', 'x%2Dterminal%2Demulator-[-?-]'],
  ['mimeopen', 'mimeopen rm x', 'mimeopen-[-?-]'],
  ['gnome-open', 'gnome-open rm x', 'gnome%2Dopen-[-?-]'],
  ['kde-open', 'kde-open rm x', 'kde%2Dopen-[-?-]'],
  ['kde-open5', 'kde-open5 rm x', 'kde%2Dopen5-[-?-]'],
  ['exo-open', 'exo-open rm x', 'exo%2Dopen-[-?-]'],
  ['wslview', 'wslview rm x', 'wslview-[-?-]'],
  ['run-mailcap', 'run-mailcap rm x', 'run%2Dmailcap-[-?-]'],
  ['see', 'see rm x', 'see-[-?-]'],
  ['edit', 'edit rm x', 'edit-[-?-]'],
  ['compose', 'compose rm x', 'compose-[-?-]'],
  ['wsl', 'wsl rm x', 'wsl-[-?-]'],
  ['grc', 'grc rm x', 'grc-[-?-]'],
  ['dotenvx', 'dotenvx rm x', 'dotenvx-[-?-]'],
  ['sops', 'sops rm x', 'sops-[-?-]'],
  ['retry', 'retry rm x', 'retry-[-?-]'],
  ['sandbox', 'sandbox rm x', 'sandbox-[-?-]'],
  ['ddev', 'ddev rm x', 'ddev-[-?-]'],
  ['repeat', 'repeat rm x', 'repeat-[-?-]'],
  ['zpty', 'zpty rm x', 'zpty-[-?-]'],
  ['sched', 'sched rm x', 'sched-[-?-]'],
  ['zmodload', 'zmodload rm x', 'zmodload-[-?-]'],
  ['ld.so', 'ld.so rm x', 'ld.so-[-?-]'],
  ['ld-linux.so.2', 'ld-linux.so.2 rm x', 'ld%2Dlinux.so.2-[-?-]'],
  ['ld-linux-x86-64.so.2', 'ld-linux-x86-64.so.2 rm x', 'ld%2Dlinux%2Dx86%2D64.so.2-[-?-]'],
  ['ld-linux-aarch64.so.1', 'ld-linux-aarch64.so.1 rm x', 'ld%2Dlinux%2Daarch64.so.1-[-?-]'],
  ['logsave', 'logsave rm x', 'logsave-[-?-]'],
  ['xterm', 'xterm rm x', 'xterm-[-?-]'],
  ['uxterm', 'uxterm rm x', 'uxterm-[-?-]'],
  ['gnome-terminal', 'gnome-terminal rm x', 'gnome%2Dterminal-[-?-]'],
  ['konsole', 'konsole rm x', 'konsole-[-?-]'],
  ['alacritty', 'alacritty rm x', 'alacritty-[-?-]'],
  ['kitty', 'kitty rm x', 'kitty-[-?-]'],
  ['tilix', 'tilix rm x', 'tilix-[-?-]'],
  ['urxvt', 'urxvt rm x', 'urxvt-[-?-]'],
  ['rxvt', 'rxvt rm x', 'rxvt-[-?-]'],
  ['xfce4-terminal', 'xfce4-terminal rm x', 'xfce4%2Dterminal-[-?-]'],
  ['terminator', 'terminator rm x', 'terminator-[-?-]'],
  ['wezterm', 'wezterm rm x', 'wezterm-[-?-]'],
  ['open', 'open rm x', 'open-[-?-]'],
  ['openvt', 'openvt rm x', 'openvt-[-?-]'],
  ['systemd-nspawn', 'systemd-nspawn rm x', 'systemd%2Dnspawn-[-?-]'],
  ['machinectl', 'machinectl rm x', 'machinectl-[-?-]'],
  ['ssh-agent', 'ssh-agent rm x', 'ssh%2Dagent-[-rm-]'],
  ['emulate', 'emulate rm x', 'emulate-[-?-]'],
  ['arch', 'arch rm x', 'arch-[-?-]'],
  ['nocorrect', 'nocorrect rm x', 'nocorrect-[-rm-]'],
  ['reflex', "reflex -r '\\.go$' -- sh -c id", 'reflex-[-?-]'],
  ['onchange', "onchange '*.js' -- sh -c id", 'onchange-[-?-]'],
  ['envconsul', 'envconsul -prefix app sh', 'envconsul-[-?-]'],
  ['summon', 'summon sh -c id', 'summon-[-?-]'],
];

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  time: { match: [['time -o ../t ls', '#outside-../t']] },
  ...Object.fromEntries(RUNS.map(([name, command, holds]) => [name, { match: [[command, holds]] }])),
  sudo: { match: [['sudo rm x', 'sudo-[-rm-]']] },
  env: { match: [['env FOO=1 ls', 'env-[-ls-]']] },
  timeout: { match: [['timeout 5 ls', 'timeout-[-ls-]']] },
  xargs: { match: [['xargs rm', 'xargs-[-rm-]']] },
  bash: { match: [["bash -c 'ls'", 'bash-[-ls-]']] },
};

export const RULES: readonly ProgramRule[] = rules('wrappers', { wrappers: WRAPPERS }, EXAMPLES);
