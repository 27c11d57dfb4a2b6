/**
 * Exec wrappers and shells: programs whose job is to run ANOTHER program (or a script). A call to
 * one is never simple; the key names the wrapper and, inside "[ … ]", what it runs.
 *
 * Each entry reads the wrapper's own options (so `sudo -u root rm` runs rm, not root) and returns
 * what it runs. When the boundary between the wrapper's options and the command cannot be known,
 * the inner command is "opaque" (a `?` in the key).
 */
import type { Effect, Inner } from '../effects.js';
import { scanOptions, type Arg, type OptItem, type OptionGrammar } from '../options.js';
import { rules, type Examples, type ProgramRule, type WrapperFn, type WrapperUse } from './rule.js';

const rest = (argv: readonly Arg[], i: number): Inner => (i < argv.length ? { kind: 'argv', argv: argv.slice(i) } : { kind: 'none' });
const wrapped = (name: string, inner: Inner): WrapperUse => ({
  effects: [{ flag: '', runs: inner, note: `runs a program through ${name}` }],
});

/** Index of the first operand after the wrapper's options (POSIX: options stop at the first operand). */
function firstOperand(argv: readonly Arg[], g: OptionGrammar): { index: number; items: OptItem[] } {
  const items = scanOptions(argv, 1, { ...g, stopAtOperand: true });
  const op = items.find((it) => it.kind === 'operand' || it.kind === 'dynamic');
  // `--` is consumed silently by the scanner: an operand after it is still the first operand.
  return { index: op ? op.word : argv.length, items };
}

/** `prog [options] command args…` */
function simpleWrapper(name: string, g: OptionGrammar, skipOperands = 0): WrapperFn {
  return (argv) => {
    const { index, items } = firstOperand(argv, g);
    if (items.some((it) => it.kind === 'dynamic' && it.word <= index)) return wrapped(name, { kind: 'opaque', text: null });
    return wrapped(name, rest(argv, index + skipOperands));
  };
}

/** Shells: `-c script` (also inside clusters like `-lc`), a script file, or stdin. */
function shell(g: OptionGrammar, scriptLong: readonly string[] = []): WrapperFn {
  return (original) => {
    const name = String(original[0]);
    // `+x`, `+o name`: shells take options with "+" too; read them as options, never as the script.
    const argv = original.map((w, i) => (i > 0 && typeof w === 'string' && /^\+[A-Za-z]/.test(w) ? '-' + w.slice(1) : w));
    const items = scanOptions(argv, 1, { ...g, stopAtOperand: true });
    let command = false;
    for (const it of items) {
      if (it.kind === 'dynamic') return wrapped(name, { kind: 'opaque', text: null });
      if (it.kind === 'short' && it.name === 'c') command = true;
      if (it.kind === 'long' && scriptLong.includes(it.name)) {
        return wrapped(name, { kind: 'script', text: it.value ?? null });
      }
      if (it.kind === 'operand') {
        if (command) return wrapped(name, { kind: 'script', text: it.value });
        return wrapped(name, { kind: 'file', path: it.value });
      }
    }
    // `bash` alone, `bash -s`, `bash -c` without a script: reads commands from stdin.
    return wrapped(name, { kind: 'opaque', text: null });
  };
}

const SH = shell({ shortValue: 'oO', longValue: ['rcfile', 'init-file'] });

function joinScript(name: string, from: (argv: readonly Arg[]) => number): WrapperFn {
  return (argv) => {
    const words = argv.slice(from(argv));
    if (words.length === 0) return wrapped(name, { kind: 'none' });
    const text = words.some((w) => w === null) ? null : words.join(' ');
    return wrapped(name, { kind: 'script', text });
  };
}

