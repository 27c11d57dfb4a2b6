/**
 * Red-team table for issue 16's option allowlists of the interpreters (python, node, ruby, perl,
 * java: programs/interpreterOptions.ts). "verified" rows were run with /work/shared/tools/what-runs
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
  ['python -m pytest -q --frob', 'simple', 'options after -m are the module’s'],
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
