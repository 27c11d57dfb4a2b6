/**
 * Option allowlists of the language interpreters that had none before issue 25 (docs/permissions.md,
 * "Option allowlists per program"): every option each program has, written from its own manual or
 * `--help` (cited at each table; the Debian bookworm packages' man pages unless said otherwise).
 * An option not listed is compound. Inline code (`-e`, `--eval`, php `-r`, R `-e` …) is keyed by
 * the `code` handler (opaque, pinned by its hash); options that load code by name, name a program
 * or open a port to other hosts are keyed by their handlers; a path outside the project in any
 * argument is keyed by the default's checks, which these programs keep (`withDefaults`).
 * The script operand and the words after it are the script's (`stopAtOperand`).
 */
import { exec, write } from '../effects.js';
import { opaque } from './kit.js';
import { code, inPlace, inspect, jdkProperty, jvmOption, keyed, NODE_TABLE, plainLibrary } from './interpreterOptions.js';
import type { OptionHandler, TableSpec } from './optionTable.js';

/** A module or library named, not a path (`-l socket.core`, `-l json`): found on the program's own path. */
const MODULE_NAME = /^([A-Za-z_]\w*=)?[A-Za-z_][\w.-]*$/;

/** A value that is only a name or number (an INI value, a list of package names): no path, no code. */
const PLAIN_VALUE = /^[\w.,+~&|^! -]*$/;

/** A server address on this machine (`localhost:8000`, `127.0.0.1:8080`, `[::1]:80`); any other host opens it to the network. */
const LOOPBACK_ADDRESS = /^(localhost|127\.0\.0\.1|\[::1\]):\d{1,5}$/;

const loopbackServer =
  (flag: string): OptionHandler =>
  (v, typed, at) =>
    typeof v === 'string' && LOOPBACK_ADDRESS.test(v)
      ? []
      : [exec(flag, opaque(v ?? null), `${at.where} ${typed} serves the project's code to other hosts on that address`)];

// ── php ─────────────────────────────────────────────────────────────────────────────────────────

/**
 * php -d NAME=VALUE: INI settings that only size, report or tune, given a plain value. Any other
 * (auto_prepend_file, extension, include_path, sendmail_path, error_log, open_basedir,
 * disable_functions, opcache.preload, ffi.preload …) loads code, runs a program, writes a file
 * or lifts a restriction, and is keyed.
 */
const PHP_INI_PLAIN = new Set([
  'memory_limit',
  'max_execution_time',
  'max_input_time',
  'display_errors',
  'display_startup_errors',
  'error_reporting',
  'log_errors',
  'html_errors',
  'date.timezone',
  'short_open_tag',
  'precision',
  'serialize_precision',
  'zend.assertions',
  'assert.active',
  'assert.exception',
  'default_charset',
  'output_buffering',
  'implicit_flush',
  'variables_order',
  'register_argc_argv',
  'phar.readonly',
  'post_max_size',
  'upload_max_filesize',
  'realpath_cache_size',
  'opcache.enable',
  'opcache.enable_cli',
  'opcache.jit',
  'opcache.jit_buffer_size',
  'pcov.enabled',
  'xdebug.mode',
]);
/** xdebug.mode values that neither open a debugger connection nor write traces or profiles. */
const XDEBUG_PLAIN = /^(off|develop|coverage|gcstats)(,(off|develop|coverage|gcstats))*$/;

const phpIni: OptionHandler = (v, typed, at) => {
  const s = typeof v === 'string' ? v : '';
  const eq = s.indexOf('=');
  const name = eq >= 0 ? s.slice(0, eq) : s;
  const value = eq >= 0 ? s.slice(eq + 1) : '';
  if (PHP_INI_PLAIN.has(name) && PLAIN_VALUE.test(value) && (name !== 'xdebug.mode' || XDEBUG_PLAIN.test(value))) return [];
  return [exec('d', opaque(v ?? null), `${at.where} ${typed}: this INI setting can load code, run a program or write a file`)];
};

/**
 * php: `php -h`, php(1) of PHP 8.2 and sapi/cli/php_cli.c's OPTIONS (long names exact, values
 * attached or separate; -C and -q kept there for CGI compatibility; -b and -T are CGI only). -r, -B, -R, -E
 * run code; -c (a php.ini can set auto_prepend_file) and -z (a Zend extension) load code; -S
 * serves the project to the address it names; -f/-F name the script.
 */