const env: WrapperFn = (argv) => {
  const items = scanOptions(argv, 1, {
    shortValue: 'uCPS',
    longValue: ['unset', 'chdir', 'split-string', 'block-signal', 'default-signal', 'ignore-signal'],
    stopAtOperand: true,
  });
  for (const it of items) {
    if (it.kind === 'dynamic') return wrapped('env', { kind: 'opaque', text: null });
    if ((it.kind === 'short' && it.name === 'S') || (it.kind === 'long' && it.name === 'split-string')) {
      return wrapped('env', { kind: 'script', text: it.value ?? null });
    }
  }
  const op = items.find((it) => it.kind === 'operand');
  if (!op) return { effects: [] };
  let i = op.word;
  // Leading NAME=value operands set the environment; the command follows them.
  for (; i < argv.length; i++) {
    const w = argv[i];
    if (w === null || w === undefined) return wrapped('env', { kind: 'opaque', text: null });
    // A lone "-" is the old spelling of -i: the command comes after it.
    if (w !== '-' && !/^[^=]+=/.test(w)) break;
  }
  if (i >= argv.length) return { effects: [] };
  return wrapped('env', rest(argv, i));
};

const sudo: WrapperFn = (argv) => {
  const items = scanOptions(argv, 1, {
    shortValue: 'ugCDhprtUTR',
    longValue: ['user', 'group', 'close-from', 'chdir', 'host', 'prompt', 'role', 'type', 'other-user', 'command-timeout', 'chroot'],
    stopAtOperand: true,
  });
  let viaShell = false;
  for (const it of items) {
    if (it.kind === 'dynamic') return wrapped('sudo', { kind: 'opaque', text: null });
    if (it.kind === 'short' && (it.name === 's' || it.name === 'i')) viaShell = true;
    if (it.kind === 'long' && (it.name === 'shell' || it.name === 'login')) viaShell = true;
    if ((it.kind === 'short' && it.name === 'e') || (it.kind === 'long' && it.name === 'edit'))
      return wrapped('sudo', { kind: 'opaque', text: null });
    if (it.kind === 'operand') {
      if (viaShell)
        return wrapped('sudo', {
          kind: 'script',
          text: argv.slice(it.word).some((w) => w === null) ? null : argv.slice(it.word).join(' '),
        });
      return wrapped('sudo', rest(argv, it.word));
    }
  }
  return wrapped('sudo', viaShell ? { kind: 'opaque', text: null } : { kind: 'none' });
};

const xargs: WrapperFn = (argv) => {
  const { index, items } = firstOperand(argv, {
    shortValue: 'ILnPsdEa',
    shortOptional: 'ile',
    longValue: ['arg-file', 'delimiter', 'max-args', 'max-procs', 'max-chars', 'process-slot-var'],
    longOptional: ['replace', 'max-lines', 'eof'],
  });
  if (items.some((it) => it.kind === 'dynamic' && it.word <= index)) return wrapped('xargs', { kind: 'opaque', text: null });
  return wrapped('xargs', index < argv.length ? rest(argv, index) : { kind: 'argv', argv: ['echo'] });
};

const flock: WrapperFn = (argv) => {
  const items = scanOptions(argv, 1, { shortValue: 'Ewc', longValue: ['conflict-exit-code', 'timeout', 'command'], stopAtOperand: true });
  for (const it of items) {
    if (it.kind === 'dynamic') return wrapped('flock', { kind: 'opaque', text: null });
    if ((it.kind === 'short' && it.name === 'c') || (it.kind === 'long' && it.name === 'command'))
      return wrapped('flock', { kind: 'script', text: it.value ?? null });
    if (it.kind === 'operand') return wrapped('flock', rest(argv, it.word + 1));
  }
  return wrapped('flock', { kind: 'none' });
};

const watch: WrapperFn = (argv) => {
  const { index, items } = firstOperand(argv, { shortValue: 'nq', longValue: ['interval', 'equexit'], longOptional: ['differences'] });
  const execMode = items.some((it) => (it.kind === 'short' && it.name === 'x') || (it.kind === 'long' && it.name === 'exec'));
  if (items.some((it) => it.kind === 'dynamic' && it.word <= index)) return wrapped('watch', { kind: 'opaque', text: null });
  if (execMode) return wrapped('watch', rest(argv, index));
  return joinScript('watch', () => index)(argv);
};

