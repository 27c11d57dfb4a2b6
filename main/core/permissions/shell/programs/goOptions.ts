/**
 * go's subcommand option allowlist, from `go help build` and `go help <cmd>` (Go 1.24; the flag
 * package: one or two dashes, `-x=v` or `-x v`, a boolean only as `-x` or `-x=false`, no clusters,
 * no abbreviations). The build flags are shared by build, install, run, test, vet, get, list,
 * clean, generate and fix.
 *
 * `-toolexec`, `-exec` and `-vettool` run a program; `-ldflags` naming the external linker or link
 * mode (`-extld`, `-extar`, `-linkmode`), `-compiler` and `-gccgoflags` switch the toolchain (keys
 * as before); `-o`, `-pkgdir`, `-C`, the test profiles and `-outputdir` outside the project write;
 * `go env -w|-u` changes configuration (GOFLAGS can hold `-toolexec`); `go mod edit -replace` and
 * `go work edit -replace|-use` with a folder outside the project make later builds compile (and
 * `go test` run) code from there, as do `-overlay` and `-modfile` outside it. `go tool` (tools
 * named in go.mod, or any in the tool folder) and subcommands without a table are compound. `go
 * generate` runs the `//go:generate` commands of the project's files, as make runs its recipes.
 */
import { exec, risk, write } from '../effects.js';
import { opaque, optionName, outsideProject } from './kit.js';
import type { Check } from './rule.js';
import { optionTable, subcommandOptions, type OptionHandler, type OptionTable, type TableSpec } from './optionTable.js';

/** The go flag package's names, one or more letters: a one-letter name is also read as a short option. */
const names = (s: string): string =>
  s
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => (/^[A-Za-z](=\??)?(:\w+)?$/.test(t) ? `${t[0]}|${t}` : t))
    .join(' ');

const BUILD = names(
  'C= a n p= race msan asan cover covermode= coverpkg= v work x asmflags= buildmode= buildvcs=? compiler= gccgoflags= gcflags= ' +
    'installsuffix= json ldflags= linkshared mod= modcacherw modfile= overlay= pgo= pkgdir= tags= trimpath toolexec=:exec o=',
);

const TEST = names(
  'args bench= benchmem benchtime= blockprofile= blockprofilerate= count= coverprofile= cpu= cpuprofile= failfast fullpath ' +
    'fuzz= fuzzminimizetime= fuzztime= list= memprofile= memprofilerate= mutexprofile= mutexprofilefraction= outputdir= ' +
    'parallel= run= short shuffle= skip= timeout= trace= vet= c exec=:exec',
);

const VET = names(
  'vettool=:exec c= flags V=? appends asmdecl assign atomic bools buildtag cgocall composites copylocks defers directive ' +
    'errorsas framepointer hostport httpresponse ifaceassert loopclosure lostcancel nilfunc printf printf.funcs= shift ' +
    'sigchanyzer slog stdmethods stdversion stringintconv structtag testinggoroutine tests timeformat unmarshal ' +
    'unreachable unsafeptr unusedresult unusedresult.funcs= unusedresult.stringmethods= waitgroup',
);

const outputPath: OptionHandler = (v, typed) =>
  v === null || v === undefined || outsideProject(v) ? [write(optionName(typed), v ?? null, `go ${typed} writes the file it names`)] : [];