export const PHP_TABLE: TableSpec = {
  options:
    'a|interactive C|no-chdir q|no-header c|php-ini=:load n|no-php-ini d|define= e|profile-info f|file= h|help ?|usage H|hide-args i|info ' +
    'l|syntax-check m|modules r|run= B|process-begin= R|process-code= F|process-file= E|process-end= s|syntax-highlight ' +
    'syntax-highlighting S|server= t|docroot= v|version w|strip z|zend-extension=:load rf= rfunction= rc= rclass= re= ' +
    'rextension= rz= rzendextension= ri= rextinfo= ini',
  stopAtOperand: true,
  handlers: {
    run: code('r', 'run'),
    'process-begin': code('B', 'process-begin'),
    'process-code': code('R', 'process-code'),
    'process-end': code('E', 'process-end'),
    define: phpIni,
    server: loopbackServer('S'),
  },
};

// ── R, Rscript ──────────────────────────────────────────────────────────────────────────────────

/**
 * R's own options (R(1) and `R --help`, R 4.2; exact names, `--encoding ENC` or `=ENC`), and
 * --max-connections (R 4.4.0 NEWS: a startup option, the number of connections a session may open).
 */
const R_OPTIONS =
  'h|help version encoding= save no-save no-environ no-site-file no-init-file restore no-restore-data ' +
  'no-restore-history no-restore vanilla no-readline max-ppsize= max-connections= min-nsize= min-vsize= q|quiet silent s|no-echo slave ' +
  'interactive verbose d|debugger=:prog debugger-args= g|gui= arch= args f|file= e|=';

const R_HANDLERS = {
  e: code('e'),
  'debugger-args': keyed('debugger-args', 'passes arguments to the debugger R runs under'),
};

/** R: options, then `--args` (the rest is the session's) or `CMD tool` (interpreters.ts keys it). */
export const R_TABLE: TableSpec = { options: R_OPTIONS, stopAtOperand: true, ends: ['--args'], handlers: R_HANDLERS };

/** Rscript's --default-packages: package names attached at start-up (installed code, by name). */
const defaultPackages: OptionHandler = (v, typed, at) =>
  typeof v === 'string' && /^[\w.,]*$/.test(v)
    ? []
    : [exec('default-packages', opaque(v ?? null), `${at.where} ${typed} attaches what it names`)];

/** Rscript (Rscript(1)): its own options, and R's, which it hands to R; then the file and its arguments. */
export const RSCRIPT_TABLE: TableSpec = {
  options: ['default-packages=', R_OPTIONS],
  stopAtOperand: true,
  ends: ['--args'],
  handlers: { ...R_HANDLERS, 'default-packages': defaultPackages },
};

// ── lua, luajit ─────────────────────────────────────────────────────────────────────────────────

/** lua 5.4 (lua(1), lua.c's collectargs: -e and -l take the next word or an attached one). */
export const LUA_TABLE: TableSpec = {
  options: 'e|= i| l|= v| E| W|',
  stopAtOperand: true,
  handlers: { e: code('e'), l: plainLibrary(MODULE_NAME) },
};

/** luajit -j: the control commands that only switch the JIT or report on stderr; a module or an output file is keyed. */
const luajitControl: OptionHandler = (v, typed, at) =>
  typeof v === 'string' && /^(on|off|flush|(v|dump|p)(=[A-Za-z0-9+-]*)?)$/.test(v)
    ? []
    : [exec('j', opaque(v ?? null), `${at.where} ${typed} loads a jit.* module or writes the file it names`)];

/** luajit (luajit(1), LuaJIT 2.1): -b hands the rest to the bytecode saver, which writes the file it names. */
export const LUAJIT_TABLE: TableSpec = {
  options: 'e|= l|= b| j|= O|=? i| v| E|',
  stopAtOperand: true,
  stopAfter: ['b'],
  handlers: {
    e: code('e'),
    l: plainLibrary(MODULE_NAME),
    j: luajitControl,
    b: (_v, typed, at) => [write('b', null, `${at.where} ${typed} saves bytecode to the file it names`)],
  },
};

// ── ghc ─────────────────────────────────────────────────────────────────────────────────────────

/** ghc -f…: plugins load code; every other -f flag tunes the compiler. */
const ghcF: OptionHandler = (v, typed, at) =>
  typeof v === 'string' && /^plugin/.test(v) && v !== 'plugin-trustworthy'
    ? [exec('fplugin', opaque(v), `${at.where} ${typed} loads a compiler plugin`)]
    : [];

