/**
 * Node package managers: npm, pnpm, yarn, bun and their front ends npx, pnpx, bunx; volta, fnm, nvm. Subcommand tables and aliases, package runners (`npm exec`, `pnpm dlx`), and the fallback that runs a word which is no script as a program (node/scriptRunners.ts).
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, risk, type Effect } from '../effects.js';
import type { Arg, OptItem } from '../options.js';
import { packageExecEffects, type ExecFront, yarnExecEffects } from './node/packageExec.js';
import { isYarnFolderWord, yarnWorkspacePrefix } from './node/yarnWorkspaces.js';
import { npmDeref } from './node/npmCommands.js';
import { npmOperands, npmOptionEffects } from './node/npmOptions.js';
import { pnpmOptionEffects } from './node/pnpmOptions.js';
import { yarnOptionEffects } from './node/yarnOptions.js';
import { bunOptionEffects } from './node/bunOptions.js';
import { BUN_OWN, PNPM_OWN, YARN_OWN, type Runner } from './node/scriptRunners.js';
import { opaque, script, argvOf, table, RUN_TOOL, HELP } from './kit.js';
import { fnm, nvm, volta } from './node/versionManagers.js';
import { globalsTable } from './globals.js';
import { optionTable, readItems, readOptions, type ItemReading, type OptionTable } from './optionTable.js';
import { folderOption, withFolderOptions } from './node/folderOption.js';
import { rules, type Check, type SubcommandSpec, type Resolver, type ProgramRule, type Examples } from './rule.js';

/** Subcommands that are package runners, read by packageExec.ts (`npm x` resolves to exec). */
const RUNNER_FRONTS: Readonly<Record<string, ExecFront>> = {
  'npm exec': 'npm',
  'pnpm dlx': 'pnpm',
  'pnpm exec': 'pnpm-exec',
  'bun x': 'bun',
  'yarn dlx': 'yarn-dlx',
};

/**
 * pnpm's shell mode given before `exec` or `dlx` (`pnpm -c exec 'a | b'`): `-c`,
 * `--shell-mode[=true|false]` before the command; the last wins.
 */
function pnpmShellMode(items: readonly OptItem[], before: number): boolean {
  let on = false;
  for (const it of items) {
    if (it.word >= before) break;
    if (it.kind === 'short' && it.name === 'c') on = true;
    else if (it.kind === 'long' && it.name === 'shell-mode') on = it.value === undefined || it.value === 'true';
  }
  return on;
}

/** What the options before the command do (their arities are the detection table's: `subcommands` below). */
const BEFORE_USES = 'script-shell=:prog node-options=:load userconfig=:load globalconfig=:load';
const FOLDER_OPTIONS = ['prefix', 'dir', 'cwd', 'C'];

/**
 * The table of the options pnpm, yarn and bun take before the command: their detection table
 * (globals.ts, so both read the same words) with what the options do on top; read to the first operand.
 */
const BEFORE = new Map<string, OptionTable>();
function beforeTable(program: string): OptionTable {
  let t = BEFORE.get(program);
  if (!t) {
    const g = globalsTable(subcommands[program]!).spec;
    t = withFolderOptions({ ...g, options: [BEFORE_USES, ...(typeof g.options === 'string' ? [g.options] : g.options)] }, FOLDER_OPTIONS);
    BEFORE.set(program, t);
  }
  return t;
}

/**
 * The options before the command, read with the program's table: npm's config in nopt's dialect
 * (npmOptions.ts), the others' detection tables. npm reads the command word where detection does,
 * or what it runs is not the command detection named (`npm --yes true test` runs test).
 */
function beforeCommand(argv: readonly Arg[], sub: { index?: number }, program: string, name: string): ItemReading {
  const r = program === 'npm' ? npmOperands(argv, 1, name) : readItems(beforeTable(program), argv, 1, name);
  if (program === 'npm' && !r.unknown && sub.index !== undefined && r.rest !== sub.index) {
    r.unknown = true;
    r.effects.push(exec('unknown_option', opaque(), `${name} reads its command word where the classifier does not`));
  }
  return r;
}