const su: WrapperFn = (argv) => {
  const items = scanOptions(argv, 1, {
    shortValue: 'cCsgGuw',
    longValue: ['command', 'session-command', 'shell', 'group', 'supp-group', 'user', 'whitelist-environment'],
  });
  for (const it of items) {
    if (it.kind === 'dynamic') return wrapped(String(argv[0]), { kind: 'opaque', text: null });
    if (
      (it.kind === 'short' && (it.name === 'c' || it.name === 'C')) ||
      (it.kind === 'long' && (it.name === 'command' || it.name === 'session-command'))
    ) {
      return wrapped(String(argv[0]), { kind: 'script', text: it.value ?? null });
    }
  }
  return wrapped(String(argv[0]), { kind: 'opaque', text: null });
};

const script: WrapperFn = (argv) => {
  const items = scanOptions(argv, 1, {
    shortValue: 'cEIOBTtmo',
    longValue: ['command', 'echo', 'log-in', 'log-out', 'log-io', 'log-timing', 'logging-format', 'output-limit'],
  });
  const effects: Effect[] = [];
  let inner: Inner = { kind: 'opaque', text: null };
  for (const it of items) {
    if ((it.kind === 'short' && it.name === 'c') || (it.kind === 'long' && it.name === 'command'))
      inner = { kind: 'script', text: it.value ?? null };
    if (it.kind === 'operand') effects.push({ flag: '', writes: it.value, note: 'script writes a typescript file' });
  }
  return { effects: [{ flag: '', runs: inner, note: 'runs a program through script' }, ...effects] };
};

const timeBinary: WrapperFn = (argv) => {
  const items = scanOptions(argv, 1, { shortValue: 'fo', longValue: ['format', 'output'], stopAtOperand: true });
  const effects: Effect[] = [];
  for (const it of items) {
    if ((it.kind === 'short' && it.name === 'o') || (it.kind === 'long' && it.name === 'output'))
      effects.push({ flag: 'o', writes: it.value ?? null, note: 'time -o writes its report to a file' });
  }
  const op = items.find((it) => it.kind === 'operand' || it.kind === 'dynamic');
  const inner: Inner = !op ? { kind: 'none' } : op.kind === 'dynamic' ? { kind: 'opaque', text: null } : rest(argv, op.word);
  return { effects: [{ flag: '', runs: inner, note: 'runs a program through time' }, ...effects] };
};

/** Wrappers whose option grammar is not modelled: what they run is opaque. */
const opaque =
  (name: string): WrapperFn =>
  () =>
    wrapped(name, { kind: 'opaque', text: null });

