/**
 * Build tools, compilers and linkers: make, cmake, cc/gcc/clang, rustc, cargo, rustup, go, mvn, dotnet, TeX. Compiler plugins, linkers, makefiles from stdin and `-C linker=` name programs or load code.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, risk, write, type Effect } from '../effects.js';
import type { Arg, OptItem } from '../options.js';
import { opaque, argvOf, HELP, table, also, outsideProject, itemsOf } from './kit.js';
import { cmakeAllowlist } from './cmake.js';
import { ctest } from './ctest.js';
import { goOptions } from './goOptions.js';
import { ldBfd, ldGold } from './linkers.js';
import { driverAllowlist } from './compilerDriver.js';
import { optionTable, readItems, subcommandOptions } from './optionTable.js';
import { JDK_TOOLS } from './jdkTools.js';
import { latexmk, TEX_ENGINES, texEngine } from './tex.js';
import { dotnet } from './dotnet.js';
import { maven } from './maven.js';
import { programOptions } from './programOptions.js';
import { rules, type Check, type SubcommandSpec, type Resolver, type ProgramRule, type Examples } from './rule.js';

/** Variables conventionally used as switches (kbuild's V, automake's V, Q, DEBUG …), an allowlist. */
const MAKE_SWITCH_VARS = /^(V|VERBOSE|Q|QUIET|DEBUG|NDEBUG|RELEASE|BUILD_TYPE|CONFIG|W|NO_COLOR|COLOR|JOBS|NPROC|TEST|TESTS|CHECK)$/;

/**
 * GNU make's options, from `make --help` (4.3; getopt_long). `-f -` (recipes from standard input)
 * and `--eval` (recipe text on the line) are keyed; `-f FILE` is allowed: make runs the project's
 * recipes anyway, whichever makefile holds them.
 */
/** A makefile read from standard input or a descriptor is recipe text the key cannot show. */
const makefileFrom = (v: Arg | undefined): Effect[] =>
  v === undefined || v === null || /^(-|\/dev\/(stdin|fd\/.*)|\/proc\/.*)$/.test(v)
    ? [exec('file', opaque(), 'make -f reads recipes from standard input or a descriptor')]
    : [];

/** `-f FILE`: from standard input, or outside the project, recipes the key cannot show. */
const makefileAt = (v: Arg | undefined): Effect[] =>
  typeof v === 'string' && outsideProject(v) ? [exec('file', opaque(v), 'make -f runs a makefile outside the project')] : makefileFrom(v);

const MAKE = optionTable({
  abbrev: true,
  options: [
    'b| m| B|always-make C|directory= d| debug=? e|environment-overrides E|eval= f|file= makefile= h|help i|ignore-errors',
    'I|include-dir= j|jobs=? k|keep-going l|load-average=? max-load=? L|check-symlink-times n|just-print dry-run recon',
    'o|old-file= assume-old= O|output-sync=? p|print-data-base q|question r|no-builtin-rules R|no-builtin-variables s|silent',
    'quiet no-silent S|no-keep-going stop t|touch trace v|version w|print-directory no-print-directory W|what-if= new-file=',
    'assume-new= warn-undefined-variables jobserver-auth= jobserver-fds= jobserver-style= shuffle=?',
  ],
  handlers: {
    // -C DIR runs DIR's makefile: outside the project, code the project does not hold.
    directory: (v) =>
      v === undefined || v === null || outsideProject(v)
        ? [exec('directory', opaque(v ?? null), 'make -C runs the makefile of a folder outside the project')]
        : [],
    file: makefileAt,
    makefile: makefileAt,
    eval: (v) => [exec('eval', opaque(v ?? null), 'make --eval adds recipe text that runs shell commands')],
  },
});