/** `old=new` (or a `-use` folder) whose new side is a folder outside the project; a module path or version is plain. */
const replaced: OptionHandler = (v, typed) => {
  const to = v === null || v === undefined ? null : v.slice(v.indexOf('=') + 1);
  return to === null || outsideProject(to) || /[$`\\]/.test(to)
    ? [exec(optionName(typed), opaque(v ?? null), `go ${typed}: a later build compiles code from the folder it names`)]
    : [];
};

const outsideCode: OptionHandler = (v, typed) =>
  v === null || v === undefined || outsideProject(v)
    ? [exec(optionName(typed), opaque(v ?? null), `go ${typed} builds code named from outside the project`)]
    : [];

const toolchain =
  (name: string): OptionHandler =>
  (v, typed) => [exec(name, opaque(v ?? null), `go ${typed} switches the compiler`)];

const BUILD_HANDLERS: Readonly<Record<string, OptionHandler>> = {
  // -ldflags=-extld=PROG names the external linker; -extar the archiver; -linkmode=external runs it.
  ldflags: (v) =>
    v === null || v === undefined || /extld|extar|linkmode/.test(v)
      ? [exec('ldflags', opaque(v ?? null), 'go -ldflags -extld names a linker program to run')]
      : [],
  compiler: toolchain('compiler'),
  gccgoflags: toolchain('gccgoflags'),
  o: outputPath,
  pkgdir: outputPath,
  C: outputPath,
  // Source files or a go.mod from outside the project: `go test` and `go run` would run that code.
  overlay: outsideCode,
  modfile: outsideCode,
};

const TEST_HANDLERS: Readonly<Record<string, OptionHandler>> = Object.fromEntries(
  ['blockprofile', 'coverprofile', 'cpuprofile', 'memprofile', 'mutexprofile', 'trace', 'outputdir'].map((k) => [k, outputPath]),
);

const build = (own: string, extra: Partial<TableSpec> = {}): OptionTable =>
  optionTable({
    options: [names(own), BUILD],
    singleDashLong: true,
    equalsShort: true,
    ...extra,
    handlers: { ...BUILD_HANDLERS, ...extra.handlers },
  });

const plain = (own: string, extra: Partial<TableSpec> = {}): TableSpec => ({
  options: names(own),
  singleDashLong: true,
  equalsShort: true,
  ...extra,
});

const envChange: OptionHandler = () => [risk('env-w', 'go env -w changes Go configuration, which can name programs to run')];

const subOptions = subcommandOptions('go', {
  tables: {
    build: build(''),
    install: build(''),
    run: build('exec=:exec', { stopAtOperand: true }),
    test: optionTable({
      options: [TEST, BUILD],
      singleDashLong: true,
      equalsShort: true,
      ends: ['-args', '--args'],
      handlers: { ...BUILD_HANDLERS, ...TEST_HANDLERS },
    }),
    vet: optionTable({ options: [VET, BUILD], singleDashLong: true, equalsShort: true, handlers: BUILD_HANDLERS }),
    get: build('d t u=? insecure tool'),
    list: build('f= json=? m u versions retracted deps e export find test compiled reuse='),
    clean: build('i r cache testcache modcache fuzzcache'),
    generate: build('run= skip='),
    fix: build('fix= diff'),
    fmt: optionTable(plain('n x mod=')),
    env: optionTable(plain('json u w changed', { handlers: { u: envChange, w: envChange } })),
    version: optionTable(plain('m v json')),
    doc: optionTable(plain('all c cmd short src u http=?')),
    bug: optionTable(plain('')),
    help: optionTable(plain('')),
    mod: optionTable({
      options: '',
      subsOnly: true,
      subs: {
        download: plain('json x reuse='),
        edit: plain(
          'fmt module= go= toolchain= require= droprequire= exclude= dropexclude= replace= dropreplace= retract= dropretract= ' +
            'godebug= dropgodebug= tool= droptool= ignore= dropignore= json print',
          { handlers: { replace: replaced } },
        ),
        graph: plain('go= x'),
        init: plain(''),
        tidy: plain('e v x go= compat= diff'),
        vendor: plain('e v o=', { handlers: { o: outputPath } }),
        verify: plain(''),
        why: plain('m vendor'),
      },
    }),
    work: optionTable({
      options: '',
      subsOnly: true,
      subs: {
        init: plain(''),
        use: plain('r'),
        edit: plain('fmt godebug= dropgodebug= go= toolchain= replace= dropreplace= use= dropuse= json print', {
          handlers: { replace: replaced, use: replaced },
        }),
        sync: plain(''),
        vendor: plain('e v o=', { handlers: { o: outputPath } }),
      },
    }),
  },
});

/** `go -C DIR build`: the global -C runs the subcommand in DIR, whose outputs land there. */
export const goOptions: Check = (argv, sub, program) => {
  const out = subOptions(argv, sub, program);
  const end = sub.index ?? argv.length;
  for (let i = 1; i < end; i++) {
    const w = argv[i];
    const v = w === '-C' || w === '--C' ? (argv[i + 1] ?? null) : w?.match(/^--?C=(.*)$/)?.[1];
    if (v === undefined) continue;
    for (const e of outputPath(v, w ?? '-C', { where: 'go' })) out.push(e);
  }
  // `go work use DIR`: later builds (and `go test`) take that module's code.
  if (sub.subcommand === 'work' && sub.index !== undefined && argv[sub.index + 1] === 'use')
    for (const w of argv.slice(sub.index + 2))
      if (w === null || (!w.startsWith('-') && (outsideProject(w) || /[$`\\]/.test(w))))
        out.push(exec('use', opaque(w), 'go work use: later builds compile the code of the folder it names'));
  return out;
};