const WRAPPERS: Readonly<Record<string, WrapperFn>> = {
  env,
  sudo,
  doas: simpleWrapper('doas', { shortValue: 'uC' }),
  pkexec: simpleWrapper('pkexec', { longValue: ['user'] }),
  run0: simpleWrapper('run0', {
    shortValue: 'uDg',
    longValue: ['user', 'group', 'chdir', 'property', 'description', 'slice', 'nice', 'setenv', 'unit', 'machine', 'background'],
  }),
  nohup: simpleWrapper('nohup', {}),
  setsid: simpleWrapper('setsid', {}),
  timeout: simpleWrapper('timeout', { shortValue: 'sk', longValue: ['signal', 'kill-after'] }, 1),
  gtimeout: simpleWrapper('gtimeout', { shortValue: 'sk', longValue: ['signal', 'kill-after'] }, 1),
  nice: simpleWrapper('nice', { shortValue: 'n', longValue: ['adjustment'] }),
  ionice: simpleWrapper('ionice', { shortValue: 'cnpPu', longValue: ['class', 'classdata', 'pid', 'pgid', 'uid'] }),
  renice: opaque('renice'),
  stdbuf: simpleWrapper('stdbuf', { shortValue: 'ioe', longValue: ['input', 'output', 'error'] }),
  unbuffer: simpleWrapper('unbuffer', {}),
  chrt: opaque('chrt'),
  taskset: opaque('taskset'),
  numactl: opaque('numactl'),
  cgexec: opaque('cgexec'),
  chroot: simpleWrapper('chroot', { longValue: ['userspec', 'groups'] }, 1),
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
  proxychains: simpleWrapper('proxychains', { shortValue: 'f' }),
  proxychains4: simpleWrapper('proxychains4', { shortValue: 'f' }),
  torsocks: opaque('torsocks'),
  tsocks: opaque('tsocks'),
  fakeroot: opaque('fakeroot'),
  'xvfb-run': opaque('xvfb-run'),
  'dbus-launch': opaque('dbus-launch'),
  caffeinate: opaque('caffeinate'),
  catchsegv: simpleWrapper('catchsegv', {}),
  tini: opaque('tini'),
  'dumb-init': opaque('dumb-init'),
  gosu: simpleWrapper('gosu', {}, 1),
  'su-exec': simpleWrapper('su-exec', {}, 1),
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
  strace: simpleWrapper('strace', {
    shortValue: 'abeEIoOpPsSuUX',
    longValue: ['output', 'attach', 'user', 'env', 'trace', 'signal', 'status', 'string-limit'],
  }),
  ltrace: simpleWrapper('ltrace', { shortValue: 'aAeEfFlLnopsSuwxX', longValue: ['output', 'library'] }),
  valgrind: simpleWrapper('valgrind', {}),
  perf: opaque('perf'),
  gdb: opaque('gdb'),
  lldb: opaque('lldb'),
  expect: opaque('expect'),
  exec: simpleWrapper('exec', { shortValue: 'a' }),
  eval: joinScript('eval', () => 1),
  command: (argv) => {
    const { index, items } = firstOperand(argv, {});
    // `command -v git` only looks the name up (like `which`): it runs nothing.
    if (items.some((it) => it.kind === 'short' && (it.name === 'v' || it.name === 'V'))) return { effects: [] };
    return wrapped('command', rest(argv, index));
  },
  builtin: simpleWrapper('builtin', {}),
  source: (argv) => wrapped('source', { kind: 'file', path: argv.length > 1 ? argv[1]! : null }),
  '.': (argv) => wrapped('.', { kind: 'file', path: argv.length > 1 ? argv[1]! : null }),
  trap: (argv) => {
    const items = scanOptions(argv, 1, { stopAtOperand: true });
    const op = items.find((it) => it.kind === 'operand' || it.kind === 'dynamic');
    if (!op || items.some((it) => it.kind === 'short' && (it.name === 'p' || it.name === 'l'))) return wrapped('trap', { kind: 'none' });
    return wrapped('trap', { kind: 'script', text: op.kind === 'operand' ? op.value : null });
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
  fish: shell({ shortValue: 'Cdlp', longValue: ['init-command', 'debug', 'profile', 'features'] }, ['command', 'init-command']),
  nu: shell({ shortValue: 'e', longValue: ['execute', 'config', 'env-config'] }, ['commands']),
  elvish: opaque('elvish'),
  xonsh: opaque('xonsh'),
  pwsh: opaque('pwsh'),
  powershell: opaque('powershell'),
  'powershell.exe': opaque('powershell.exe'),
  'cmd.exe': opaque('cmd.exe'),
  cmd: opaque('cmd'),
  busybox: (argv) => {
    const { index } = firstOperand(argv, {});
    return wrapped('busybox', rest(argv, index));
  },
  toybox: (argv) => wrapped('toybox', rest(argv, 1)),
  noglob: (argv) => wrapped('noglob', rest(argv, 1)),
  // More programs whose job is running another one (moreutils, daemontools, schedulers, sandboxes,
  // emulators, secret injectors, macOS/Windows launchers). Their grammars are not modelled: opaque.
  ...Object.fromEntries(
    [
      'sudoedit',
      'chronic',
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
    const { index, items } = firstOperand(argv, { shortValue: 'aEOPt' });
    if (items.some((it) => it.kind === 'dynamic' && it.word <= index)) return wrapped('ssh-agent', { kind: 'opaque', text: null });
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
  ['renice', 'renice rm x', 'renice-[-?-]'],
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
];

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  ...Object.fromEntries(RUNS.map(([name, command, holds]) => [name, { match: [[command, holds]] }])),
  sudo: { match: [['sudo rm x', 'sudo-[-rm-]']] },
  env: { match: [['env FOO=1 ls', 'env-[-ls-]']] },
  timeout: { match: [['timeout 5 ls', 'timeout-[-ls-]']] },
  xargs: { match: [['xargs rm', 'xargs-[-rm-]']] },
  bash: { match: [["bash -c 'ls'", 'bash-[-ls-]']] },
};

export const RULES: readonly ProgramRule[] = rules('wrappers', { wrappers: WRAPPERS }, EXAMPLES);