/** `npm exec`/`x`, `yarn x`, `bun exec`: -c/--call runs a shell command, else the first operand is the program. */
const EXEC_OPTIONS = optionTable({ options: 'c|call=:exec p|package= y|yes h|help', stopAtOperand: true });
/** `init`/`create` of pnpm, yarn and bun (npm's read with its config, npmOptions.ts): the first operand is the initializer. */
const INIT_OPTIONS = optionTable({ options: 'w|workspace= scope= y|yes f|force h|help', stopAtOperand: true });

/** `bun run`'s options before the file or script (docs/snippets/cli/run.mdx of oven-sh/bun; clap: no prefixes). */
const BUN_RUN = optionTable({
  options:
    'silent if-present e|eval=:load p|print=:load h|help elide-lines= F|filter= workspaces parallel sequential ' +
    'no-exit-on-error b|bun shell= interactive smol expose-gc no-deprecation throw-deprecation title= ' +
    'zero-fill-buffers no-addons no-ffi-cc unhandled-rejections= console-depth= check watch watch-kill-signal= ' +
    'hot no-clear-screen inspect=? inspect-wait=? inspect-brk=? r|preload=:load require=:load import=:load ' +
    'no-install install= i| prefer-offline prefer-latest conditions= main-fields= preserve-symlinks ' +
    'preserve-symlinks-main extension-order= tsconfig-override=:read d|define= drop= l|loader= no-macros ' +
    'jsx-factory= jsx-fragment= jsx-import-source= jsx-runtime= jsx-side-effects ignore-dce-annotations port= ' +
    'fetch-preconnect= max-http-header-size= dns-result-order= use-system-ca use-openssl-ca use-bundled-ca ' +
    'redis-preconnect sql-preconnect user-agent= env-file=:read cwd= c|config=:load',
  stopAtOperand: true,
  handlers: { cwd: folderOption },
});

