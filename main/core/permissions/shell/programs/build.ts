/**
 * Build tools, compilers and linkers: make, cmake, cc/gcc/clang, rustc, cargo, rustup, go, mvn, dotnet, TeX. Compiler plugins, linkers, makefiles from stdin and `-C linker=` name programs or load code.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, risk, type Effect } from '../effects.js';
import { scanOptions, type Arg } from '../options.js';
import { opaque, script, argvOf, isShort, isLong, valueOf, HELP, table, also, wordOptions } from './kit.js';
import { rules, type Check, type SubcommandSpec, type Resolver, type ProgramRule, type Examples } from './rule.js';

/** Variables conventionally used as switches (kbuild's V, automake's V, Q, DEBUG …), an allowlist. */
const MAKE_SWITCH_VARS = /^(V|VERBOSE|Q|QUIET|DEBUG|NDEBUG|RELEASE|BUILD_TYPE|CONFIG|W|NO_COLOR|COLOR|JOBS|NPROC|TEST|TESTS|CHECK)$/;

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
        // Verbosity and build-mode switches given a plain word (`make V=1`) name no program and no path.
        else if (!(MAKE_SWITCH_VARS.test(name) && /^[A-Za-z0-9_-]{0,32}$/.test(v.slice(v.indexOf('=') + 1))))
          out.push(risk('var', `make ${name}= overrides a variable that recipes expand into shell commands`, v));
      }
    }
  }
  return out;
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

/**
 * `rustup toolchain link NAME DIR` registers a folder as a toolchain: after `rustup default NAME`
 * (or a rust-toolchain file naming it) a plain `cargo`/`rustc` runs the programs in that folder
 * (verified with rustup 1.29; `rustup default /path` itself is refused by rustup).
 */
function rustupLink(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  if (sub.subcommand !== 'toolchain' || sub.index === undefined) return [];
  const action = argv.slice(sub.index + 1).find((a) => a === null || !a.startsWith('-'));
  return action === null || action === 'link'
    ? [exec('link', opaque(), 'rustup toolchain link: a later cargo or rustc runs the programs in that folder')]
    : [];
}