/** make's operands: `NAME=VALUE` overrides a variable recipes expand into shell commands. */
function makeVariables(items: readonly OptItem[]): Effect[] {
  const out: Effect[] = [];
  for (const it of items) {
    if (it.kind !== 'operand') continue;
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
  return out;
}

/** make: its options read with the table, and its `NAME=VALUE` operands. */
const make: Check = (argv) => {
  const r = itemsOf(MAKE, argv);
  return [...r.effects, ...makeVariables(r.items)];
};

/**
 * `cargo +/path/to/toolchain build`: rustup runs the toolchain found at that path. A global
 * `--config` before the subcommand can name programs (the subcommand's own: CARGO_OPTIONS).
 */
function cargo(argv: readonly Arg[], sub: { index?: number }): Effect[] {
  const out: Effect[] = [];
  if (typeof argv[1] === 'string' && /^\+.*[/\\]/.test(argv[1]))
    out.push(exec('toolchain', argvOf([argv[1].slice(1)]), 'cargo +<path> runs a toolchain from a folder'));
  const globals = argv.slice(1, sub.index ?? argv.length);
  globals.forEach((w, i) => {
    if (w === '--config' || w?.startsWith('--config=') === true) {
      const value = w === '--config' ? (globals[i + 1] ?? null) : w.slice('--config='.length);
      out.push({
        flag: 'config',
        value,
        runs: opaque(value),
        note: 'cargo --config sets configuration that can name programs (runner, rustc-wrapper, linker)',
      });
    }
  });
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

const RUSTUP_RUN = optionTable({ options: 'install h|help', stopAtOperand: true });

function rustup(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  if (sub.subcommand !== 'run' || sub.index === undefined) return rustupLink(argv, sub);
  // `rustup run [--install] <toolchain> <command>…` (rustup run --help).
  const r = readItems(RUSTUP_RUN, argv, sub.index + 1, 'rustup run');
  if (r.unknown) return r.effects;
  const cmd = r.rest === undefined ? argv.length : r.rest + 1;
  const runs = cmd >= argv.length ? { kind: 'none' as const } : argv[cmd] === null ? opaque() : argvOf(argv.slice(cmd));
  return [exec('run', runs, 'rustup run runs a program with a toolchain')];
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

/** `-C` settings that only tune code generation (rustc -C help); linker, link-arg(s), llvm-args, passes and ar are not here. */
const RUSTC_CODEGEN_SAFE = new Set(
  (
    'opt-level debuginfo target-cpu target-feature lto codegen-units panic incremental strip embed-bitcode overflow-checks ' +
    'debug-assertions relocation-model code-model force-frame-pointers prefer-dynamic rpath metadata extra-filename ' +
    'split-debuginfo instrument-coverage profile-use link-dead-code soft-float no-redzone control-flow-guard inline-threshold ' +
    'symbol-mangling-version default-linker-libraries link-self-contained relro-level dwarf-version jump-tables ' +
    'collapse-macro-debuginfo linker-flavor save-temps no-prepopulate-passes no-vectorize-loops no-vectorize-slp remark ' +
    'force-unwind-tables instrument-mcount dlltool-dont-care'
  ).split(' '),
);

/**
 * rustc's options (`rustc --help -v`, 1.95; getopts: no abbreviations). `-C` keys are an allowlist
 * of code-generation settings (`-C linker=PROG` runs a program, `-C link-arg` reaches the linker);
 * `-Z` is unstable and can load a codegen backend; `--extern name=PATH` loads a crate (a proc-macro
 * runs in the compiler); outputs outside the project are keyed. `@file` reads more arguments.
 */
const rustcOptions = programOptions('rustc', {
  options: [
    'h|help cfg= check-cfg= L|= l|= crate-type= crate-name= edition= emit= print= g| O| o|= out-dir= explain= test target=',
    'A|allow= W|warn= force-warn= D|deny= F|forbid= cap-lints= C|codegen= V|version v|verbose extern= sysroot= error-format=',
    'json= color= diagnostic-width= remap-path-prefix= remap-path-scope= Z|=:load',
  ],
  handlers: {
    codegen: (v, typed) =>
      v !== null &&
      v !== undefined &&
      RUSTC_CODEGEN_SAFE.has(v.split('=')[0]!) &&
      !(v.startsWith('profile-generate') || v.startsWith('incremental=/'))
        ? []
        : [exec('C', opaque(v ?? null), `rustc ${typed} ${v ?? ''} names a program or reaches the linker`)],
    extern: (v, typed) =>
      v === null || v === undefined || v.includes('=')
        ? [exec('extern', opaque(v ?? null), `rustc ${typed} loads the crate it names (a proc-macro runs in the compiler)`)]
        : [],
    o: (v, typed) =>
      v === null || v === undefined || outsideProject(v) ? [write('o', v ?? null, `rustc ${typed} writes the file it names`)] : [],
    'out-dir': (v, typed) =>
      v === null || v === undefined || outsideProject(v)
        ? [write('out-dir', v ?? null, `rustc ${typed} writes into the folder it names`)]
        : [],
    emit: (v, typed) =>
      v === null || v === undefined || /=/.test(v) ? [write('emit', v ?? null, `rustc ${typed} writes the file it names`)] : [],
    print: (v, typed) =>
      v === null || v === undefined || /=/.test(v) ? [write('print', v ?? null, `rustc ${typed} writes the file it names`)] : [],
  },
});

/** `rustc @file` reads more arguments from the file: what they do cannot be known. */
const argFiles: Check = (argv) =>
  argv.slice(1).some((w) => w === null || w.startsWith('@'))
    ? [exec('argfile', opaque(), `${String(argv[0])} @file reads arguments from a file`)]
    : [];

const rustc = also(rustcOptions, argFiles);

/**
 * cargo's subcommand options (`cargo <sub> --help`, cargo 1.95; clap: no abbreviations). `--config`
 * can name programs (runner, rustc-wrapper, linker) and `-Z` turns on unstable behaviour: both are
 * keyed. A subcommand without a table (an external `cargo-X`, such as `cargo watch -x`) is compound.
 * Words after `--` belong to the program run (`cargo run -- args`, `cargo test -- --nocapture`),
 * except for `cargo rustc|rustdoc|clippy --`, whose words go to the compiler: read as rustc's.
 * `cargo update -p/--package` and `--aggressive` are hidden (the old spellings of SPEC and --recursive).
 */
const CARGO_OPTIONS: Readonly<Record<string, string>> = {
  build:
    'future-incompat-report message-format= v|verbose q|quiet color= config=:load Z|=:config h|help p|package=? workspace exclude= all lib bins bin=? examples example=? tests test=? benches bench=? all-targets F|features= all-features no-default-features r|release profile= j|jobs= keep-going target=? target-dir= artifact-dir= unit-graph timings manifest-path= ignore-rust-version locked offline frozen',
  check:
    'future-incompat-report message-format= v|verbose q|quiet color= config=:load Z|=:config h|help p|package=? workspace exclude= all lib bins bin=? examples example=? tests test=? benches bench=? all-targets F|features= all-features no-default-features j|jobs= keep-going r|release profile= target=? target-dir= unit-graph timings manifest-path= ignore-rust-version locked offline frozen',
  test: 'no-run no-fail-fast future-incompat-report message-format= q|quiet v|verbose color= config=:load Z|=:config h|help p|package=? workspace exclude= all lib bins bin=? examples example=? tests test=? benches bench=? all-targets doc F|features= all-features no-default-features j|jobs= r|release profile= target=? target-dir= unit-graph timings manifest-path= ignore-rust-version locked offline frozen',
  run: 'message-format= v|verbose q|quiet color= config=:load Z|=:config h|help p|package=? bin=? example=? F|features= all-features no-default-features j|jobs= keep-going r|release profile= target=? target-dir= unit-graph timings manifest-path= ignore-rust-version locked offline frozen',
  clippy:
    'future-incompat-report message-format= v|verbose q|quiet color= config=:load Z|=:config h|help p|package=? workspace exclude= all lib bins bin=? examples example=? tests test=? benches bench=? all-targets F|features= all-features no-default-features j|jobs= keep-going r|release profile= target=? target-dir= unit-graph timings manifest-path= ignore-rust-version locked offline frozen no-deps fix explain=?',
  fmt: 'q|quiet v|verbose version p|package= manifest-path= message-format= all check h|help',
  doc: 'open no-deps document-private-items message-format= v|verbose q|quiet color= config=:load Z|=:config h|help p|package=? workspace exclude= all F|features= all-features no-default-features lib bins bin=? examples example=? j|jobs= keep-going r|release profile= target=? target-dir= unit-graph timings manifest-path= ignore-rust-version locked offline frozen',
  bench:
    'no-run no-fail-fast message-format= v|verbose q|quiet color= config=:load Z|=:config h|help p|package=? workspace exclude= all lib bins bin=? examples example=? tests test=? benches bench=? all-targets F|features= all-features no-default-features j|jobs= profile= target=? target-dir= unit-graph timings manifest-path= ignore-rust-version locked offline frozen',
  install:
    'version= index= registry= git= branch= tag= rev= path= root=:write f|force n|dry-run no-track list message-format= debug v|verbose q|quiet color= config=:load Z|=:config h|help ignore-rust-version locked offline frozen bin=? bins example=? examples F|features= all-features no-default-features j|jobs= keep-going profile= target=? target-dir= timings',
  add: 'no-default-features default-features F|features= optional no-optional public no-public rename= n|dry-run v|verbose q|quiet color= config=:load Z|=:config h|help manifest-path= ignore-rust-version locked offline frozen p|package=? path= base= git= branch= tag= rev= registry= dev build target=',
  remove:
    'n|dry-run v|verbose q|quiet color= config=:load Z|=:config h|help dev build target= p|package=? manifest-path= locked offline frozen',
  new: 'vcs= bin lib edition= name= registry= v|verbose q|quiet color= config=:load Z|=:config h|help locked offline frozen',
  init: 'vcs= bin lib edition= name= registry= v|verbose q|quiet color= config=:load Z|=:config h|help locked offline frozen',
  update:
    'n|dry-run recursive aggressive p|package= precise= b|breaking v|verbose q|quiet color= config=:load Z|=:config h|help w|workspace manifest-path= ignore-rust-version locked offline frozen',
  tree: 'e|edges= i|invert=? prune= depth= prefix= no-dedupe d|duplicates charset= f|format= v|verbose q|quiet color= config=:load Z|=:config h|help p|package=? workspace exclude= F|features= all-features no-default-features target=? manifest-path= locked offline frozen',
  metadata:
    'filter-platform= no-deps format-version= v|verbose q|quiet color= config=:load Z|=:config h|help F|features= all-features no-default-features manifest-path= locked offline frozen',
  clean:
    'doc n|dry-run v|verbose q|quiet color= config=:load Z|=:config h|help p|package=? workspace r|release profile= target=? target-dir= manifest-path= locked offline frozen',
  publish:
    'n|dry-run index= registry= no-verify allow-dirty v|verbose q|quiet color= config=:load Z|=:config h|help p|package=? workspace exclude= F|features= all-features no-default-features j|jobs= keep-going target=? target-dir= manifest-path= locked offline frozen',
  fetch: 'v|verbose q|quiet color= config=:load Z|=:config h|help target=? manifest-path= locked offline frozen',
  search: 'limit= index= registry= v|verbose q|quiet color= config=:load Z|=:config h|help locked offline frozen',
  package:
    'index= registry= l|list no-verify no-metadata allow-dirty exclude-lockfile message-format= v|verbose q|quiet color= config=:load Z|=:config h|help p|package=? workspace exclude= F|features= all-features no-default-features target=? target-dir= j|jobs= keep-going manifest-path= locked offline frozen',
  vendor:
    'no-delete s|sync= respect-source-config versioned-dirs v|verbose q|quiet color= config=:load Z|=:config h|help manifest-path= locked offline frozen',
  fix: 'edition edition-idioms broken-code allow-no-vcs allow-dirty allow-staged message-format= v|verbose q|quiet color= config=:load Z|=:config h|help p|package=? workspace exclude= all lib bins bin=? examples example=? tests test=? benches bench=? all-targets F|features= all-features no-default-features j|jobs= keep-going r|release profile= target=? target-dir= timings manifest-path= ignore-rust-version locked offline frozen',
  rustc:
    'print= crate-type= future-incompat-report message-format= v|verbose q|quiet color= config=:load Z|=:config h|help p|package=? lib bins bin=? examples example=? tests test=? benches bench=? all-targets F|features= all-features no-default-features j|jobs= keep-going r|release profile= target=? target-dir= unit-graph timings manifest-path= ignore-rust-version locked offline frozen',
  rustdoc:
    'open message-format= output-format= v|verbose q|quiet color= config=:load Z|=:config h|help p|package=? lib bins bin=? examples example=? tests test=? benches bench=? all-targets F|features= all-features no-default-features j|jobs= keep-going r|release profile= target=? target-dir= unit-graph timings manifest-path= ignore-rust-version locked offline frozen',
  'generate-lockfile':
    'v|verbose q|quiet color= config=:load Z|=:config h|help manifest-path= ignore-rust-version publish-time= locked offline frozen',
  'locate-project':
    'workspace message-format= v|verbose q|quiet color= config=:load Z|=:config h|help manifest-path= locked offline frozen',
  pkgid: 'v|verbose q|quiet color= config=:load Z|=:config h|help p|package=? manifest-path= locked offline frozen',
  'verify-project': 'v|verbose q|quiet color= config=:load Z|=:config h|help manifest-path= locked offline frozen',
  version: 'v|verbose q|quiet color= config=:load Z|=:config h|help locked offline frozen',
  uninstall: 'root= v|verbose q|quiet color= config=:load Z|=:config h|help p|package=? bin= locked offline frozen',
  info: 'index= registry= v|verbose q|quiet color= config=:load Z|=:config h|help locked offline frozen',
};

const cargoOptions = subcommandOptions('cargo', {
  tables: Object.fromEntries(Object.entries(CARGO_OPTIONS).map(([k, v]) => [k, optionTable({ options: v })])),
});

/** `cargo rustc -- -C linker=PROG`: the words after `--` are the compiler's. */
const cargoCompilerArgs: Check = (argv, sub) => {
  if (sub.index === undefined || !['rustc', 'rustdoc', 'clippy'].includes(sub.subcommand ?? '')) return [];
  const dd = argv.indexOf('--', sub.index + 1);
  return dd < 0 ? [] : rustc(['rustc', ...argv.slice(dd + 1)], {}, 'rustc');
};

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

const effects: Readonly<Record<string, Check>> = {
  ctest,
  ld: ldBfd,
  'ld.bfd': ldBfd,
  'ld.gold': ldGold,
  ...JDK_TOOLS,
  make,
  gmake: make,
  ...Object.fromEntries(TEX_ENGINES.map((n) => [n, texEngine])),
  latexmk,
  // cmake -E env|chdir|time … runs a command.
  cmake: also(cmakeAllowlist, cmakeVars, (argv) => {
    const i = argv.indexOf('-E');
    return i >= 0 && (argv[i + 1] === null || ['env', 'chdir', 'time'].includes(argv[i + 1] ?? ''))
      ? [exec('E', opaque(), `cmake -E ${argv[i + 1] ?? ''} runs a command`)]
      : [];
  }),
  cargo: also(cargoOptions, cargo, cargoCompilerArgs),
  rustup,
  go: goOptions,
  cc: also(driverAllowlist, compiler, driverCode),
  gcc: also(driverAllowlist, compiler, driverCode),
  'g++': also(driverAllowlist, compiler, driverCode),
  'c++': also(driverAllowlist, compiler, driverCode),
  clang: also(driverAllowlist, compiler, driverCode),
  'clang++': also(driverAllowlist, compiler, driverCode),
  rustc,
  dotnet,
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
  'ld.bfd': { match: [['ld.bfd -plugin p.so a.o', '#plugin']], notMatch: ['ld.bfd -o app a.o'] },
  'ld.gold': { match: [['ld.gold -plugin p.so a.o', '#plugin']], notMatch: ['ld.gold -o app a.o'] },
  gmake: { match: [['gmake SHELL=sh', '#var-SHELL=sh']], notMatch: ['gmake -j4 test'] },
  cc: { match: [['cc -fplugin=x.so a.c', '#fplugin']], notMatch: ['cc -O2 -c a.c'] },
  'g++': { match: [['g++ -fplugin=x.so a.cc', '#fplugin']], notMatch: ['g++ -O2 -c a.cc'] },
  'c++': { match: [['c++ -fplugin=x.so a.cc', '#fplugin']], notMatch: ['c++ -c a.cc'] },
  clang: { match: [['clang -fplugin=x.so a.c', '#fplugin']], notMatch: ['clang -c a.c'] },
  'clang++': { match: [['clang++ -fplugin=x.so a.cc', '#fplugin']], notMatch: ['clang++ -std=c++20 -c a.cc'] },
  rustc: { match: [['rustc -C linker=sh a.rs', '#C']], notMatch: ['rustc -O a.rs'] },
  make: { match: [['make -f -', '#file-[-?-]']], notMatch: ['make'] },
  gcc: { match: [['gcc -wrapper rm x.c', '#wrapper']], notMatch: ['gcc -o x x.c'] },
  cargo: {
    match: [['cargo update --config build.rustc-wrapper=/tmp/w', '#config']],
    notMatch: ['cargo b', 'cargo update -p serde', 'cargo update --package serde --precise 1.0.0'],
  },
  javac: {
    match: [
      ['javac -J-javaagent:/tmp/a.jar X.java', '#agent'],
      ['javac -J-XX:OnError=id X.java', '#unknown_option'],
      ['javac -J$X X.java', '#unknown_option'],
      ['javac -processorpath ../evil.jar X.java', '#outside'],
      ['javac --processor-path=/tmp/p X.java', '#outside'],
      ['javac -Xplugin:ErrorProne X.java', '#Xplugin'],
      ['javac @opts.txt', '#argfile'],
      ['javac --frob X.java', '#unknown_option'],
    ],
    notMatch: ['javac X.java', 'javac -J-Xmx512m -d out X.java', 'javac -d out -cp lib/a.jar -g:none -Xlint:all --release 17 src/A.java'],
  },
  javadoc: {
    match: [
      ['javadoc -doclet x.Y -docletpath lib/y.jar X.java', '#doclet'],
      ['javadoc -docletpath ../y.jar -doclet x.Y X.java', '#outside'],
      ['javadoc -J-javaagent:a.jar X.java', '#agent'],
      ['javadoc --frob X.java', '#unknown_option'],
    ],
    notMatch: ['javadoc -d docs -sourcepath src -subpackages com.x', 'javadoc -quiet -Xdoclint:none -d build/docs src/A.java'],
  },
  jar: {
    match: [
      ['jar xf ../x.jar', '#outside'],
      ['jar --file=/tmp/x.jar --create -C out .', '#outside'],
      ['jar -J-javaagent:a.jar tf x.jar', '#agent'],
      ['jar --frob tf x.jar', '#unknown_option'],
    ],
    notMatch: ['jar cvf app.jar -C build/classes .', 'jar tf app.jar', 'jar --create --file app.jar --main-class=a.Main -C out .'],
  },
  jshell: {
    match: [
      ['jshell -R-javaagent:/tmp/a.jar', '#agent'],
      ['jshell -C-Xplugin:x', '#Xplugin'],
      ['jshell --startup /tmp/s.jsh', '#outside'],
      ["jshell --execution 'jdi:launch(true)'", '#execution'],
    ],
    notMatch: ['jshell', 'jshell -q --class-path target/classes'],
  },
  jlink: {
    match: [
      ['jlink --strip-native-debug-symbols objcopy=/tmp/x --add-modules java.base --output img', '#objcopy'],
      ['jlink --add-modules java.base --output /tmp/img', '#outside'],
      ['jlink --frob', '#unknown_option'],
    ],
    notMatch: [
      'jlink --add-modules java.base --output build/img --strip-debug --no-man-pages',
      'jlink -p mods --add-modules app -G --output build/image',
    ],
  },
  jdeps: {
    match: [
      ['jdeps --dot-output /tmp/d app.jar', '#outside'],
      ['jdeps -J-javaagent:a.jar app.jar', '#agent'],
      ['jdeps --frob app.jar', '#unknown_option'],
    ],
    notMatch: ['jdeps -s app.jar', 'jdeps --print-module-deps --ignore-missing-deps target/app.jar'],
  },
  jarsigner: {
    match: [
      ['jarsigner -altsigner x.Y app.jar a', '#altsigner'],
      ['jarsigner -providerClass x.Y app.jar a', '#providerClass'],
      ['jarsigner -conf https://x/opts app.jar a', '#conf'],
      ['jarsigner -keystore ~/ks.jks app.jar a', '#outside'],
    ],
    notMatch: ['jarsigner -keystore ks.jks app.jar alias', 'jarsigner -verify -verbose:summary app.jar'],
  },
  jpackage: {
    match: [
      ["jpackage --jlink-options '--strip-native-debug-symbols objcopy=/tmp/x' --name a", '#objcopy'],
      ['jpackage --jlink-options=--frob --name a', '#unknown_option'],
      ['jpackage --dest /tmp/out --name a --input target --main-jar a.jar', '#outside'],
    ],
    notMatch: ['jpackage --name app --input target --main-jar app.jar --type deb', 'jpackage -n app -i target --main-jar app.jar -d dist'],
  },
  keytool: {
    match: [
      ['keytool -list -providerclass x.Y -keystore ks.jks', '#providerclass'],
      ['keytool -list -providerpath ../p.jar -keystore ks.jks', '#outside'],
      ['keytool -list -conf https://x/o', '#conf'],
      ['keytool -list --frob', '#unknown_option'],
    ],
    notMatch: [
      'keytool -genkeypair -alias a -keyalg RSA -keystore ks.jks -storepass changeit -dname CN=x',
      'keytool -list -keystore ks.jks -storepass:env PW',
      'keytool -printcert -file cert.pem',
    ],
  },
  'native-image': {
    match: [
      ['native-image --native-compiler-path=/tmp/cc -jar a.jar', '#native_compiler_path'],
      ['native-image -H:CCompilerPath=cc.sh -jar a.jar', '#H'],
      ['native-image --vm.javaagent:x.jar -jar a.jar', '#agent'],
      ['native-image -J-javaagent:x.jar -jar a.jar', '#agent'],
      ['native-image --frob -jar a.jar', '#unknown_option'],
    ],
    notMatch: [
      'native-image -jar app.jar -o app --no-fallback',
      'native-image -H:+ReportExceptionStackTraces -O2 -cp target/classes app.Main',
    ],
  },
  mvn: {
    match: [
      ['mvn -f ../pom.xml test', '#file'],
      ['mvn -f../pom.xml test', '#file'],
      ['mvn --file=../pom.xml test', '#file'],
      ['mvn -fil ../x test', '#file'],
      ['mvn -gs /etc/x.xml verify', '#settings'],
      ['mvn --settings=~/s.xml verify', '#settings'],
      ['mvn -t ../toolchains.xml verify', '#toolchains'],
      ['mvn -Dmaven.repo.local=../x install', '#D'],
      ['mvn -D maven.ext.class.path=x.jar install', '#D'],
      ['mvn -DargLine=-javaagent:/tmp/a.jar test', '#D'],
      ['mvn exec:exec -Dexec.executable=sh', '#exec'],
      ['mvn org.codehaus.mojo:exec-maven-plugin:3.1.0:exec', '#exec'],
      ['mvn com.x:evil:1.0:run', '#plugin'],
      ['mvn -l /tmp/x.log test', '#log_file'],
      ['mvn --frob test', '#unknown_option'],
    ],
    notMatch: [
      'mvn test',
      'mvn clean install',
      'mvn -q package -DskipTests',
      'mvn -Dtest=FooTest#bar test',
      'mvn -pl core -am -T 1C install',
      'mvn -B -ntp -s .mvn/settings.xml verify -Drevision=1.2.3',
      'mvn dependency:tree -DoutputFile=tree.txt',
      'mvn spring-boot:run -Dspring-boot.run.profiles=dev',
      'mvn -q -B verify',
      'mvn -U clean install -T 4',
    ],
  },
  // One TeX table for every engine and format: each carries the same attacks and everyday lines.
  ...Object.fromEntries(
    TEX_ENGINES.map((n) => [
      n,
      {
        match: [
          [`${n} -shell-escape doc.tex`, '#shell_escape'],
          [`${n} --shell-escape doc.tex`, '#shell_escape'],
          [`${n} -shell-esc doc.tex`, '#shell_escape'],
          [`${n} --enable-write18 doc.tex`, '#shell_escape'],
          [`${n} -cnf-line=shell_escape=t doc.tex`, '#cnf_line'],
          [`${n} -cnf-line shell_escape=t doc.tex`, '#cnf_line'],
          [`${n} -output-driver=sh doc.tex`, '#output_driver'],
          [`${n} --lua=init.lua doc.tex`, '#lua'],
          [`${n} -output-directory=/tmp/o doc.tex`, '#outside'],
          [`${n} -aux-directory ../aux doc.tex`, '#outside'],
          [`${n} '&/tmp/fmt' doc.tex`, '#format'],
          [`${n} -sh doc.tex`, '#unknown_option'],
          [`${n} -frob doc.tex`, '#unknown_option'],
        ],
        notMatch: [
          `${n} doc.tex`,
          `${n} -interaction=nonstopmode -halt-on-error -output-directory=build doc.tex`,
          `${n} -synctex=1 -file-line-error -no-shell-escape main.tex`,
          `${n} -jobname final -recorder main.tex`,
        ],
      },
    ]),
  ),
  latexmk: {
    match: [
      ['latexmk -e "$pdf_mode=1" main.tex', '#e'],
      ["latexmk -pdflatex='sh -c id' main.tex", '#pdflatex'],
      ['latexmk --lualatex=./x main.tex', '#lualatex'],
      ['latexmk -latexoption=-shell-escape main.tex', '#shell_escape'],
      ['latexmk --shell-escape -pdf main.tex', '#shell_escape'],
      ['latexmk -r ../rc main.tex', '#outside'],
      ['latexmk -dF ./filter main.tex', '#dF'],
      ['latexmk -outdir=/tmp/o main.tex', '#outside'],
      ['latexmk -frob main.tex', '#unknown_option'],
      ['latexmk -rfoo main.tex', '#unknown_option'],
    ],
    notMatch: [
      'latexmk -pdf main.tex',
      'latexmk -pdf -outdir=build -interaction=nonstopmode -synctex=1 main.tex',
      'latexmk -c',
      'latexmk -pvc -lualatex main.tex',
    ],
  },
  dotnet: {
    match: [
      ['dotnet build -p:CscToolExe=/tmp/x', '#p'],
      ['dotnet build /p:CscToolPath=/tmp', '#p'],
      ['dotnet build --property:RunCommand=sh', '#p'],
      ['dotnet build --property RunCommand=sh', '#p'],
      ['dotnet run --project ../other', '#project'],
      ['dotnet run --project=../other', '#project'],
      ['dotnet publish -o /tmp/out', '#output'],
      ['dotnet test --logger:/tmp/x.dll', '#logger'],
      ['dotnet build -logger:x.dll', '#logger'],
      ['dotnet test --test-adapter-path ./x', '#test_adapter_path'],
      ['dotnet test -s my.runsettings', '#settings'],
      ['dotnet restore --source https://evil/v3/index.json', '#source'],
      ['dotnet tool install -g dotnet-ef', '#global'],
      ['dotnet nuget add source https://x', '#nuget_add'],
      ['dotnet new install Evil.Templates', '#new_install'],
      ['dotnet workload install wasm-tools', '#workload_install'],
      ['dotnet frob', '#unknown_option'],
      ['dotnet build --frob', '#unknown_option'],
    ],
    notMatch: [
      'dotnet build',
      'dotnet test',
      'dotnet run',
      'dotnet build -c Release -p:Configuration=Release /p:Version=1.2.3',
      'dotnet run --project src/App',
      'dotnet publish -c Release -o out',
      'dotnet test --filter Category=Unit --logger trx',
      'dotnet tool restore',
      'dotnet add package Newtonsoft.Json',
      'dotnet build -bl -tl:off',
      'dotnet restore',
      'dotnet new console -n App',
      'dotnet dev-certs https --trust',
    ],
  },
  mvnw: {
    match: [
      ['mvnw -f ../other test', '#file'],
      ['mvnw -Dexec.executable=sh exec:exec', '#D'],
    ],
    notMatch: ['mvnw -Pprod package', 'mvnw -U clean verify'],
  },
  ld: {
    match: [
      ['ld -plugin /tmp/p.so a.o', '#plugin'],
      ['ld --frob a.o', '#unknown_option'],
      ['ld @args', '#argfile'],
    ],
    notMatch: ['ld -shared -o libx.so a.o -lm'],
  },
  ctest: {
    match: [
      ['ctest -S s.cmake', '#S'],
      ['ctest --test-command ./x', '#test_command'],
    ],
    notMatch: ['ctest --output-on-failure -j 4'],
  },
  go: {
    match: [
      ['go build -toolexec=./x .', '#toolexec'],
      ['go build -o /tmp/app .', '#o->-/tmp/app'],
      ['go tool x', '#unknown_option'],
    ],
    notMatch: ['go test -race -run TestX ./...', 'go mod tidy'],
  },
  rustup: {
    match: [
      ['rustup toolchain link x /tmp/x', '#link'],
      ['rustup run stable cargo build', '#run'],
      ['rustup update --evil', '#unknown_option'],
    ],
    notMatch: ['rustup default stable', 'rustup show', 'rustup component add clippy', 'rustup +nightly show'],
  },
  cmake: {
    match: [
      ['cmake -C /tmp/init.cmake .', '#C'],
      ['cmake -P /tmp/s.cmake', '#P'],
      ['cmake --toolchain /tmp/t.cmake -B build', '#toolchain'],
      ['cmake -E rm -rf /tmp/x', '#E'],
      ['cmake --build . -- --eval=x', '#native'],
      ['cmake --graphviz=/tmp/g.dot .', '#graphviz->-/tmp/g.dot'],
      ['cmake --frobnicate .', '#unknown_option'],
    ],
    notMatch: [
      'cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -G Ninja',
      'cmake --build build --target all -j 8 --config Release',
      'cmake --build build -- -j4',
      'cmake --install build --prefix dist',
      'cmake -E echo hi',
      'cmake --version',
    ],
  },
};

const JDK = Object.keys(JDK_TOOLS);
const TEX = [...TEX_ENGINES, 'latexmk'];

export const RULES: readonly ProgramRule[] = rules(
  'build',
  {
    effects,
    subcommands,
    aliases,
    // Read whole with option tables: ctest.ts, linkers.ts, the make table, compilerDriver.ts, cargo's and go's.
    allowlist: [
      'ctest',
      'ld',
      'ld.bfd',
      'ld.gold',
      'make',
      'gmake',
      'cmake',
      'cargo',
      'go',
      'cc',
      'gcc',
      'g++',
      'c++',
      'clang',
      'clang++',
      'rustc',
      'mvn',
      'mvnw',
      'dotnet',
      ...JDK,
      ...TEX,
    ],
    // The JDK and TeX tools' operands are source files, jars, documents and folders: the default's checks apply to them too.
    withDefaults: [...JDK, ...TEX],
  },
  EXAMPLES,
);
