/**
 * What a package runner runs: `npm exec` (`npm x`) and its front end `npx`, `pnpm dlx` and its
 * front ends `pnpx`/`pnx`, `bunx` and `bun x`. Each runs a PROGRAM (a local bin, one on PATH, or a
 * fetched package's bin) or a shell string, so a call is never simple: the key names what runs
 * (`npx prettier` → `run_command:npx-#exec-[-prettier-]`, the same shape as
 * `run_command:npm-exec-#exec-[-prettier-]`) and the program list carries it for deny rules.
 *
 * Where the runner's options end and the program begins is read the way each runner reads it,
 * from their sources:
 * - npm 11.19.1 `lib/commands/exec.js` + nopt: options anywhere before `--`, dashes stripped
 *   (`-call` is `--call`), shorthands from `@npmcli/config` (`-c` call, `-y` yes, `-w` workspace,
 *   `-C` prefix, but `-p` is --parseable, no value!), a switch also takes a following `true`/`false`.
 *   The first positional is the program; `--call`/`-c` runs a shell string instead; nothing at all
 *   starts the script shell (libnpmexec's interactive mode).
 * - npx (`bin/npx-cli.js`): npm exec with `--` put before the first positional, so words after the
 *   program are the program's; `-p` is --package, `--shell` is --script-shell, `--no-install`
 *   is --yes=false; the removed `--npm`, `--node-arg`, `-n` still take a value.
 * - pnpm 10.34.9 / 11.28.13 `dlx` (`pnpx` and `pnx` are `pnpm dlx`: bin/pnpx): options end at the
 *   command word (parse-cli-args escapes it); `-c`/`--shell-mode` is a switch that runs the command
 *   word and its arguments, joined, through the shell (execa `shell: true`).
 * - bun (`bunx_command`): before the package word every word starting with "-" is a bunx flag;
 *   only `-p`/`--package` takes the next word (older versions ignore it and run the word after it,
 *   so that word is listed too); `--` is not special.
 * - pnpm 10.34.9 / 11.28.13 `exec`: parse-cli-args escapes at the word `exec` (escapeArgs create,
 *   exec, test), so nothing after it is an option: the handler drops one leading `--` and runs the
 *   next word (`pnpm exec -c x` runs a program named "-c"). exec's own options (`-c`/`--shell-mode`,
 *   `-r`, `--filter`, `--parallel`, `--resume-from`, `--report-summary`…) go BEFORE `exec`; a
 *   shell mode given there runs the words joined through the shell (execa `shell: true`), as it does
 *   for `pnpm -c dlx …`.
 * - yarn 4.18.1 `dlx` (clipanion): `-p`/`--package` (a value, repeatable), `-q`/`--quiet`, then
 *   the command word; the rest is a proxy (the program's). yarn 1 has no dlx (`yarn dlx` is a script
 *   or a binary named dlx: scriptRunners.ts).
 * - `yarn exec` (yarnExecEffects): yarn 4 takes no option before the command (`--` aside) and runs
 *   the command word as a SCRIPT of its portable shell with the other words appended to its last
 *   command; yarn 1.22.22 spawns the first word, but reads every option-looking word before a `--`
 *   as its own (an unknown one takes the next word as its value), so the words it passes differ.
 *
 * Anything else before the program (an option the table does not know, an abbreviation, a value
 * that looks like an option, a word computed at run time) makes what runs unknown: `?`, which
 * every program deny refuses (fail closed).
 */
import { exec, type Effect, type Inner } from '../../effects.js';
import type { Arg } from '../../options.js';

export type ExecFront = 'npm' | 'npx' | 'pnpm' | 'bun' | 'pnpm-exec' | 'yarn-dlx';

/** A shorthand standing for options that consume nothing more (`-q` is `--loglevel warn`). */
const PRESET = '';

interface Grammar {
  /** Options (dashes stripped) that take the next word as their value. */
  values: ReadonlySet<string>;
  /** Options that take no value. */
  switches: ReadonlySet<string>;
  /** Shorthand → the option it stands for, or PRESET. */
  short: Readonly<Record<string, string>>;
  /** nopt: a switch followed by `true`/`false` takes it as its value. */
  boolValues: boolean;
  /** Options may be written with any number of dashes (nopt strips them). */
  stripDashes: boolean;
  /** `--` ends the options. */
  dashDash: boolean;
  /** What runs when no program is named. */
  alone: 'script-shell' | 'nothing';
}