/**
 * ghc (ghc(1) of GHC 9.0, "Flag reference"; one-dash long options, modes with two dashes). Prefix
 * families: -f, -X (extensions), -W, -O, -d (debug dumps), -g, -m (machine), -i (the module search
 * path), -I, -L, -l, -D, -U, -j; -opt⟨tool⟩ passes options to a tool (a linker option can load a
 * plugin) and -pgm⟨tool⟩ names the program, both keyed; -package-db/-package-env load package
 * databases, -fplugin/--frontend/-ghci-script load code, -e runs it. Options and source files mix
 * (`ghc Main.hs -o app`), so options are read to the end.
 */
export const GHC_TABLE: TableSpec = {
  options:
    'help version numeric-version info print-libdir supported-extensions supported-languages show-options show-iface= ' +
    'make interactive e|= M| E| C| S| c| mk-dll abi-hash frontend=:load run ' +
    'o|= odir= hidir= hiedir= stubdir= dumpdir= outputdir= tmpdir= ohi= osuf= hisuf= hcsuf= hiesuf= dep-suffix= dep-makefile= ' +
    'x|= v* H|= package= package-id= hide-package= ignore-package= trust= distrust= distrust-all-packages hide-all-packages ' +
    'hide-all-plugin-packages plugin-package= plugin-package-id= package-db=:load package-env=:load clear-package-db ' +
    'global-package-db no-global-package-db user-package-db no-user-package-db no-auto-link-packages this-unit-id= ' +
    'main-is= no-link no-hs-main shared static staticlib dynamic dynamic-too threaded debug prof eventlog ticky rdynamic ' +
    'pie no-pie split-sections split-objs rtsopts=? with-rtsopts= no-rtsopts-suggestions cpp F| ghcversion-file= ' +
    'include-pkg-deps include-cpp-deps exclude-module= ghci-script=:load ignore-dot-ghci interactive-print= ' +
    'keep-tmp-files keep-hc-file keep-hc-files keep-hi-files keep-o-files keep-s-file keep-s-files keep-llvm-file ' +
    'keep-llvm-files keep-hscpp-file keep-hscpp-files hpcdir= haddock no-haddock Rghc-timing w| framework= framework-path= ' +
    'working-dir= static-libgcc fPIC fPIE fexternal-dynamic-refs ' +
    'f* X* W* O* d* g* m* i* I* L* l* D* U* j* opt* pgm*',
  singleDashLong: true,
  handlers: {
    e: code('e'),
    f: ghcF,
    opt: keyed('opt', 'passes options to a tool ghc runs (a linker option can load a plugin)'),
    pgm: keyed('pgm', 'names a program ghc runs in place of its own'),
    // `-package-env -` reads no environment file at all (users guide, "Package environments").
    'package-env': (v, typed, at) =>
      v === '-' ? [] : [exec('package-env', opaque(v ?? null), `${at.where} ${typed} loads code into the program`)],
  },
};

// ── groovy, scala, jrunscript (JVM launchers) ───────────────────────────────────────────────────

/**
 * groovy (`groovy --help` of Groovy 4, picocli: `-e=x`, `-e x`, `-ex`; groovy(1) lists the older
 * subset): -e runs code, -i edits the files named in place, -l listens on a port and runs the
 * script on every line received, --configscript runs a Groovy script to configure the compiler,
 * -b names the script's base class (code), -D sets JDK properties.
 */
export const GROOVY_TABLE: TableSpec = {
  options:
    'cp= classpath= D|define= disableopt= d|debug c|encoding= e|= i|=? l|=? a|autosplit=? n| p| pa parameters pr ' +
    'enable-preview configscript=:load b|basescript=:load compile-static type-checked h|help v|version',
  singleDashLong: true,
  equalsShort: true,
  stopAtOperand: true,
  handlers: {
    e: code('e'),
    i: inPlace('i'),
    l: keyed('l', 'listens on a port and runs the script on every line received'),
    define: jdkProperty,
  },
};

/** scala -X…/-Y…: compiler settings; a plugin, or a setting not known to be plain, is keyed. */
const scalaX: OptionHandler = (v, typed, at) =>
  typeof v === 'string' &&
  !/plugin/i.test(v) &&
  /^(lint|fatal-warnings|source|Xprint|print|verbose|checkinit|feature|migration|future|explain|max-|no-|warn|unchecked|deprecation|ignore|target|jline|asyncs|experimental|show-)/.test(
    v,
  )
    ? []
    : [exec(typed.slice(1, 2), opaque(v ?? null), `${at.where} ${typed}: a compiler setting that can load a plugin or write a file`)];
