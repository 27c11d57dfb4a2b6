/**
 * Option allowlists of the interpreters (docs/permissions.md, "Option allowlists per program"):
 * python (`python3 --help`, `--help-xoptions`), node (`node --help`, node 20, plus the V8 flags
 * people type), ruby (`ruby -h`/ruby(1)), perl (perlrun) and java (`java -help`, `java -X`). The
 * options before the script, module or class are read with the table; everything after it is the
 * script's. An option not listed is compound. Inline code (`-c`, `-e`, `--import` …) is keyed by
 * the table's `code` handlers: opaque, pinned by its hash. The handlers the other interpreters'
 * tables share (languageOptions.ts) are here too.
 */
import { exec, write, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { opaque } from './kit.js';
import { unknown, type OptionHandler, type TableSpec } from './optionTable.js';
import type { Check } from './rule.js';

const loads = (flag: string, v: Arg | undefined, why: string): Effect[] => [exec(flag, opaque(v ?? null), why)];

/**
 * An option whose value is code the interpreter runs (`-c`, `-e`, `--eval`): opaque, pinned by
 * its hash. The key names the option as typed: its letter (`-e`, `-ne`), or its long name.
 */
export const code =
  (letter: string | undefined, long?: string): OptionHandler =>
  (v, typed, at) => {
    const asLong = letter === undefined || (long !== undefined && typed.startsWith('--'));
    const flag = asLong ? long! : letter;
    return loads(flag, v, `${at.where} ${asLong ? '--' : '-'}${flag} runs inline code`);
  };

/** An option keyed with its value, for the reason given (a debugger's arguments, a boot script). */
export const keyed =
  (flag: string, why: string): OptionHandler =>
  (v, typed, at) =>
    loads(flag, v, `${at.where} ${typed.split('=')[0]!} ${why}`);

/** `-i`/`-i.bak`: the files named after the script are edited in place. */
export const inPlace =
  (flag: string): OptionHandler =>
  (_v, typed, at) => [write(flag, null, `${at.where} ${typed.slice(0, 2)} edits files in place`)];

/** A folder that is inside the project: relative, no `..`, no home or absolute path. */
export const inProject = (v: Arg | undefined): boolean =>
  typeof v === 'string' && v !== '' && !/^[/~\\]|^[A-Za-z]:|(^|[/\\])\.\.([/\\]|$)/.test(v);

/** python -X: the implementation options that only tune or report (`python3 --help-xoptions`). */
const PY_X =
  /^(dev|utf8(=[01])?|importtime(=[12])?|faulthandler|tracemalloc(=\d+)?|showrefcount|warn_default_encoding|no_debug_ranges|int_max_str_digits=\d+|frozen_modules=(on|off)|perf|cpu_count=(\d+|default)|gil=[01]|showalloccount)$/;

const pythonX: OptionHandler = (v, typed, at) => {
  if (typeof v === 'string' && PY_X.test(v)) return [];
  if (typeof v === 'string' && v.startsWith('pycache_prefix='))
    return [write('X', v.slice(15), `${at.where} -X pycache_prefix writes bytecode there`)];
  return [unknown(at.where, `${typed} ${v ?? '?'}`)];
};

export const PYTHON_TABLE: TableSpec = {
  options:
    'b| B| c|= d| E| h| ?| help i| I| m|= O| P| q| R| s| S| u| v| V| version x| 3| W|= X|= Q|= ' +
    'check-hash-based-pycs= help-env help-xoptions help-all',
  stopAtOperand: true,
  stopAfter: ['c', 'm'],
  handlers: { X: pythonX, c: code('c') },
};

/** node (and deno, tsx) --inspect*: a debugger any local process can drive; plain on the loopback, keyed on another host. */
export const inspect: OptionHandler = (v, typed, at) => {
  if (v === undefined || (typeof v === 'string' && /^((127\.0\.0\.1|localhost|\[::1\]):)?\d{1,5}$/.test(v))) return [];
  return [exec('inspect', opaque(v), `${at.where} ${typed} opens a debugger (it runs any code sent to it) on that address`)];
};

/** node --env-file: its NODE_OPTIONS is applied (`--require` …): plain for a file of the project, keyed outside it. */
const envFile: OptionHandler = (v, typed, at) =>
  inProject(v) ? [] : loads('env-file', v, `${at.where} ${typed} reads NODE_OPTIONS (modules to load) from a file outside the project`);

const NODE_REPORTERS = new Set(['spec', 'tap', 'dot', 'junit', 'lcov']);
const testReporter: OptionHandler = (v, typed, at) =>
  typeof v === 'string' && NODE_REPORTERS.has(v) ? [] : loads('test-reporter', v, `${at.where} ${typed} loads a reporter module`);
const reporterDestination: OptionHandler = (v, typed, at) =>
  v === 'stdout' || v === 'stderr' ? [] : [write('test-reporter-destination', v ?? null, `${at.where} ${typed} writes the file it names`)];

export const NODE_TABLE: TableSpec = {
  options:
    // Node's own options (node 20 `node --help`); inline code and loaders keyed by interpreters.ts.
    'e|eval= p|print= r|require= import= loader= experimental-loader= c|check i|interactive h|help v|version C|conditions= ' +
    'env-file= env-file-if-exists= input-type= title= test test-only test-name-pattern= test-skip-pattern= test-concurrency= test-timeout= ' +
    'test-shard= test-force-exit test-update-snapshots test-reporter= test-reporter-destination= experimental-test-coverage ' +
    'experimental-test-snapshots watch watch-path= watch-preserve-output enable-source-maps warnings deprecation ' +
    'pending-deprecation throw-deprecation trace-deprecation trace-warnings trace-uncaught trace-exit trace-sigint ' +
    'trace-sync-io trace-tls unhandled-rejections= preserve-symlinks preserve-symlinks-main experimental-vm-modules ' +
    'experimental-modules experimental-json-modules experimental-wasm-modules experimental-fetch experimental-websocket ' +
    'experimental-global-webcrypto experimental-import-meta-resolve experimental-detect-module experimental-require-module ' +
    'experimental-strip-types experimental-transform-types experimental-default-type= experimental-specifier-resolution= ' +
    'experimental-network-imports:load abort-on-uncaught-exception frozen-intrinsics disable-proto= dns-result-order= ' +
    'force-fips icu-data-dir= inspect=? inspect-brk=? inspect-wait=? inspect-port= jitless v8-options ' +
    'heapsnapshot-signal= report-on-signal report-uncaught-exception report-on-fatalerror report-dir=:write ' +
    'report-directory=:write report-filename=:write diagnostic-dir=:write cpu-prof-dir=:write cpu-prof-name=:write ' +
    'heap-prof-dir=:write heap-prof-name=:write redirect-warnings=:write ' +
    // V8 flags (attached values only, as V8 reads them; `_` spellings are the same flag).
    'max-old-space-size=? max_old_space_size=? max-semi-space-size=? max_semi_space_size=? stack-size=? stack_size=? ' +
    'stack-trace-limit=? stack_trace_limit=? expose-gc expose_gc trace-gc trace_gc harmony',
  negate: true,
  stopAtOperand: true,
  handlers: {
    eval: code('e', 'eval'),
    print: code('p', 'print'),
    require: code('r', 'require'),
    import: code(undefined, 'import'),
    loader: code(undefined, 'loader'),
    'experimental-loader': code(undefined, 'experimental-loader'),
    'env-file': envFile,
    'env-file-if-exists': envFile,
    inspect,
    'inspect-brk': inspect,
    'inspect-wait': inspect,
    'inspect-port': inspect,
    'test-reporter': testReporter,
    'test-reporter-destination': reporterDestination,
  },
};

/** A library or module named on the load path (`-rjson`, `-MData::Dumper=Dumper`), not a file path or code. */
export const plainLibrary =
  (name: RegExp): OptionHandler =>
  (v, typed, at) =>
    typeof v === 'string' && name.test(v) ? [] : loads(typed.replace(/^-+/, '').slice(0, 1), v, `${at.where} ${typed} loads code it names`);

/** -I: a load-path folder outside the project makes a later require load code from there. */
const includeDir: OptionHandler = (v, typed, at) =>
  inProject(v) ? [] : loads('I', v, `${at.where} ${typed} adds a folder outside the project to the load path`);

export const RUBY_TABLE: TableSpec = {
  options:
    '0|=? a| c| C|= d| debug e|= E|= encoding= external-encoding= internal-encoding= F|= i|=? I|= l| n| p| r|= s| S| ' +
    'v| w| W|=? x|=? h| help version copyright verbose yydebug enable= disable= disable-gems disable-all ' +
    'disable-did_you_mean enable-frozen-string-literal disable-frozen-string-literal jit yjit backtrace-limit= dump=',
  stopAtOperand: true,
  handlers: { r: plainLibrary(/^[A-Za-z0-9_][\w-]*(\/[\w-]+)*$/), I: includeDir, e: code('e'), i: inPlace('i') },
};

/** perl -l, -0, -C take only digits (or -C's letters): anything else joined to them is unknown. */
const digits =
  (re: RegExp): OptionHandler =>
  (v, typed, at) =>
    v === undefined || (typeof v === 'string' && re.test(v)) ? [] : [unknown(at.where, typed)];

/** perl -M/-m: `use Module` (or `=list`); a `;` or space would be code spliced into the `use`. */
const PERL_MODULE = /^-?[A-Za-z_][\w]*(::\w+)*(=[\w,:.-]*)?$/;

const perlDebugger: OptionHandler = (v, typed, at) => {
  if (v === undefined || v === 't') return [];
  const mod = typeof v === 'string' ? v.replace(/^t?:/, '') : null;
  return typeof mod === 'string' && v !== mod && PERL_MODULE.test(mod) ? [] : loads('d', v, `${at.where} ${typed} loads a debugger module`);
};

export const PERL_TABLE: TableSpec = {
  options: '0|=? a| C|=? c| d|=? D|=? e|= E|= f| F|= h| i|=? I|= l|=? m|= M|= n| p| s| S| t| T| v| V|=? w| W| X| x|=?',
  stopAtOperand: true,
  handlers: {
    l: digits(/^[0-7]*$/),
    '0': digits(/^(x[0-9A-Fa-f]+|[0-7]*)$/),
    C: digits(/^(\d+|[IOEioeASLDa]+)$/),
    d: perlDebugger,
    m: plainLibrary(PERL_MODULE),
    M: plainLibrary(PERL_MODULE),
    I: includeDir,
    e: code('e'),
    E: code('E'),
    i: inPlace('i'),
  },
};

/** -D names that tell the JDK to load a class, a library or a file of settings; other names are the application's. */
const JDK_NAMESPACE = /^(java|javax|jdk|sun|com\.sun|jvm)\./;
const JDK_PLAIN =
  /^(java\.awt\.headless|java\.net\.preferIPv[46](Stack|Addresses)|java\.util\.Arrays\.useLegacyMergeSort|sun\.(stdout|stderr|jnu)\.encoding|jdk\.httpclient\.HttpClient\.log|javax\.net\.debug|java\.net\.useSystemProxies|sun\.net\.client\.default(Connect|Read)Timeout)$/;

/** `-Dname=value` (java, and the JVM launchers that take it: jrunscript, groovy, scala): a JDK property may load a class, a library or a file. */
export const jdkProperty: OptionHandler = (v, typed, at) => {
  const name = (v ?? '').split('=')[0]!;
  if (name !== '' && (!JDK_NAMESPACE.test(name) || JDK_PLAIN.test(name))) return [];
  return [exec('D', opaque(typed), `${at.where} ${typed} sets a JDK property that can load a class, a library or a file`)];
};

/** `-J<flag>` (jrunscript, scala): one option of the JVM the launcher starts, read with java's allowlist. */
export const jvmOption: OptionHandler = (v) => javaOptions(['java', v === undefined || v === null ? null : v], {}, 'java');

/** -XX: settings that size, choose a collector or report (no program, file or library). */
const JAVA_XX =
  /^([+-](UseG1GC|UseParallelGC|UseSerialGC|UseZGC|ZGenerational|UseShenandoahGC|UseStringDeduplication|ExitOnOutOfMemoryError|CrashOnOutOfMemoryError|UseCompressedOops|UseContainerSupport|AlwaysPreTouch|ShowCodeDetailsInExceptionMessages|PrintFlagsFinal|PrintCommandLineFlags|UnlockExperimentalVMOptions|UnlockDiagnosticVMOptions|PerfDisableSharedMem|TieredCompilation|UseNUMA|DisableExplicitGC|HeapDumpOnOutOfMemoryError|OmitStackTraceInFastThrow)|(MaxRAMPercentage|InitialRAMPercentage|MinRAMPercentage|MaxMetaspaceSize|MetaspaceSize|TieredStopAtLevel|ActiveProcessorCount|MaxGCPauseMillis|ParallelGCThreads|ConcGCThreads|ReservedCodeCacheSize|MaxDirectMemorySize|ThreadStackSize|MaxHeapSize|InitialHeapSize|MaxRAM|NewRatio|SurvivorRatio|G1HeapRegionSize)=[\w.]+)$/;

/** Single-dash options java knows without a value, and those that take the next word. */
const JAVA_FLAGS = new Set(
  '-version --version -showversion --show-version -h -? -help --help -X --help-extra -ea -da -esa -dsa -enablesystemassertions -disablesystemassertions -server -client -verbose -verbose:class -verbose:gc -verbose:module -verbose:jni -Xint -Xcomp -Xmixed -Xbatch -Xcheck:jni -Xdiag -Xfuture -Xrs -Xnoclassgc -Xshare:auto -Xshare:off -Xshare:on -XshowSettings -XshowSettings:all -XshowSettings:properties -XshowSettings:vm -XshowSettings:locale -XshowSettings:system -Xverify:none --enable-preview --list-modules --dry-run --validate-modules -Xdebug'.split(
    ' ',
  ),
);
const JAVA_VALUES = new Set(
  '-cp -classpath --class-path -p --module-path --upgrade-module-path --add-modules --enable-native-access --limit-modules --add-opens --add-exports --add-reads --illegal-access --source -d --describe-module'.split(
    ' ',
  ),
);
/** Options after which the words are the program's: the jar, the module, the source file. */
const JAVA_LAST = new Set(['-jar', '-m', '--module']);

/**
 * java: the options before the main class (or `-jar FILE`, `-m MODULE`) read one word at a time
 * (-D, -X and -XX carry their value joined); the rest are the program's arguments.
 */
export const javaOptions: Check = (argv) => {
  const out: Effect[] = [];
  const where = 'java';
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (w === null || w === undefined) return [...out, unknown(where, null)];
    if (!w.startsWith('-') && !w.startsWith('@')) return out; // the main class or source file
    if (w === '--') return out;
    if (w.startsWith('@'))
      return [...out, exec('argfile', opaque(w), 'java @file reads more options (agents, -XX:OnError …) from the file')];
    const eq = w.startsWith('--') ? w.indexOf('=') : -1;
    const head = eq >= 0 ? w.slice(0, eq) : w;
    if (JAVA_LAST.has(head)) return out;
    if (JAVA_FLAGS.has(w) || /^-(ea|da|enableassertions|disableassertions)(:[\w.$]*(\.\.\.)?)?$/.test(w)) continue;
    if (JAVA_VALUES.has(head)) {
      if (eq < 0) i++;
      continue;
    }
    if (/^-X(mx|ms|ss|mn)\d+[kKmMgGtT]?$/.test(w)) continue;
    if (/^-Xlog(:[^:]*(:(stdout|stderr)?)?)?$/.test(w)) continue;
    if (w.startsWith('-D')) {
      out.push(...jdkProperty(w.slice(2), w, { where }));
      continue;
    }
    if (w.startsWith('-XX:') && JAVA_XX.test(w.slice(4))) continue;
    const dump = /^-XX:(HeapDumpPath|ErrorFile)=(.*)$/.exec(w);
    if (dump) {
      out.push(write(dump[1]!, dump[2]!, `java ${w} writes the file it names`));
      continue;
    }
    if (/^-(javaagent|agentlib|agentpath):/.test(w) || /^-X(run|bootclasspath)/.test(w)) {
      out.push(exec('agent', opaque(w), `java ${w} loads code into the JVM`));
      continue;
    }
    return [...out, unknown(where, w)];
  }
  return out;
};