// npm config names by type (`@npmcli/config/lib/definitions`, npm 11.19.1): Boolean or
// [null, Boolean] switches, and options whose type takes a value. Only common ones: any other
// option before the program is unknown here (fail closed).
const NPM_SWITCHES = [
  'yes', 'workspaces', 'include-workspace-root', 'offline', 'prefer-offline', 'prefer-online',
  'global', 'force', 'ignore-scripts', 'dry-run', 'json', 'parseable', 'foreground-scripts',
  'legacy-peer-deps', 'progress', 'timing', 'unicode', 'update-notifier', 'audit', 'fund',
  'strict-ssl', 'version', 'usage',
]; // prettier-ignore
const NPM_VALUES = [
  'package', 'call', 'workspace', 'prefix', 'registry', 'cache', 'userconfig', 'globalconfig',
  'loglevel', 'script-shell', 'node-options', 'before', 'tag', 'otp', 'include', 'omit', 'location',
  'cafile',
]; // prettier-ignore
/** Shorthands for a log level or reporter (`-q` is `--loglevel warn`): npm's and pnpm's alike. */
const QUIET_PRESETS = Object.fromEntries(['q', 'quiet', 's', 'silent', 'd', 'dd', 'ddd', 'verbose'].map((k) => [k, PRESET]));
/** `@npmcli/config` shorthands. */
const NPM_SHORT: Record<string, string> = {
  ...QUIET_PRESETS,
  c: 'call',
  y: 'yes',
  w: 'workspace',
  C: 'prefix',
  g: 'global',
  f: 'force',
  p: 'parseable',
  ws: 'workspaces',
  iwr: 'include-workspace-root',
  h: 'usage',
  H: 'usage',
  '?': 'usage',
  help: 'usage',
  v: 'version',
  n: 'no-yes',
  no: 'no-yes',
};

const GRAMMARS: Readonly<Record<ExecFront, Grammar>> = {
  npm: {
    values: new Set([...NPM_VALUES, 'shell']),
    switches: new Set([...NPM_SWITCHES, 'no-yes']),
    short: NPM_SHORT,
    boolValues: true,
    stripDashes: true,
    dashDash: true,
    alone: 'script-shell',
  },
  npx: {
    // npx-cli: `-p` is --package, `--shell` is --script-shell, removed options still take a value.
    values: new Set([...NPM_VALUES, 'shell', 'npm', 'node-arg', 'n']),
    // `--no-install` becomes --yes=false; the removed switches are dropped.
    switches: new Set([...NPM_SWITCHES, 'no-yes', 'no-install', 'always-spawn', 'ignore-existing', 'shell-auto-fallback']),
    short: { ...NPM_SHORT, p: 'package', n: 'n' },
    // npx puts `--` before the first positional, so a switch never takes the next word.
    boolValues: false,
    stripDashes: true,
    dashDash: true,
    alone: 'script-shell',
  },
  pnpm: {
    values: new Set(['package', 'allow-build', 'cpu', 'libc', 'os', 'use-node-version', 'dir', 'filter', 'loglevel', 'reporter']),
    switches: new Set([
      'shell-mode',
      'stream',
      'aggregate-output',
      'workspace-root',
      'include-workspace-root',
      'use-stderr',
      'fail-if-no-match',
    ]),
    short: {
      c: 'shell-mode',
      C: 'dir',
      w: 'workspace-root',
      F: 'filter',
      ...QUIET_PRESETS,
    },
    boolValues: true,
    stripDashes: true,
    dashDash: true,
    alone: 'nothing',
  },
  bun: {
    values: new Set(['--package', '-p']),
    switches: new Set(['--bun', '-b', '--silent', '--verbose', '--no-install', '--version', '-v', '--revision', '--']),
    short: {},
    boolValues: false,
    stripDashes: false,
    dashDash: false,
    alone: 'nothing',
  },
  // pnpm exec: no option after `exec` (see above); `pnpm exec` alone fails (EXEC_MISSING_COMMAND).
  'pnpm-exec': {
    values: new Set(),
    switches: new Set(),
    short: {},
    boolValues: false,
    stripDashes: false,
    dashDash: true,
    alone: 'nothing',
  },
  'yarn-dlx': {
    values: new Set(['--package', '-p']),
    switches: new Set(['--quiet', '-q', '--help', '-h']),
    short: {},
    boolValues: false,
    stripDashes: false,
    dashDash: true,
    alone: 'nothing',
  },
};