const SCALA_Y_PLAIN =
  /^(rangepos|partial-unification|warn-.*|no-.*|macro-annotations|kind-projector(:.*)?|delambdafy:\w+|explicit-nulls|safe-init|check-init|indent|retain-trees|source-.*)$/;
const scalaY: OptionHandler = (v, typed, at) =>
  typeof v === 'string' && SCALA_Y_PLAIN.test(v)
    ? []
    : [exec('Y', opaque(v ?? null), `${at.where} ${typed}: a private compiler setting (some load a plugin or write a file)`)];

/**
 * scala (scala(1) of Scala 2.11–2.13 and scalac(1): the runner's options, then scalac's; one dash,
 * `-opt:value` settings read as prefix families). -e runs code, -i preloads a file, -X/-Y settings
 * other than plain ones are keyed (`-Xplugin:` loads a compiler plugin), -J passes a JVM option
 * (java's allowlist), -D sets a JDK property.
 */
export const SCALA_TABLE: TableSpec = {
  options:
    'e|= i|=:load savecompiled save nocompdaemon nc usejavacp nobootcp usemanifestcp howtorun* help version ' +
    'cp= classpath= d|= sourcepath= bootclasspath= extdirs= javabootclasspath= javaextdirs= toolcp= encoding= release= ' +
    'deprecation feature unchecked explaintypes explain nowarn verbose print uniqid g* language* target* opt* ' +
    'X* Y* W* V* P* J* D*',
  singleDashLong: true,
  stopAtOperand: true,
  handlers: { e: code('e'), X: scalaX, Y: scalaY, J: jvmOption, D: jdkProperty },
};

/** jrunscript (jrunscript(1), JDK 17): -e runs code, -f names a script (`-f -` reads it from stdin), -J a JVM option. */
export const JRUNSCRIPT_TABLE: TableSpec = {
  options: 'cp= classpath= l|= e|= encoding= f|= help ?| q| J* D*',
  singleDashLong: true,
  stopAtOperand: true,
  handlers: { e: code('e'), J: jvmOption, D: jdkProperty },
};

// ── elixir ──────────────────────────────────────────────────────────────────────────────────────

const distributedNode = (flag: string): OptionHandler =>
  keyed(flag, 'starts a distributed node: another node holding its cookie can run code in it');

/**
 * elixir (elixir(1) of Elixir 1.14, and bin/elixir's own loop and usage of Elixir 1.18–1.20):
 * -e/--eval and --rpc-eval run code; --erl and --vm-args hand flags to the Erlang VM (`-eval`,
 * `-s`, `-pa` run or load code); --boot/--boot-var load a boot script; --dot-iex loads a file of
 * code; --remsh opens a shell on another node; --name/--sname/--cookie start a node others can
 * drive; -S runs a script found on the PATH (`-S mix test`: the rest is the script's). --rpc-eval
 * NODE CODE, --boot-var and --pipe-to take two words: the last two are keyed by their handlers, so
 * the second word read as the script changes nothing; --rpc-eval is keyed by interpreters.ts with
 * both words pinned.
 */
export const ELIXIR_TABLE: TableSpec = {
  options:
    'h|help v|version short-version e|eval= r|= S|= pa= pr= pz= app= boot=:load boot-var= erl= vm-args=:load ' +
    'erl-config=:load cookie= hidden name= sname= remsh= dot-iex=:load dbg= color no-color logger-otp-reports= ' +
    'logger-sasl-reports= no-halt werl pipe-to=:write rpc-eval=',
  singleDashLong: true,
  stopAtOperand: true,
  stopAfter: ['S'],
  handlers: {
    eval: code('e', 'eval'),
    erl: keyed('erl', 'hands flags to the Erlang VM (-eval, -s and -pa run or load code)'),
    'boot-var': keyed('boot-var', 'points the boot script at another folder of code'),
    name: distributedNode('name'),
    sname: distributedNode('sname'),
    cookie: distributedNode('cookie'),
    remsh: keyed('remsh', 'opens a shell on another node (it runs what is typed there)'),
  },
};

// ── racket, guile, sbcl, clisp ──────────────────────────────────────────────────────────────────

/**
 * racket (`racket -h`, Racket 8.7): -e runs code; -f/-t/-r/-u load or require a file (the script),
 * -l a collection library by name, -p a PLaneT package (fetched from the network: keyed); -k, -Y
 * and the cross-compiler options take several words and are left out (compound). Racket collapses
 * switches and takes their arguments in order after the cluster (`-fe file expr`), which interpreters.ts
 * refuses unless the value-taking letter is last.
 */
