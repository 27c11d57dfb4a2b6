/**
 * Language interpreters: every option before the script is read with the program's table
 * (interpreterOptions.ts: python, node, ruby, perl, java; languageOptions.ts: the others), and one
 * the table does not know is compound. Inline code (`python -c`, `node -e`, `php -r`, …) is opaque,
 * pinned by its hash in the key; a script file is named. Rules: rule.ts; lookup: index.ts.
 */
import { exec, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { opaque, HELP } from './kit.js';
import { javaOptions, NODE_TABLE, PERL_TABLE, PYTHON_TABLE, RUBY_TABLE } from './interpreterOptions.js';
import * as L from './languageOptions.js';
import { optionTable, readItems, readOptions, subcommandOptions, unknown, type OptionTable, type TableSpec } from './optionTable.js';
import { noSpecEffects } from './noSpec.js';
import { programOptions } from './programOptions.js';
import { pythonModule } from './pythonModule.js';
import { rules, type Check, type ModuleRun, type SubcommandSpec, type ProgramRule, type Examples } from './rule.js';

/** A table read from argv[1] on, then `then` given where the options stopped (the first operand, or none). */
function withRest(name: string, spec: TableSpec, then: (argv: readonly Arg[], rest: number | undefined) => Effect[]): Check {
  const table = optionTable(spec);
  return (argv) => {
    const r = readOptions(table, argv, 1, name);
    return r.unknown ? r.effects : [...r.effects, ...then(argv, r.ended ? undefined : r.rest)];
  };
}

/** R CMD TOOL: R's tools (INSTALL, BATCH, SHLIB, check …) build and run code, each with options of its own. */
const rCheck = withRest('R', L.R_TABLE, (argv, rest) =>
  rest !== undefined && argv[rest] === 'CMD'
    ? [exec('CMD', opaque(argv[rest + 1] ?? null), 'R CMD runs an R tool (INSTALL, BATCH, SHLIB, check … build and run code)')]
    : [],
);

/** tclsh without a script reads its commands from stdin. */
const tclshCheck = withRest('tclsh', L.TCLSH_TABLE, (_argv, rest) =>
  rest === undefined ? [exec('stdin', opaque(), 'tclsh reads commands from stdin')] : [],
);

/** ipython's subcommands write under ~/.ipython (profile, history) or open a kernel for other processes. */
const IPYTHON_SUBCOMMANDS = new Set(['profile', 'history', 'kernel']);
const ipythonCheck = (name: string): Check =>
  withRest(name, L.IPYTHON_TABLE, (argv, rest) => {
    const sub = rest === undefined ? undefined : argv[rest];
    return typeof sub === 'string' && IPYTHON_SUBCOMMANDS.has(sub)
      ? [exec(sub, opaque(), `${name} ${sub} writes under ~/.ipython or opens a kernel to other processes`)]
      : [];
  });

/** elixir --rpc-eval NODE CODE (bin/elixir copies both words): the code runs on that node, pinned with it. */
const ELIXIR = optionTable(L.ELIXIR_TABLE);
const elixirCheck: Check = (argv) => {
  const r = readItems(ELIXIR, argv, 1, 'elixir');
  const out = [...r.effects];
  for (const it of r.items)
    if (it.kind === 'long' && it.name === 'rpc-eval') {
      const node = it.value ?? null;
      const code = argv[it.word + 2] ?? null;
      out.push(
        exec('rpc-eval', opaque(node === null || code === null ? null : `${node} ${code}`), 'elixir --rpc-eval runs code on another node'),
      );
    }
  return out;
};

/**
 * racket takes no attached values: a cluster's value letters take the words after it, in order
 * (`-fe file expr`). A cluster whose value letter is not its last is refused (fail closed: any such
 * word before the options end, even one that is a value).
 */
const RACKET = optionTable(L.RACKET_TABLE);
const racketCheck: Check = (argv) => {
  const r = readOptions(RACKET, argv, 1, 'racket');
  const end = r.unknownAt ?? r.rest ?? argv.length;
  for (let i = 1; i < end; i++) {
    const w = argv[i];
    if (typeof w !== 'string' || !/^-[^-]/.test(w)) continue;
    const taking = [...w.slice(1)].findIndex((c) => RACKET.short.get(c)?.arity === 'value');
    if (taking >= 0 && taking < w.length - 2) return [unknown('racket', w)];
  }
  return r.effects;
};

/**
 * deno's own checks: `deno eval CODE` (the first operand after the command's options is code), and
 * a script named by URL, which `deno run`/`serve` fetch and run (docs.deno.com, "Modules").
 */
const DENO_READS: Readonly<Record<string, OptionTable>> = {
  eval: optionTable(L.DENO_TABLES.eval!),
  run: optionTable(L.DENO_TABLES.run!),
  serve: optionTable(L.DENO_TABLES.serve!),
};
const denoEffects: Check = (argv, sub) => {
  const t = sub.subcommand === undefined || sub.index === undefined ? undefined : DENO_READS[sub.subcommand];
  if (!t) return [];
  const r = readItems(t, argv, sub.index! + 1, `deno ${sub.subcommand}`);
  if (r.unknown) return [];
  const first = r.items.find((it) => it.kind === 'operand');
  const operand = first?.kind === 'operand' ? first.value : null;
  if (sub.subcommand === 'eval') return [exec('eval', opaque(operand), 'deno eval runs inline code')];
  return typeof operand === 'string' && /^https?:/i.test(operand)
    ? [exec('remote', opaque(operand), `deno ${sub.subcommand} fetches and runs the script at ${operand}`)]
    : [];
};
const DENO_COMMANDS = subcommandOptions('deno', {
  tables: Object.fromEntries(Object.entries(L.DENO_TABLES).map(([k, v]) => [k, optionTable(v)])),
});
/** `deno main.ts` is `deno run main.ts` (Deno 2): a first word naming a file (or a URL) is the script. */
const DENO: Check = (argv, sub, p) => {
  const first = sub.subcommand;
  if (first === undefined || Object.hasOwn(L.DENO_TABLES, first) || !/[./]/.test(first)) return DENO_COMMANDS(argv, sub, p);
  return /^https?:/i.test(first) ? [exec('remote', opaque(first), `deno fetches and runs the script at ${first}`)] : [];
};

/** The option allowlists: an option the program's table does not know is compound. */
const PYTHON = programOptions('python', PYTHON_TABLE);
const NODE = programOptions('node', NODE_TABLE);
const LUA = programOptions('lua', L.LUA_TABLE);
const options: Readonly<Record<string, Check>> = {
  python: PYTHON,
  python2: PYTHON,
  python3: PYTHON,
  pypy: PYTHON,
  pypy3: PYTHON,
  node: NODE,
  nodejs: NODE,
  ruby: programOptions('ruby', RUBY_TABLE),
  perl: programOptions('perl', PERL_TABLE),
  java: javaOptions,
  php: programOptions('php', L.PHP_TABLE),
  R: rCheck,
  Rscript: programOptions('Rscript', L.RSCRIPT_TABLE),
  lua: LUA,
  luajit: programOptions('luajit', L.LUAJIT_TABLE),
  ghc: programOptions('ghc', L.GHC_TABLE),
  groovy: programOptions('groovy', L.GROOVY_TABLE),
  scala: programOptions('scala', L.SCALA_TABLE),
  jrunscript: programOptions('jrunscript', L.JRUNSCRIPT_TABLE),
  elixir: elixirCheck,
  racket: racketCheck,
  guile: programOptions('guile', L.GUILE_TABLE),
  sbcl: programOptions('sbcl', L.SBCL_TABLE),
  clisp: programOptions('clisp', L.CLISP_TABLE),
  dc: programOptions('dc', L.DC_TABLE),
  gnuplot: programOptions('gnuplot', L.GNUPLOT_TABLE),
  octave: programOptions('octave', L.OCTAVE_TABLE),
  tclsh: tclshCheck,
  osascript: programOptions('osascript', L.OSASCRIPT_TABLE),
  ipython: ipythonCheck('ipython'),
  ipython3: ipythonCheck('ipython3'),
  julia: programOptions('julia', L.JULIA_TABLE),
  'ts-node': programOptions('ts-node', L.TS_NODE_TABLE),
  tsx: programOptions('tsx', L.TSX_TABLE),
  deno: DENO,
};

/** deno's global options, before the command (`deno --quiet run …`). */
const subcommands: Readonly<Record<string, SubcommandSpec>> = {
  deno: { grammar: { noAbbrev: true, shortValue: 'L', longValue: ['log-level'] }, flags: [...HELP, '-q', '--quiet', '--unstable'] },
};

/**
 * The script an interpreter runs, and the words it hands the script: a path outside the project or
 * code named by a remote specifier there is never simple (noSpec.ts rules 1 and 2: `python ../x.py`,
 * `node app.js --in /etc/passwd`), since the script is a program no rule knows. Rule 3 (option
 * names) is left out: a script's options are its own (`manage.py test --settings=…`). `python -m`
 * hands its words to the module's program instead (pythonModule.ts, read by the visitor).
 */
const SCRIPT_CHECKS = new Set(['outside', 'remote']);
const scriptArgs =
  (name: string, module?: ModuleRun): Check =>
  (argv) =>
    module?.(argv) !== undefined ? [] : noSpecEffects(name, argv, 'default').filter((e) => SCRIPT_CHECKS.has(e.flag));
const PYTHON_FAMILY = ['python', 'python2', 'python3', 'pypy', 'pypy3'];
const scripts: Record<string, Check> = Object.fromEntries([
  ...PYTHON_FAMILY.map((n) => [n, scriptArgs(n, pythonModule)]),
  ...['node', 'nodejs', 'ruby', 'perl'].map((n) => [n, scriptArgs(n)]),
]);
const modules: Record<string, ModuleRun> = Object.fromEntries(PYTHON_FAMILY.map((n) => [n, pythonModule]));

/** Programs moved off the default this round keep its checks on top (a path outside the project, code by URL). */
const WITH_DEFAULTS = [
  'php',
  'R',
  'Rscript',
  'lua',
  'luajit',
  'ghc',
  'groovy',
  'scala',
  'jrunscript',
  'elixir',
  'racket',
  'guile',
  'sbcl',
  'clisp',
  'dc',
  'gnuplot',
  'octave',
  'tclsh',
  'osascript',
  'ipython',
  'ipython3',
  'julia',
  'ts-node',
  'tsx',
  'deno',
];

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  python2: { match: [['python2 -c x', '#c']], notMatch: ['python2 script.py'] },
  python3: { match: [["python3 -c 'import os'", '#c']], notMatch: ['python3 -m pytest -q'] },
  pypy: { match: [['pypy -c x', '#c']], notMatch: ['pypy script.py'] },
  pypy3: { match: [['pypy3 -c x', '#c']], notMatch: ['pypy3 -m http.server'] },
  nodejs: { match: [['nodejs -e x', '#e']], notMatch: ['nodejs app.js'] },
  php: {
    match: [
      ["php -r 'system(1);'", '#r-[-?'],
      ["php --run='system(1);'", '#run-[-?'],
      ["php -R 'system($argn);'", '#R-[-?'],
      ['php -dauto_prepend_file=/tmp/x.php app.php', '#d-[-?'],
      ['php -d extension=./evil.so app.php', '#d-[-?'],
      ['php -c php.ini app.php', '#php_ini'],
      ['php -S 0.0.0.0:8000', '#S-[-?'],
      ['php --frob app.php', '#unknown_option'],
    ],
    notMatch: ['php artisan migrate', 'php -d memory_limit=-1 vendor/bin/phpunit', 'php -S localhost:8000 -t public', 'php -l src/A.php'],
  },
  R: {
    match: [
      ["R -e 'system(1)'", '#e-[-?'],
      ["R --no-save -e'system(1)'", '#e-[-?'],
      ['R -d ./gdb', '#debugger'],
      ['R CMD INSTALL pkg', '#CMD'],
      ['R --frob', '#unknown_option'],
    ],
    notMatch: ['R --vanilla -f analysis.R', 'R -q --no-save --args x'],
  },
  Rscript: {
    match: [
      ["Rscript -e 'system(1)'", '#e-[-?'],
      ["Rscript --vanilla -e'system(1)'", '#e-[-?'],
      ['Rscript --default-packages=/tmp/p x.R', '#default_packages'],
      ['Rscript --frob x.R', '#unknown_option'],
    ],
    notMatch: ['Rscript analysis.R --input data.csv', 'Rscript --vanilla scripts/render.R', 'Rscript --max-connections=512 scripts/fit.R'],
  },
  lua: {
    match: [
      ["lua -e 'os.execute(1)'", '#e-[-?'],
      ["lua -e'os.execute(1)'", '#e-[-?'],
      ['lua -l ./evil x.lua', '#l-[-?'],
      ['lua --frob x.lua', '#unknown_option'],
    ],
    notMatch: ['lua main.lua', 'lua -lsocket -W main.lua'],
  },
  luajit: {
    match: [
      ["luajit -e 'os.execute(1)'", '#e-[-?'],
      ["luajit -e'os.execute(1)'", '#e-[-?'],
      ['luajit -jdump=+rs,/tmp/out x.lua', '#j-[-?'],
      ['luajit -b x.lua x.o', '#b'],
      ['luajit --frob x.lua', '#unknown_option'],
    ],
    notMatch: ['luajit main.lua', 'luajit -jv -O3 main.lua'],
  },
  ghc: {
    match: [
      ['ghc -e main', '#e-[-?'],
      ['ghc -pgmc ./cc Main.hs', '#pgm'],
      ['ghc -pgml=./ld Main.hs', '#pgm'],
      ['ghc -optl-fuse-ld=./x Main.hs', '#opt'],
      ['ghc -fplugin=Evil Main.hs', '#fplugin'],
      ['ghc -package-db pkgs Main.hs', '#package_db'],
      ['ghc -package-env envs/dev Main.hs', '#package_env'],
      ['ghc -package-env=evil Main.hs', '#package_env'],
      ['ghc -ghci-script x.ghci', '#ghci_script'],
      ['ghc --frob Main.hs', '#unknown_option'],
    ],
    notMatch: ['ghc -O2 -Wall -threaded Main.hs -o app', 'ghc --make -isrc -XOverloadedStrings Main.hs', 'ghc -package-env - Main.hs'],
  },
  groovy: {
    match: [
      ["groovy -e 'x'", '#e-[-?'],
      ["groovy -e='x'", '#e-[-?'],
      ['groovy -i.bak -pe x f', '#i'],
      ['groovy --configscript cfg.groovy x.groovy', '#configscript'],
      ['groovy -Djava.system.class.loader=E x.groovy', '#D'],
      ['groovy --frob x.groovy', '#unknown_option'],
    ],
    notMatch: ['groovy build.groovy', 'groovy -cp lib/a.jar -Dapp.mode=dev x.groovy'],
  },
  scala: {
    match: [
      ["scala -e 'x'", '#e-[-?'],
      ['scala -Xplugin:p.jar x.scala', '#X'],
      ['scala -J-javaagent:a.jar x.scala', '#agent'],
      ['scala -i init.scala', '#i'],
      ['scala --frob x.scala', '#unknown_option'],
    ],
    notMatch: ['scala Hello.scala', 'scala -deprecation -feature -cp lib/a.jar Main'],
  },
  jrunscript: {
    match: [
      ["jrunscript -e 'x'", '#e-[-?'],
      ["jrunscript -e'x'", '#e-[-?'],
      ['jrunscript -J-javaagent:a.jar x.js', '#agent'],
      ['jrunscript --frob x.js', '#unknown_option'],
    ],
    notMatch: ['jrunscript x.js', 'jrunscript -f x.js a b'],
  },
  elixir: {
    match: [
      ["elixir -e 'x'", '#e-[-?'],
      ["elixir --eval 'x'", '#eval-[-?'],
      ["elixir --erl '-s evil' x.exs", '#erl'],
      ['elixir --sname n x.exs', '#sname'],
      ["elixir --rpc-eval n@h 'System.cmd(1)'", '#rpc_eval'],
      ['elixir --frob x.exs', '#unknown_option'],
    ],
    notMatch: ['elixir script.exs', 'elixir -S mix test --trace'],
  },
  racket: {
    match: [
      ["racket -e '(x)'", '#e-[-?'],
      ["racket --eval '(x)'", '#eval-[-?'],
      ["racket -fe x.rkt '(x)'", '#unknown_option'],
      ["racket --no-lib -tfe x.rkt y.rkt '(x)'", '#unknown_option'],
      ['racket -p evil/pkg', '#p'],
      ['racket --frob x.rkt', '#unknown_option'],
    ],
    notMatch: ['racket main.rkt', 'racket -l racket/base -t main.rkt'],
  },
  guile: {
    match: [
      ["guile -c '(x)'", '#c-[-?'],
      ["guile -e '(x)' -s s.scm", '#e-[-?'],
      ['guile --frob x.scm', '#unknown_option'],
    ],
    notMatch: ['guile script.scm', 'guile -L lib --no-auto-compile -s script.scm'],
  },
  sbcl: {
    match: [
      ["sbcl --eval '(x)'", '#eval-[-?'],
      ["sbcl --noinform --eval '(x)' --quit", '#eval-[-?'],
      ['sbcl --userinit init.lisp', '#userinit'],
      ['sbcl --core evil.core', '#core'],
      ['sbcl --frob', '#unknown_option'],
    ],
    notMatch: ['sbcl --noinform --non-interactive', 'sbcl --dynamic-space-size 2048 --noinform'],
  },
  clisp: {
    match: [
      ["clisp -x '(x)'", '#x-[-?'],
      ['clisp -i init.lisp x.lisp', '#i'],
      ['clisp -K ./set x.lisp', '#K'],
      ['clisp --frob x.lisp', '#unknown_option'],
    ],
    notMatch: ['clisp main.lisp', 'clisp -q -norc main.lisp'],
  },
  dc: {
    match: [
      ["dc -e '!id'", '#e-[-?'],
      ["dc --expression='!id'", '#expression-[-?'],
      ["dc --expr '!id'", '#expression-[-?'],
      ['dc -f x.dc', '#f-[-?'],
      ['dc --frob', '#unknown_option'],
    ],
    notMatch: ['dc calc.dc', 'dc -V'],
  },
  gnuplot: {
    match: [
      ["gnuplot -e 'system(1)'", '#e-[-?'],
      ["gnuplot -e'system(1)' p.gp", '#e-[-?'],
      ['gnuplot --frob p.gp', '#unknown_option'],
    ],
    notMatch: ['gnuplot plot.gp', 'gnuplot -p -c plot.gp data.csv', 'gnuplot -persist plot.gp'],
  },
  octave: {
    match: [
      ["octave --eval 'system(1)'", '#eval-[-?'],
      ["octave --ev='system(1)'", '#eval-[-?'],
      ['octave --info-program ./x', '#info_program'],
      ['octave --frob x.m', '#unknown_option'],
    ],
    notMatch: ['octave --no-gui script.m', 'octave -q -W --norc script.m'],
  },
  tclsh: {
    match: [
      ['tclsh', '#stdin'],
      ['tclsh -encoding utf-8', '#stdin'],
      ['tclsh -frob x.tcl', '#unknown_option'],
    ],
    notMatch: ['tclsh build.tcl', 'tclsh -encoding utf-8 build.tcl a'],
  },
  osascript: {
    match: [
      ["osascript -e 'do shell script 1'", '#e-[-?'],
      ["osascript -l JavaScript -e'x'", '#e-[-?'],
      ['osascript --frob x.scpt', '#unknown_option'],
    ],
    notMatch: ['osascript notify.scpt', 'osascript -l JavaScript notify.js'],
  },
  ipython: {
    match: [
      ["ipython -c 'import os'", '#c-[-?'],
      ['ipython --ext=evil x.py', '#ext'],
      ['ipython --InteractiveShellApp.exec_lines=x', '#unknown_option'],
      ['ipython profile create p', '#profile'],
    ],
    notMatch: ['ipython script.py', 'ipython --no-banner -i script.py'],
  },
  ipython3: {
    match: [
      ["ipython3 -c 'import os'", '#c-[-?'],
      ["ipython3 -c='import os'", '#c-[-?'],
      ['ipython3 --logfile=/tmp/l x.py', '#logfile'],
    ],
    notMatch: ['ipython3 script.py', 'ipython3 -m pytest'],
  },
  julia: {
    match: [
      ["julia -e 'run(1)'", '#e-[-?'],
      ["julia --eval='run(1)'", '#eval-[-?'],
      ["julia --ev 'run(1)'", '#eval-[-?'],
      ["julia -E 'run(1)'", '#E-[-?'],
      ['julia --machine-file hosts x.jl', '#machine_file'],
      ['julia -J evil.so x.jl', '#sysimage'],
      ['julia --output-o=o.o x.jl', '#output_o'],
      ['julia --frob x.jl', '#unknown_option'],
    ],
    notMatch: ['julia --project=. src/main.jl', 'julia -t 4 --startup-file=no test/runtests.jl'],
  },
  'ts-node': {
    match: [
      ["ts-node -e 'x'", '#e-[-?'],
      ["ts-node --eval='x'", '#eval-[-?'],
      ['ts-node -r ./hook.js src/a.ts', '#r-[-?'],
      ['ts-node --compiler ./c.js src/a.ts', '#compiler'],
      ['ts-node --frob src/a.ts', '#unknown_option'],
    ],
    notMatch: ['ts-node src/index.ts', 'ts-node --transpile-only -P tsconfig.json src/index.ts'],
  },
  tsx: {
    match: [
      ["tsx -e 'x'", '#e-[-?'],
      ['tsx --import ./x.mjs src/a.ts', '#import'],
      ['tsx --inspect=0.0.0.0:9229 src/a.ts', '#inspect'],
      ['tsx --frob src/a.ts', '#unknown_option'],
    ],
    notMatch: ['tsx src/index.ts', 'tsx watch --clear-screen src/index.ts'],
  },
  deno: {
    match: [
      ["deno eval 'Deno.run()'", '#eval-[-?'],
      ["deno eval --print 'x'", '#eval-[-?'],
      ['deno run --v8-flags=--prof main.ts', '#v8_flags'],
      ['deno run --inspect=0.0.0.0:9229 main.ts', '#inspect'],
      ['deno run --frob main.ts', '#unknown_option'],
      ['deno install -g x.ts', '#global'],
      ['deno compile main.ts', '#unknown_option'],
      ['deno run https://example.com/x.ts', '#remote'],
      ['deno run -A http://example.com/x.ts a', '#remote'],
      ['deno https://example.com/x.ts', '#remote'],
      ['deno coverage --lcov --output=/tmp/cov.lcov cov', '#output'],
      ['deno coverage --output ../cov.lcov cov', '#output'],
    ],
    notMatch: [
      'deno run -A --watch main.ts --port 80',
      'deno test --allow-read',
      'deno fmt --check',
      'deno main.ts',
      'deno coverage cov',
      'deno coverage --detailed --exclude=test cov',
    ],
  },
  python: {
    match: [
      ["python -c 'print(1)'", '#c-[-?'],
      ['python --frob x.py', '#unknown_option'],
      ['python -X presite=m x.py', '#unknown_option'],
      ['python -X pycache_prefix=/tmp/p x.py', '#X'],
      ['python ../x.py', '#outside'],
      ['python -m pytest -c ../evil.ini', '#outside'],
      ['python -m pip install ../../x', '#outside'],
    ],
    notMatch: ['python script.py', 'python -X dev -W error x.py', 'python -m pytest -q tests', 'python x.py --frob'],
  },
  node: {
    match: [
      ["node -e 'x'", '#e-[-?'],
      ['node --frob x.js', '#unknown_option'],
      ['node --inspect=0.0.0.0:9229 x.js', '#inspect'],
      ['node --env-file=/tmp/e x.js', '#env_file'],
      ['node --test-reporter=./r.mjs --test', '#test_reporter'],
      ['node --redirect-warnings=/tmp/w x.js', '#redirect_warnings'],
    ],
    notMatch: ['node --inspect x.js', 'node --max-old-space-size=4096 x.js', 'node --env-file=.env x.js', 'node x.js --frob'],
  },
  ruby: {
    match: [
      ['ruby --frob x.rb', '#unknown_option'],
      ['ruby -r/tmp/x x.rb', '#r'],
      ['ruby -I /tmp x.rb', '#I'],
    ],
    notMatch: ['ruby -w -rjson x.rb', 'ruby -Ilib x.rb', 'ruby x.rb --frob'],
  },
  perl: {
    match: [
      ['perl --frob x.pl', '#unknown_option'],
      ["perl '-Mstrict;system q(id)' x.pl", '#M'],
      ['perl -I/tmp x.pl', '#I'],
    ],
    notMatch: ['perl -Ilib -MData::Dumper x.pl', 'perl -wc x.pl', 'perl x.pl --frob'],
  },
  java: {
    match: [
      ['java --frob Main', '#unknown_option'],
      ['java -javaagent:/tmp/a.jar Main', '#agent'],
      ['java @opts Main', '#argfile'],
      ['java -XX:OnError=id Main', '#unknown_option'],
      ['java -Djava.system.class.loader=E Main', '#D'],
    ],
    notMatch: ['java -Xmx512m -XX:+UseG1GC -Dapp.mode=dev -jar app.jar --frob', 'java -cp lib/a.jar Main', 'java -version'],
  },
};

export const RULES: readonly ProgramRule[] = rules(
  'interpreters',
  { effects: { deno: denoEffects, ...scripts }, options, subcommands, modules, allowlist: WITH_DEFAULTS, withDefaults: WITH_DEFAULTS },
  EXAMPLES,
);