type Scan =
  | { kind: 'program'; index: number; olderBun?: number }
  | { kind: 'call'; text: string }
  | { kind: 'shell'; from: number }
  | { kind: 'alone'; help: boolean }
  | { kind: 'unknown'; why: string };

interface ScanResult {
  scan: Scan;
  /** Options that hand configuration or another program to what runs (npx only; npm's are read for the whole call). */
  config: Effect[];
}

export interface ExecOptions {
  /** Shell mode set before the subcommand (`pnpm -c exec …`, `pnpm --shell-mode dlx …`). */
  shellMode?: boolean;
}

/** Reads `args` (the words after `npx`, or after `npm exec`, `pnpm dlx`, `bunx`, `bun x`…). */
function scan(front: ExecFront, label: string, args: readonly Arg[], opts: ExecOptions): ScanResult {
  const g = GRAMMARS[front];
  const config: Effect[] = [];
  const done = (s: Scan): ScanResult => ({ scan: s, config });
  let call: string | undefined;
  let shellMode = opts.shellMode ?? false;
  let help = false;
  let bunPackage: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (w === null || w === undefined) return done({ kind: 'unknown', why: 'a word computed at run time comes before the program' });
    if (w === '--' && g.dashDash) {
      if (i + 1 >= args.length) break;
      if (args[i + 1] === null) return done({ kind: 'unknown', why: 'the program is computed at run time' });
      return done(finish(i + 1));
    }
    if (!w.startsWith('-')) return done(finish(i));
    // A lone "-": npx reads it as an option, nopt as a positional.
    if (w === '-') return done({ kind: 'unknown', why: `${label} reads "-" differently in its two parsers` });
    const body = g.stripDashes ? w.replace(/^-+/, '') : w;
    const eq = body.indexOf('=');
    const typed = eq < 0 ? body : body.slice(0, eq);
    const attached = eq < 0 ? undefined : body.slice(eq + 1);
    // Shorthands resolve only when spelled exactly (and never as another option's exact name).
    const name = Object.prototype.hasOwnProperty.call(g.short, typed) ? g.short[typed]! : typed;
    if (name === PRESET) {
      if (attached !== undefined) return done({ kind: 'unknown', why: `${label} option ${w} is not known to the classifier` });
      continue;
    }
    if (g.switches.has(name)) {
      if (name === 'usage' || name === 'version' || name === '--version' || name === '-v' || name === '--revision') help = true;
      if (name === 'shell-mode') shellMode = attached === undefined || attached === 'true';
      const next = args[i + 1];
      if (attached === undefined && g.boolValues && (next === 'true' || next === 'false')) i++;
      continue;
    }
    if (g.values.has(name)) {
      let value: string;
      if (attached !== undefined) value = attached;
      else {
        const next = args[i + 1];
        if (next === undefined) return done({ kind: 'unknown', why: `${label} option ${w} has no value` });
        if (next === null) return done({ kind: 'unknown', why: `the value of ${label} ${w} is computed at run time` });
        // nopt would not take it as the value, npx would: the two parsers disagree.
        if (next.startsWith('-')) return done({ kind: 'unknown', why: `the value of ${label} ${w} looks like an option` });
        value = next;
        i++;
        if (front === 'bun') bunPackage = i;
      }
      if (name === 'call') call = value;
      if (front === 'npx') config.push(...configEffect(label, name, value));
      continue;
    }
    return done({ kind: 'unknown', why: `${label} option ${w} is not known to the classifier, so the program it runs is uncertain` });
  }
  return done(finish(undefined));

  function finish(index: number | undefined): Scan {
    if (call !== undefined) return { kind: 'call', text: call };
    if (index === undefined) return { kind: 'alone', help };
    // Only reachable after `--`: no program is named like an option, and a runner may read it as one.
    if (args[index]?.startsWith('-')) return { kind: 'unknown', why: `the program after ${label} -- looks like an option` };
    if (shellMode) return { kind: 'shell', from: index };
    return bunPackage !== undefined ? { kind: 'program', index, olderBun: bunPackage } : { kind: 'program', index };
  }
}