export const RACKET_TABLE: TableSpec = {
  options:
    'e|eval= f|load= t|require= l|lib= p|= r|script= u|require-script= m|main i|repl n|no-lib v|version V|no-yield ' +
    'y|make c|no-compiled q|no-init-file I|= X|collects= S|search= G|config= A|addon= U|no-user-path R|compiled= ' +
    'C|cross N|name= E|exec= j|no-jit M|compile-any d|no-delay b|binary W|warn= O|stdout= L|syslog= compile-machine= ' +
    'Z|= h|help',
  stopAtOperand: true,
  stopAfter: ['script', 'require-script'],
  handlers: {
    eval: code('e', 'eval'),
    lib: plainLibrary(/^[\w+-]+(\/[\w+.-]+)*$/),
    I: plainLibrary(/^[\w+-]+(\/[\w+.-]+)*$/),
    p: keyed('p', 'requires a PLaneT package, fetched from the network'),
  },
};

/**
 * guile (guile(1) and `guile --help`, Guile 3.0): -c runs code and ends the options, -e applies a
 * function it evaluates, -s names the script (the rest is the script's), -l loads a file, -L/-C add
 * to the load path, --listen opens a REPL server (a port on this machine, or a socket path).
 */
export const GUILE_TABLE: TableSpec = {
  options:
    'L|= C|= x|= l|= e|= c|= s|= ds debug no-debug auto-compile fresh-auto-compile no-auto-compile listen=? use-srfi= ' +
    'language= r6rs r7rs q| h|help v|version',
  singleDashLong: true,
  stopAtOperand: true,
  stopAfter: ['c', 's'],
  handlers: { c: code('c'), e: code('e') },
};

/**
 * sbcl (sbcl(1), SBCL 2.2): runtime options, then toplevel options; --eval runs code, --script
 * names the script (the rest is the script's), --core loads a core image, --sysinit/--userinit
 * load init files.
 */
export const SBCL_TABLE: TableSpec = {
  options:
    'core=:load dynamic-space-size= control-stack-size= tls-limit= debug-environment disable-ldb lose-on-corruption ' +
    'script=? merge-core-pages no-merge-core-pages help version noinform end-runtime-options sysinit=:load no-sysinit ' +
    'userinit=:load no-userinit disable-debugger noprint quit non-interactive eval= load=',
  stopAtOperand: true,
  stopAfter: ['script'],
  ends: ['--end-toplevel-options'],
  handlers: { eval: code(undefined, 'eval') },
};

/** clisp -K: the linking sets that ship with clisp; another names a folder whose lisp.run is executed. */
const clispLinkingSet: OptionHandler = (v, typed, at) =>
  v === 'base' || v === 'full' ? [] : [exec('K', opaque(v ?? null), `${at.where} ${typed} runs the linking set it names`)];

/**
 * clisp (clisp(1), GNU CLISP 2.49): one-dash options; -x runs code, -i and -M load init files and
 * memory images, -c compiles (writing .fas files), -o names the output, -K a linking set. -E… takes
 * its encoding as the next word and is left out (compound).
 */
export const CLISP_TABLE: TableSpec = {
  options:
    'h|help version license help-image B|= b| K|= M|=:load m|= L|= N|= q| quiet silent v| verbose on-error= repl w| ' +
    'I| disable-readline ansi traditional modern p|= C| norc lp= i|=:load c|= o|= l| x|=',
  singleDashLong: true,
  stopAtOperand: true,
  handlers: { x: code('x'), K: clispLinkingSet },
};

// ── dc, gnuplot, octave, tclsh, osascript ───────────────────────────────────────────────────────

/** dc (dc(1), GNU bc 1.07; getopt_long, so abbreviations and options among the files): `!` in a script runs a shell command. */
export const DC_TABLE: TableSpec = {
  options: 'V|version h|help e|expression= f|file=',
  abbrev: true,
  handlers: { expression: code('e', 'expression'), file: code('f', 'file') },
};

/** gnuplot (gnuplot(1), 5.4): -e runs commands (`system`, `!`), -c names a script and hands it the rest; files are scripts. */
export const GNUPLOT_TABLE: TableSpec = {
  // plot.c compares each word whole (no clusters) and also takes the X11-era `-persist` (gnuplot(1) examples).
  options: 'p|persist d|default-settings s|slow h|help V|version c|= e|= persist*',
  stopAfter: ['c'],
  handlers: { e: code('e') },
};