function npmFamily(argv: readonly Arg[], sub: { subcommand?: string; index?: number }, program: string): Effect[] {
  // As typed (for notes); `program` is the canonical name (`pn` is pnpm).
  const name = String(argv[0]);
  const before = beforeCommand(argv, sub, program, name);
  // An unknown option is keyed; what the command word would run is still read (the visitor asks
  // whether any word after it would run a program: then what runs is `?`).
  const out: Effect[] = [...before.effects];
  const i = sub.index;
  if (i === undefined || sub.subcommand === undefined) return out;
  const args = argv.slice(i + 1);
  const s = sub.subcommand;
  // The package runners: what they run is read the way each reads its options (packageExec.ts).
  const front = Object.prototype.hasOwnProperty.call(RUNNER_FRONTS, `${program} ${s}`) ? RUNNER_FRONTS[`${program} ${s}`] : undefined;
  if (front)
    out.push(...packageExecEffects(front, `${name} ${s}`, args, program === 'pnpm' ? { shellMode: pnpmShellMode(before.items, i) } : {}));
  else if (program === 'yarn' && s === 'exec')
    // After a folder word (`yarn ./pkg exec …`, yarn 4 only) yarn 1 does not reach its exec at all;
    // after `workspace a` (yarnWorkspaces.ts) it does.
    out.push(
      ...yarnExecEffects(
        `${name} exec`,
        args,
        !before.items.some((it) => it.kind === 'operand' && it.word < i && it.value !== null && isYarnFolderWord(it.value)),
      ),
    );
  else if (s === 'exec' || s === 'x' || s === 'dlx') {
    const ex = readItems(EXEC_OPTIONS, args, 0, `${name} ${s}`);
    out.push(...ex.effects);
    // `bun exec x` (bun's own shell is added below): the first operand is the program.
    if (!ex.unknown && !ex.items.some((it) => (it.kind === 'long' && it.name === 'call') || (it.kind === 'short' && it.name === 'c')))
      out.push(exec('exec', ex.rest === undefined ? { kind: 'none' } : argvOf(args.slice(ex.rest)), `${name} ${s} runs a program`));
  }
  // `npm init <initializer>` / `create` run the create-<initializer> package's program.
  if (['init', 'create', 'innit'].includes(s)) {
    const init = program === 'npm' ? npmOperands(args, 0, `${name} ${s}`) : readItems(INIT_OPTIONS, args, 0, `${name} ${s}`);
    if (program !== 'npm') out.push(...init.effects);
    const op = init.unknown ? undefined : init.rest;
    if (op !== undefined && op < args.length)
      out.push(exec('init', args[op] === null ? opaque() : argvOf(args.slice(op)), `${name} ${s} <package> runs a package's program`));
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
    if (!displaySetting(args)) out.push(risk('config', `${name} config changes configuration, which can name programs to run`));
  if (s === 'set') out.push(risk('config', `${name} set changes configuration`));
  if (s === 'edit') out.push(exec('edit', opaque(), `${name} edit runs an editor`));
  if (program === 'bun') {
    // bun's options before the file or script it runs; the words after it are the script's.
    if (s === 'run') out.push(...readOptions(BUN_RUN, args, 0, `${name} run`).effects);
    if (s === 'exec') out.push(exec('exec', script(args.some((a) => a === null) ? null : args.join(' ')), 'bun exec runs a shell command'));
  }
  return out;
}

/**
 * Settings that only change how output looks (an allowlist: npm's and pnpm's config keys, yarn's
 * rc keys). `npm config set color false` stays one plain call; any other key may name a program
 * (script-shell, git, editor, node-options), a credential or a file.
 */
const PM_DISPLAY_CONFIG =
  /^(color|loglevel|progress|unicode|fund|update-notifier|heading|enableColors|enableProgressBars|enableTelemetry|enableHyperlinks|enableMessageNames)$/;

/** `config set KEY VALUE` (or `KEY=VALUE`) of a display setting, with no option word. */
function displaySetting(args: readonly Arg[]): boolean {
  if (args[0] !== 'set' || args.length < 2 || args.length > 3 || args.some((a) => a === null || a.startsWith('-'))) return false;
  const key = args[1]!.split('=')[0]!;
  return PM_DISPLAY_CONFIG.test(key) && (args.length === 3) !== args[1]!.includes('=');
}

/** pnpm's `recursive` command and its aliases only mark what follows as recursive. */
export const PNPM_RECURSIVE_WORDS: readonly string[] = ['recursive', 'multi', 'm'];

const npmLike: SubcommandSpec = {
  grammar: {
    shortValue: 'wC',
    longValue: [
      'workspace',
      'prefix',
      'loglevel',
      'registry',
      'cache',
      'userconfig',
      'globalconfig',
      'dir',
      'filter',
      'cwd',
      'reporter',
      'script-shell',
      'node-options',
      'otp',
      'tag',
    ],
    noAbbrev: true,
  },
  flags: [
    ...HELP,
    '-g',
    '--global',
    '--workspaces',
    '-ws',
    '-s',
    '--silent',
    '-q',
    '--quiet',
    '-d',
    '--json',
    '-y',
    '--yes',
    '--offline',
    '--prefer-offline',
    '--dry-run',
    '-f',
    '--force',
    '--if-present',
    '--ignore-scripts',
    '--legacy-peer-deps',
    '--verbose',
    '--no-color',
    '--color',
    '--include-workspace-root',
    '-r',
    '--recursive',
    '--stream',
    '--parallel',
    '--frozen-lockfile',
    '--no-progress',
    '--production',
    '-D',
    '--dev',
    '--workspace-root',
    '--aggregate-output',
    '--no-bail',
  ],
};

/** pnpm's and bun's global options: npm's, and `-F <pattern>` (their `--filter`). */
const FILTER_SHORT = { ...npmLike.grammar, shortValue: `${npmLike.grammar.shortValue ?? ''}F` };

/**
 * pnpm: `commandNames` of each command (exact words, no abbreviation), the aliases that pnpm
 * 10.34.9 and 11.28.13 (the published dist bundles) both resolve to the same command. Left out
 * because the two disagree: purge, rt, ss, owners, dist-tags, adduser (11 only or different), and
 * the words pnpm 10 hands to npm (info, show, v, s, se, find, home, issues). `r` was remove before
 * pnpm 6 and is a script name since. `t`/`tst` reach test through pnpm's run fallback.
 */
const PNPM_ALIASES: Readonly<Record<string, string>> = {
  i: 'install',
  it: 'install-test',
  'clean-install': 'ci',
  ic: 'ci',
  'install-clean': 'ci',
  c: 'config',
  ln: 'link',
  ls: 'list',
  la: 'll',
  rb: 'rebuild',
  uninstall: 'remove',
  rm: 'remove',
  un: 'remove',
  uni: 'remove',
  'run-script': 'run',
  dislink: 'unlink',
  up: 'update',
  upgrade: 'update',
  t: 'test',
  tst: 'test',
  multi: 'recursive',
  m: 'recursive',
};

function pnpm(word: string, argv: readonly Arg[], index: number): string | undefined {
  const name = table(PNPM_ALIASES)(word, argv, index) ?? word;
  // parse-cli-args: `install` with any parameter is `add` (`pnpm i lodash` adds lodash). Options
  // are not told from their values here, so every further word counts: a deny rule on pnpm:add
  // over-matches rather than misses.
  if (name === 'install' && argv.slice(index + 1).some((a) => a === null || !a.startsWith('-'))) return 'add';
  return name === word ? undefined : name;
}

/**
 * bun: src/cli.zig `Command.which` (RootCommandMatcher, exact words). `i`/`install` with -g or
 * --global anywhere on the line is bun's add. Versions differ on `update` (add before 1.1, its own
 * command since), `b`/`d` (gone) and `bun bun` (bundle, now build): those stay literal.
 */
const BUN_ALIASES: Readonly<Record<string, string>> = {
  i: 'install',
  a: 'add',
  c: 'create',
  r: 'remove',
  rm: 'remove',
  uninstall: 'remove',
};

function bun(word: string, argv: readonly Arg[], index: number): string | undefined {
  const name = table(BUN_ALIASES)(word, argv, index) ?? word;
  if (name === 'install' && argv.some((a) => a === '-g' || a === '--global')) return 'add';
  return name === word ? undefined : name;
}

const effects: Readonly<Record<string, Check>> = {
  npm: npmFamily,
  pnpm: npmFamily,
  yarn: npmFamily,
  bun: npmFamily,
  // The front ends: npx is npm exec, pnpx (pnx) pnpm dlx, bunx bun x.
  npx: (argv) => packageExecEffects('npx', 'npx', argv.slice(1)),
  pnpx: (argv) => packageExecEffects('pnpm', String(argv[0]), argv.slice(1)),
  bunx: (argv) => packageExecEffects('bun', String(argv[0]), argv.slice(1)),
  volta,
  fnm,
  nvm,
};

const subcommands: Readonly<Record<string, SubcommandSpec>> = {
  volta: RUN_TOOL,
  fnm: RUN_TOOL,
  nvm: RUN_TOOL,
  npm: npmLike,
  // `-c`/`--shell-mode`: a switch of pnpm exec and dlx given before them (`pnpm -c exec 'a | b'`);
  // any other pnpm command reads it as an unknown switch (nopt: no value).
  // `-F` is `--filter` in pnpm (UNIVERSAL_SHORT) and bun (cli.zig: `-F, --filter <STR>...`), not in npm.
  // `-w` is pnpm's --workspace-root (a switch), not npm's --workspace.
  pnpm: {
    ...npmLike,
    grammar: { ...npmLike.grammar, shortValue: 'CF' },
    flags: [...npmLike.flags, '-w', '-c', '--shell-mode='],
    qualifiers: PNPM_RECURSIVE_WORDS,
  },
  // yarn 4 (the default command of its CLI): a first word with a slash that is not a package name
  // (`@scope/name`, berry's tryParseIdent) is the folder to run the rest of the line in, so
  // `yarn ./pkg exec …` is yarn exec.
  yarn: { ...npmLike, folderWord: isYarnFolderWord, front: yarnWorkspacePrefix },
  bun: { ...npmLike, grammar: FILTER_SHORT },
};

const runners: Readonly<Record<string, Runner>> = {
  pnpm: { own: PNPM_OWN, what: 'a program', firstWordRuns: true },
  yarn: { own: YARN_OWN, what: "a dependency's program", runSubcommand: "a dependency's program" },
  bun: { own: BUN_OWN, what: "a file or a dependency's program", runSubcommand: 'a file or a program' },
};

const aliases: Readonly<Record<string, Resolver>> = {
  npm: (word) => {
    const c = npmDeref(word);
    return c === word ? undefined : c;
  },
  pnpm,
  bun,
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  npm: {
    match: [
      ['npm -F app build', '#unknown_option'],
      ['npm exec -- rm -rf x', '#exec-[-rm-]'],
      ['npm run build --script-shell=/tmp/sh', '#script_shell'],
      ['npm test --node-options=--require=/tmp/x.js', '#node_options'],
      ['npm init --init-module /tmp/x.js', '#init_module'],
      ['npm run build --watch', '#unknown_option'],
      ['npm config set script-shell /tmp/sh', '#config'],
      // The folder whose scripts run, outside the project, in nopt's spellings.
      ['npm --prefix ../other run build', '#folder'],
      ['npm run build --prefi=../other', '#folder'],
      ['npm -C ../other test', '#folder'],
      // nopt: a switch takes a following true/false, so the command word is not `true`.
      ['npm --yes true test', '#unknown_option'],
      ['npm init --frob vite', '#unknown_option'],
    ],
    notMatch: [
      'npm test',
      'npm publ',
      'npm run build -- --watch',
      'npm test -- -t name',
      'npm i -D typescript',
      'npm run dev -w packages/app',
      'npm config set color false',
      'npm install --prefix client',
      'npm --prefix ./client run build',
    ],
  },
  pnpm: {
    match: [
      ['pnpm install --pnpmfile ./hooks.cjs', '#unknown_option'],
      ['pnpm pack --pack-destination /tmp/out', '#pack_destination'],
      ['pnpm run --frobnicate build', '#unknown_option'],
      ['pnpm -C ../other install', '#folder'],
      ['pnpm install --dir=../other', '#folder'],
      ['pnpm --dir /tmp/x run build', '#folder'],
    ],
    notMatch: [
      "pnpm bash -c 'rm x'",
      'pnpm install --frozen-lockfile',
      'pnpm add -D x --filter app',
      'pnpm build --watch',
      'pnpm -F app build',
      'pnpm -w add lodash',
      'pnpm -C packages/app build',
    ],
  },
  bun: {
    match: [
      ['bun -F app --frobnicate build', '#unknown_option'],
      ['bun run -e "require(1)"', '#eval'],
      ['bun run --print=1 x', '#print'],
      ['bun run --preload /tmp/x.ts dev', '#preload'],
      ['bun run -r/tmp/x.ts dev', '#preload'],
      ['bun run --cwd ../other dev', '#folder'],
      ['bun run --frob dev', '#unknown_option'],
    ],
    notMatch: [
      'bun -F app build',
      'bun --filter app build',
      'bun install --frozen-lockfile',
      'bun run --watch dev',
      'bun run dev --preload x',
    ],
  },
  npx: {
    match: [
      ['npx prettier --write .', '#exec-[-prettier-'],
      ['npx -c "rm -rf x"', '#call'],
      ['npx --call="rm x"', '#call'],
      ['npx --shell /tmp/sh x', '#script_shell'],
      ['npx --frob x', '#exec-[-?-]'],
    ],
    notMatch: ['npx --version', 'npx --help'],
  },
  pnpx: {
    match: [
      ['pnpx create-vite app', '#exec-[-create'],
      ['pnpx -c "rm x"', '#shell_mode'],
      ['pnpx --frob x', '#exec-[-?-]'],
    ],
    notMatch: ['pnpx --help', 'pnpx --version'],
  },
  bunx: {
    match: [
      ['bunx cowsay hi', '#exec-[-cowsay-'],
      ['bunx -p bash x', '#package'],
      ['bunx --frob x', '#exec-[-?-]'],
    ],
    notMatch: ['bunx --version', 'bunx'],
  },
  volta: {
    match: [
      ['volta run rm x', '#run-[-rm-]'],
      ['volta run --node 20 rm x', '#run-[-rm-]'],
      ['volta completions bash -o /tmp/x', '#output'],
      ['volta install --frob node', '#unknown_option'],
    ],
    notMatch: ['volta install node@20', 'volta pin node@20', 'volta list'],
  },
  fnm: {
    match: [
      ['fnm exec rm x', '#exec-[-rm-]'],
      ['fnm exec --using=18 rm x', '#exec-[-rm-]'],
      ['fnm install --frob 20', '#unknown_option'],
    ],
    notMatch: ['fnm install 20', 'fnm use 20', 'fnm env --use-on-cd'],
  },
  nvm: {
    match: [
      ['nvm exec 18 rm x', '#exec-[-rm-]'],
      ['nvm exec rm x', '#exec-[-rm-]'],
      ['nvm run 18 evil.js', '#run-[-node-]'],
      ['nvm install --frob 20', '#unknown_option'],
    ],
    notMatch: ['nvm install 20', 'nvm use 20', 'nvm ls', 'nvm install --lts'],
  },
  yarn: {
    match: [
      ['yarn run --require /tmp/x.js jest', '#require'],
      ['yarn install --use-yarnrc /tmp/rc', '#unknown_option'],
      ['yarn pack -o /tmp/x.tgz', '#out'],
      ['yarn --cwd ../other build', '#folder'],
      ['yarn install --cwd=/tmp/x', '#folder'],
    ],
    notMatch: ['yarn install --immutable', 'yarn add -DE x', 'yarn run dev --port 3000', 'yarn --cwd packages/app build'],
  },
};

/** npm's options after the command, against its config definitions; exec and explore read their own. */
const npmOptions: Check = (argv, sub) =>
  sub.index === undefined || sub.subcommand === undefined || sub.subcommand === 'exec' || sub.subcommand === 'explore'
    ? []
    : npmOptionEffects(argv, sub.index + 1, `npm ${sub.subcommand}`);

/** pnpm's and yarn's options after the command, against each command's table (pnpmOptions.ts, yarnOptions.ts). */
const pnpmOptions: Check = (argv, sub) =>
  sub.index === undefined || sub.subcommand === undefined
    ? []
    : pnpmOptionEffects(argv, sub.index, sub.subcommand, String(argv[sub.index]));
const yarnOptions: Check = (argv, sub) =>
  sub.index === undefined || sub.subcommand === undefined ? [] : yarnOptionEffects(argv, sub.index, sub.subcommand);
const bunOptions: Check = (argv, sub) =>
  sub.index === undefined || sub.subcommand === undefined ? [] : bunOptionEffects(argv, sub.index, sub.subcommand);

export const RULES: readonly ProgramRule[] = rules(
  'node',
  {
    effects,
    options: { npm: npmOptions, pnpm: pnpmOptions, yarn: yarnOptions, bun: bunOptions },
    subcommands,
    aliases,
    runners,
    // Their options are read with nopt's and bun's allowlists (node/packageExec.ts): an unknown one runs `?`.
    allowlist: ['npx', 'pnpx', 'bunx', 'volta', 'fnm', 'nvm'],
  },
  EXAMPLES,
);