/** npx options that name a shell or load code or configuration into what npx runs. */
function configEffect(label: string, name: string, value: string): Effect[] {
  if (name === 'shell' || name === 'script-shell')
    return [exec('script-shell', { kind: 'argv', argv: [value] }, `${label} --shell names a shell to run`)];
  if (name === 'node-options' || name === 'userconfig' || name === 'globalconfig')
    return [exec(name, { kind: 'opaque', text: value }, `${label} --${name} loads code or configuration into what it runs`)];
  return [];
}

/**
 * The effects of a package runner call: what it runs, as `#exec-[ program … ]`, `#call-[ script ]`
 * (npm/npx -c), `#shell_mode-[ script ]` (pnpm dlx -c), or `#exec-[ ? ]` when it cannot be known.
 * `args` are the words after the runner (`npx`, `bunx`) or after its subcommand (`npm exec`).
 * Empty when nothing runs (`npx --version`, `bunx` alone prints its usage).
 */
export function packageExecEffects(front: ExecFront, label: string, args: readonly Arg[], opts: ExecOptions = {}): Effect[] {
  const { scan: s, config } = scan(front, label, args, opts);
  const out: Effect[] = [...config];
  const opaque: Inner = { kind: 'opaque', text: null };
  switch (s.kind) {
    case 'unknown':
      out.push(exec('exec', opaque, s.why));
      break;
    case 'call':
      out.push(exec('call', { kind: 'script', text: s.text }, `${label} -c runs a shell command`));
      break;
    case 'shell': {
      const words = args.slice(s.from);
      const text = words.some((a) => a === null) ? null : words.join(' ');
      out.push(exec('shell_mode', { kind: 'script', text }, `${label} --shell-mode runs the command through a shell`));
      break;
    }
    case 'program':
      out.push(exec('exec', { kind: 'argv', argv: args.slice(s.index) }, `${label} runs a program`));
      if (s.olderBun !== undefined)
        out.push(
          exec(
            'package',
            { kind: 'argv', argv: [args[s.olderBun]!] },
            `${label} before --package existed runs the package named after -p (${String(args[s.olderBun])})`,
          ),
        );
      break;
    case 'alone':
      if (GRAMMARS[front].alone === 'script-shell' && !s.help)
        out.push(exec('exec', opaque, `${label} without a command starts the script shell, reading commands from its input`));
      break;
  }
  return out;
}

/** A word as one shell word: yarn 4 appends the words after the command as literal arguments. */
function shellWord(w: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

/**
 * `yarn exec <command> [args…]` (`args` are the words after `exec`). yarn 4 runs the command word
 * as a script of its portable shell, the other words appended to its last command as literal
 * arguments (`yarn exec 'tsc && babel src' --watch`); yarn 1 spawns the first word with the rest.
 * The script covers both readings of what runs, except that yarn 1 reads option-looking words before
 * a `--` as its OWN options (an unknown one also takes the next word), which changes the words the
 * program gets (`yarn exec env -i a curl x` runs `env curl x` there): then what runs is `?` as well.
 * `yarn exec -- <command> …` passes every word on in both. `yarn1` is false when only yarn 4 can
 * reach this exec (after a folder word).
 */
export function yarnExecEffects(label: string, args: readonly Arg[], yarn1 = true): Effect[] {
  const opaque: Inner = { kind: 'opaque', text: null };
  const dashDash = args[0] === '--';
  const at = dashDash ? 1 : 0;
  const command = args[at];
  if (command === undefined) return []; // yarn 1 and 4: "missing command", nothing runs
  if (command === null) return [exec('exec', opaque, `the command of ${label} is computed at run time`)];
  if (!dashDash && (command === '--help' || command === '-h')) return [];
  if (command.startsWith('-'))
    return [exec('exec', opaque, `${label} option ${command} is not known to the classifier, so the program it runs is uncertain`)];
  const rest = args.slice(at + 1);
  const text = rest.some((a) => a === null) ? null : [command, ...(rest as string[]).map(shellWord)].join(' ');
  const out = [exec('exec', { kind: 'script', text }, `${label} runs its command through yarn's shell`)];
  if (yarn1 && !dashDash) {
    const end = rest.indexOf('--');
    const before = end < 0 ? rest : rest.slice(0, end);
    if (before.some((a) => a === null || (a.startsWith('-') && a.length > 1)))
      out.push(
        exec('yarn1', opaque, `yarn 1 reads the options after the program as its own, so what runs differs there (use ${label} -- …)`),
      );
  }
  return out;
}