/**
 * octave (`octave --help`, Octave 7/8; getopt_long with `+`: abbreviations, options end at the
 * file): --eval runs code; --exec-path and --info-program name programs; -p adds to the function
 * search path.
 */
export const OCTAVE_TABLE: TableSpec = {
  options:
    'built-in-docstrings-file= d|debug doc-cache-file= x|echo-commands eval= exec-path=:prog experimental-terminal-widget ' +
    'force-gui gui h|help image-path= info-file= info-program=:prog i|interactive line-editing no-gui no-gui-libs H|no-history ' +
    'no-init-file no-init-path no-line-editing no-site-file W|no-window-system f|norc p|path= persist q|quiet silent ' +
    'server texi-macros-file= traditional braindead V|verbose v|version',
  abbrev: true,
  stopAtOperand: true,
  handlers: { eval: code(undefined, 'eval') },
};

/** tclsh (tclsh(1), Tcl 8.6): only `-encoding name`, then the script; without a script it reads commands from stdin (interpreters.ts). */
export const TCLSH_TABLE: TableSpec = { options: 'encoding=', singleDashLong: true, stopAtOperand: true };

/** osascript (osascript(1), macOS): -e runs a line of script (`do shell script`), -l the language, -s output style. */
export const OSASCRIPT_TABLE: TableSpec = {
  options: 'e|= i| l|= s|=',
  stopAtOperand: true,
  handlers: { e: code('e') },
};

// ── ipython ─────────────────────────────────────────────────────────────────────────────────────

/**
 * ipython (`ipython --help`, IPython 8.5; traitlets: `--flag`, `--alias=value` or `--alias value`,
 * no abbreviations): -c runs code, -m a module (the rest is its own), --ext loads an extension,
 * --config a Python config file, --logfile/--logappend write. `--Class.trait=value` settings are
 * not listed (compound): exec_lines, exec_files and startup scripts are among them.
 */
export const IPYTHON_TABLE: TableSpec = {
  options:
    'debug show-config show-config-json quiet init autoindent no-autoindent automagic no-automagic pdb no-pdb pprint ' +
    'no-pprint color-info no-color-info ignore-cwd no-ignore-cwd nosep pylab=? matplotlib=? autoedit-syntax ' +
    'no-autoedit-syntax simple-prompt no-simple-prompt banner no-banner confirm-exit no-confirm-exit term-title ' +
    'no-term-title classic quick i| log-level= profile-dir= profile= ipython-dir= config=:load autocall= colors= ' +
    'logfile=:write logappend=:write c|= m|= ext=:load gui= cache-size= h|help help-all version',
  stopAtOperand: true,
  stopAfter: ['m'],
  handlers: { c: code('c') },
};

// ── julia ───────────────────────────────────────────────────────────────────────────────────────

/** julia --code-coverage / --track-allocation: a level, or `@path` (which files to track); another value is the file written. */
const juliaTracking: OptionHandler = (v, typed, at) =>
  v === undefined || (typeof v === 'string' && /^(none|user|all|@.*)$/.test(v))
    ? []
    : [write(typed.replace(/^-+/, '').split('=')[0]!, v, `${at.where} ${typed} writes the file it names`)];

/** julia --trace-compile/--trace-dispatch: `stderr`, or the file written. */
const toStderrOr =
  (flag: string): OptionHandler =>
  (v, typed, at) =>
    v === 'stderr' ? [] : [write(flag, v ?? null, `${at.where} ${typed} writes the file it names`)];

/**
 * julia (`julia --help`, `--help-hidden` and src/jloptions.c, Julia 1.10–1.12: getopt_long with
 * `+vhqH:e:E:L:J:C:it:p:O:g:m:`, so abbreviations, and options end at the program file or `-m`): -e/-E run code, -J loads a system image (code), -H another
 * Julia home, --machine-file starts workers over ssh on the hosts it lists, --bug-report runs a
 * bug-reporting tool, the --output-* and --trace-compile options write.
 */