function rustup(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  if (sub.subcommand !== 'run' || sub.index === undefined) return rustupLink(argv, sub);
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

/**
 * cargo: the built-in aliases `cargo --list` prints (cargo 1.95.0). A `[alias]` table in a
 * .cargo/config.toml can redefine these (not built-in commands); that needs I/O and is a known limit.
 */
const CARGO_ALIASES: Readonly<Record<string, string>> = {
  b: 'build',
  c: 'check',
  d: 'doc',
  r: 'run',
  rm: 'remove',
  t: 'test',
};

/**
 * Linker plugins and programs reached through the compiler driver: `-Wl,--plugin=x.so`,
 * `-Wl,-plugin,x.so`, `-Xlinker --plugin`, `-Wp,-fplugin=`, `-fuse-ld=PATH`, `--ld-path=`, `-B DIR`.
 */
const driverCode: Check = (argv) => {
  const out: Effect[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (w === null || w === undefined) continue;
    const passed = /^-W[lpa],/.test(w)
      ? w
      : w === '-Xlinker' || w === '-Xassembler' || w === '-Xpreprocessor'
        ? (argv[i + 1] ?? null)
        : undefined;
    if (passed !== undefined && (passed === null || /plugin|-fuse-ld|--?wrap=|-rpath-link|@/.test(passed)))
      out.push(
        exec(
          'linker_plugin',
          opaque(passed),
          `${String(argv[0])} passes ${passed ?? 'an option'} to the linker or preprocessor, which loads code`,
        ),
      );
    if (/^(-fuse-ld=.*\/|--ld-path=|-B)/.test(w))
      out.push(exec('linker', opaque(w), `${String(argv[0])} ${w} names the linker or tools to run`));
  }
  return out;
};

/** cmake -D variables that name a program cmake or the build runs. */
const cmakeVars: Check = (argv) =>
  argv.flatMap((w, i) => {
    const d = w === '-D' ? (argv[i + 1] ?? null) : w !== null && w.startsWith('-D') ? w.slice(2) : undefined;
    if (d === undefined) return [];
    return d === null ||
      /^CMAKE_(\w+_COMPILER(_LAUNCHER)?|MAKE_PROGRAM|LINKER|\w+_LINKER_LAUNCHER|AR|RANLIB|\w+_CLANG_TIDY|\w+_CPPLINT|\w+_INCLUDE_WHAT_YOU_USE|CROSSCOMPILING_EMULATOR|TOOLCHAIN_FILE|PROJECT_INCLUDE\w*|USER_MAKE_RULES_OVERRIDE\w*)(:\w+)?=/.test(
        d,
      )
      ? [exec('D', opaque(d), `cmake -D ${d ?? ''} names a program or script cmake runs`)]
      : [];
  });

/** JVM tools pass -J options to the JVM: -J-javaagent loads code. */
const jvmTool: Check = (argv) =>
  argv.slice(1).some((w) => w === null || /^-J/.test(w))
    ? [exec('J', opaque(), `${String(argv[0])} -J passes options to the JVM (agents load code)`)]
    : [];

const effects: Readonly<Record<string, Check>> = {
  ctest: wordOptions('ctest', [
    ['--test-command', 'exec'],
    ['-S', 'load'],
    ['-SP', 'load'],
    ['--script', 'load'],
  ]),
  ld: wordOptions('ld', [
    ['--plugin', 'load'],
    ['-plugin', 'load'],
    ['--wrap', 'load'],
  ]),
  'ld.bfd': wordOptions('ld', [
    ['--plugin', 'load'],
    ['-plugin', 'load'],
  ]),
  'ld.gold': wordOptions('ld', [
    ['--plugin', 'load'],
    ['-plugin', 'load'],
  ]),
  ...Object.fromEntries(
    ['javac', 'javadoc', 'jar', 'jshell', 'jlink', 'jdeps', 'keytool', 'jarsigner', 'jpackage', 'native-image'].map((n) => [n, jvmTool]),
  ),
  make,
  gmake: make,
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
  cmake: also(cmakeVars, (argv) => {
    const i = argv.indexOf('-E');
    return i >= 0 && (argv[i + 1] === null || ['env', 'chdir', 'time'].includes(argv[i + 1] ?? ''))
      ? [exec('E', opaque(), `cmake -E ${argv[i + 1] ?? ''} runs a command`)]
      : [];
  }),
  cargo,
  rustup,
  go: goTool,
  cc: also(compiler, driverCode),
  gcc: also(compiler, driverCode),
  'g++': also(compiler, driverCode),
  'c++': also(compiler, driverCode),
  clang: also(compiler, driverCode),
  'clang++': also(compiler, driverCode),
  rustc,
  mvn: maven,
  mvnw: maven,
};

const subcommands: Readonly<Record<string, SubcommandSpec>> = {
  cargo: {
    grammar: { shortValue: 'ZC', longValue: ['color', 'config', 'explain', 'manifest-path'], noAbbrev: true },
    flags: [...HELP, '-vv', '--verbose', '-q', '--quiet', '--locked', '--offline', '--frozen', '--list'],
    plusToolchain: true,
  },
  rustup: { grammar: { noAbbrev: true }, flags: [...HELP, '--verbose', '-q', '--quiet'], plusToolchain: true },
  go: { grammar: { shortValue: 'C', noAbbrev: true, singleDashLong: false }, flags: HELP },
  dotnet: { grammar: { noAbbrev: true }, flags: [...HELP, '-d', '--diagnostics', '--info', '--list-sdks', '--list-runtimes'] },
};

const aliases: Readonly<Record<string, Resolver>> = {
  cargo: table(CARGO_ALIASES),
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  make: { match: [['make -f -', '#file-[-?-]']], notMatch: ['make'] },
  gcc: { match: [['gcc -wrapper rm x.c', '#wrapper']], notMatch: ['gcc -o x x.c'] },
  cargo: { notMatch: ['cargo b'] },
  rustup: { match: [['rustup toolchain link x /tmp/x', '#link']], notMatch: ['rustup default stable'] },
};

export const RULES: readonly ProgramRule[] = rules('build', { effects, subcommands, aliases }, EXAMPLES);