export const JULIA_TABLE: TableSpec = {
  options:
    'v|version h|help help-hidden project=? J|sysimage=:load H|home=:load startup-file= handle-signals= ' +
    'sysimage-native-code= compiled-modules= pkgimages= e|eval= E|print= m|module= L|load= t|threads= gcthreads= ' +
    'p|procs= machine-file= i|interactive q|quiet banner= color= history-file= depwarn= warn-overwrite= warn-scope= ' +
    'C|cpu-target= O|= optimize=? min-optlevel=? g|debug-info=? inline= check-bounds= math-mode= polly= code-coverage=? ' +
    'track-allocation=? bug-report= heap-size-hint= compile= output-o=:write output-ji=:write output-unopt-bc=:write ' +
    'output-bc=:write output-asm=:write output-incremental= trace-compile= trace-compile-timing trace-dispatch= ' +
    'task-metrics= timeout-for-safepoint-straggler= experimental image-codegen rr-detach strip-metadata strip-ir ' +
    'permalloc-pkgimg= trim=?',
  abbrev: true,
  stopAtOperand: true,
  stopAfter: ['module'],
  handlers: {
    eval: code('e', 'eval'),
    print: code('E', 'print'),
    'machine-file': keyed('machine-file', 'starts Julia workers over ssh on the hosts the file lists'),
    'bug-report': keyed('bug-report', 'downloads and runs a bug-reporting tool'),
    'trace-compile': toStderrOr('trace-compile'),
    'trace-dispatch': toStderrOr('trace-dispatch'),
    'code-coverage': juliaTracking,
    'track-allocation': juliaTracking,
  },
};

// ── ts-node, tsx ────────────────────────────────────────────────────────────────────────────────

/**
 * ts-node (`ts-node --help` and src/bin.ts's `arg` table, ts-node 10: exact names, both the kebab
 * and the camel spellings, `stopAtPositional`): -e runs code, -r preloads a module, -C/--transpiler
 * load a compiler module; -P names the tsconfig (one outside the project is keyed by the default).
 */
export const TS_NODE_TABLE: TableSpec = {
  options:
    'h|help v|version e|eval= p|print r|require= i|interactive s|script-mode scriptMode esm T|transpile-only transpileOnly H|compiler-host ' +
    'compilerHost I|ignore= P|project= C|compiler=:load transpiler=:load swc D|ignore-diagnostics= ignoreDiagnostics= ' +
    'O|compiler-options= compilerOptions= cwd= dir= files pretty skip-project skipProject skip-ignore skipIgnore ' +
    'cwd-mode cwdMode prefer-ts-exts preferTsExts log-error logError show-config showConfig emit scope scope-dir= ' +
    'scopeDir= no-experimental-repl-await noExperimentalReplAwait type-check typeCheck ' +
    'experimental-specifier-resolution= experimentalSpecifierResolution=',
  stopAtOperand: true,
  handlers: { eval: code('e', 'eval'), require: code('r', 'require') },
};

/** tsx's own options (`tsx --help`, tsx 4); the rest are node's, which tsx hands to node. */
const TSX_OWN = 'tsconfig= no-cache';

/** tsx: its own options and node's (node's table and handlers: -e, --import, --inspect …); `tsx watch` adds its own. */
export const TSX_TABLE: TableSpec = {
  ...NODE_TABLE,
  options: [TSX_OWN, ...[NODE_TABLE.options].flat()],
  subs: {
    watch: {
      ...NODE_TABLE,
      options: [`${TSX_OWN} include= exclude= ignore= clear-screen no-clear-screen`, ...[NODE_TABLE.options].flat()],
    },
  },
};

// ── deno ────────────────────────────────────────────────────────────────────────────────────────

/** deno --v8-flags: heap and stack sizes and gc exposure only; other V8 flags (profiling logs, natives syntax) are keyed. */
const v8Flags: OptionHandler = (v, typed, at) =>
  typeof v === 'string' &&
  /^(--(max-old-space-size|max-semi-space-size|max-heap-size|stack-size)=\d+|--expose-gc)(,(--(max-old-space-size|max-semi-space-size|max-heap-size|stack-size)=\d+|--expose-gc))*$/.test(
    v,
  )
    ? []
    : [exec('v8-flags', opaque(v ?? null), `${at.where} ${typed} hands flags to V8`)];

/** Options every deno command shares (`deno <cmd> --help`, Deno 2; clap: exact names, `--x=v`, optional values attached). */
const DENO_COMMON =
  'h|help q|quiet L|log-level= unstable c|config= no-config ' +
  'unstable-bare-node-builtins unstable-byonm unstable-sloppy-imports unstable-broadcast-channel unstable-cron unstable-ffi ' +
  'unstable-fs unstable-http unstable-kv unstable-net unstable-node-globals unstable-otel unstable-process unstable-temporal ' +
  'unstable-unsafe-proto unstable-webgpu unstable-worker-options unstable-detect-cjs unstable-raw-imports unstable-tsgo ' +
  'unstable-lazy-dynamic-imports unstable-npm-lazy-caching unstable-bundle';
/** Module resolution and type checking. */
const DENO_MODULES =
  'import-map= no-remote no-npm node-modules-dir=? vendor=? r|reload=? lock=? no-lock frozen=? cert= ' +
  'unsafely-ignore-certificate-errors=? cached-only no-check=? check=? conditions= minimum-dependency-age=';
/** Permissions (the script's sandbox: a grant to deno covers what python would do anyway) and the runtime. */
const DENO_RUNTIME =
  'A|allow-all allow-read=? R|=? allow-write=? W|=? allow-net=? N|=? allow-env=? E|=? allow-sys=? S|=? allow-run=? ' +
  'allow-ffi=? allow-hrtime allow-import=? I|=? deny-read=? deny-write=? deny-net=? deny-env=? deny-sys=? deny-run=? ' +
  'deny-ffi=? deny-import=? no-prompt P|permission-set=? inspect=? inspect-brk=? inspect-wait=? location= ' +
  'v8-flags= seed= ext= env-file=? env=? watch=? watch-hmr=? watch-exclude=? no-clear-screen no-code-cache ' +
  'preload=:load require=:load allow-scripts=?:runs';
const DENO_HANDLERS = {
  'v8-flags': v8Flags,
  inspect,
  'inspect-brk': inspect,
  'inspect-wait': inspect,
};
const denoCommand = (own: string, extra: Partial<TableSpec> = {}): TableSpec => ({
  options: [own, DENO_COMMON, DENO_MODULES, DENO_RUNTIME],
  handlers: DENO_HANDLERS,
  ...extra,
});
const denoTool = (own: string, extra: Partial<TableSpec> = {}): TableSpec => ({ options: [own, DENO_COMMON], ...extra });

/**
 * deno's commands (`deno <cmd> --help`, Deno 2.x): run/serve stop at the script (the rest is the
 * script's); eval/repl code is keyed by interpreters.ts; --preload/--require load a module; -g
 * installs a program outside the project. A command without a table here (compile, upgrade,
 * publish, jupyter, uninstall, x, bundle …) is compound.
 */
export const DENO_TABLES: Readonly<Record<string, TableSpec>> = {
  run: denoCommand('tunnel', { stopAtOperand: true }),
  serve: denoCommand('port= host= parallel open', { stopAtOperand: true }),
  test: denoCommand(
    'ignore= no-run trace-leaks doc filter= shuffle=? coverage=? clean parallel fail-fast=? permit-no-files ' +
      'junit-path=:write reporter= hide-stacktraces coverage-raw-data-only',
  ),
  bench: denoCommand('ignore= no-run filter= json permit-no-files'),
  eval: denoCommand('T|ts p|print', { stopAtOperand: true }),
  repl: denoCommand('eval= eval-file=:load'),
  check: denoTool(`${DENO_MODULES} all remote doc doc-only`),
  fmt: denoTool(
    'check ext= ignore= use-tabs=? line-width= indent-width= single-quote=? prose-wrap= no-semicolons=? ' +
      'unstable-component unstable-sql watch=? watch-exclude=? no-clear-screen permit-no-files fail-fast',
  ),
  lint: denoTool(
    'rules rules-tags= rules-include= rules-exclude= fix ignore= json compact watch=? watch-exclude=? no-clear-screen permit-no-files',
  ),
  task: denoTool('cwd= r|recursive f|filter= eval', { stopAtOperand: true }),
  info: denoTool(`${DENO_MODULES} json location= allow-import=? I|=?`),
  doc: denoTool(`${DENO_MODULES} json html name= category-docs= symbol-redirect-map= default-symbol-map= output= private filter= lint`),
  cache: denoTool(`${DENO_MODULES} allow-import=? I|=?`),
  // docs.deno.com/runtime/reference/cli/coverage: reads the profiles, prints; --output writes the report.
  coverage: denoTool('ignore= include= exclude= lcov html detailed output=:write'),
  types: denoTool(''),
  completions: denoTool(''),
  add: denoTool('D|dev jsr npm allow-scripts=?:runs'),
  remove: denoTool('g|global'),
  outdated: denoTool('u|update latest i|interactive r|recursive compatible'),
  init: denoTool('lib serve npm'),
  install: denoTool(`${DENO_MODULES} ${DENO_RUNTIME} D|dev e|entrypoint= g|global:write n|name= root=:write f|force`, {
    handlers: DENO_HANDLERS,
  }),
};
