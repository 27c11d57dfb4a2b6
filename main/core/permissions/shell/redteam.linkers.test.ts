/**
 * Red-team table for the option allowlists of the ld family, ctest, go and mysql/mariadb (issue 16,
 * themes 3, 4 and 8): an option that loads code, names a program or writes a file outside the
 * project is compound, an option the tables do not know is compound, and everyday calls stay one
 * simple call. "verified" rows were run with a sandboxed bash trace (bubblewrap + strace) (bwrap + strace, a stub
 * `./x` that touches a file; GNU ld 2.40, gold 1.16, ctest 3.25) and seen to run the program or
 * write the file; go and mysql are not installed here, so their rows cite the manual.
 */
import { describe } from 'vitest';
import { itClassifiesRows, type Row } from './redteam.testkit.js';

const ROWS: readonly Row[] = [
  // ── the ld family ──
  ['ld --error-handling-script=./x b.o -o out', 'compound', 'verified: an undefined symbol made ld run ./x'],
  ['ld @args a.o -o out', 'compound', 'verified: the response file held -Map /tmp/m and ld wrote /tmp/m'],
  ['ld -Map /tmp/m a.o -o out', 'compound', 'verified: ld wrote the map file it names'],
  ['ld.gold -Map /tmp/mm a.o -o out', 'compound', 'verified: gold wrote the map file it names'],
  ['ld.gold -plugin /tmp/p.so a.o', 'compound', 'verified: gold tried to dlopen /tmp/p.so'],
  ['ld --plugin /tmp/p.so a.o', 'compound', 'ld(1) -plugin: loads the shared object'],
  ['ld -plugin-opt=/tmp/lto-wrapper a.o', 'compound', 'the LTO plugin takes the lto-wrapper program as its first option'],
  ['ld -o/tmp/out a.o', 'compound', 'ld(1) -o: writes the output file it names'],
  ['ld --dependency-file=/tmp/d a.o', 'compound', 'ld(1) --dependency-file: writes the file it names'],
  ['ld --frobnicate a.o', 'compound', 'an option the table does not know'],
  ['ld -plug /tmp/p.so a.o', 'compound', 'an ambiguous prefix (plugin, plugin-opt): its arity cannot be known'],
  // ── ctest ──
  ['ctest -S s.cmake', 'compound', 'verified: the script’s execute_process ran ./x'],
  ['ctest -SP s.cmake', 'compound', 'verified: the script’s execute_process ran ./x'],
  ['ctest --build-and-test src bld --build-generator Ninja --test-command ./x', 'compound', 'ctest(1): runs the test command'],
  ['ctest --build-and-test src bld --build-makeprogram ./x', 'compound', 'ctest(1) --build-makeprogram: the make program run'],
  ['ctest --overwrite MakeCommand=./x -T Build', 'compound', 'ctest(1) --overwrite: MakeCommand is the build program ctest runs'],
  ['ctest -O /tmp/log', 'compound', 'ctest(1) -O: writes the log it names'],
  ['ctest --output-junit /tmp/j.xml', 'compound', 'ctest(1) --output-junit: writes the file it names'],
  ['ctest --help-full /tmp/h', 'compound', 'ctest(1) --help-full [<file>]: writes the help to the file'],
  ['ctest -D CTEST_X:STRING=./x', 'compound', 'ctest(1) -D var:type=value: a script variable'],
  ['ctest --frobnicate', 'compound', 'an option the table does not know'],
  // ── go ──
  ['go build -toolexec=./x .', 'compound', 'go help build -toolexec: runs each tool through the program'],
  ['go test --toolexec ./x ./...', 'compound', 'the flag package takes two dashes too'],
  ['go test -exec ./x ./...', 'compound', 'go help test -exec: runs the test binary through the program'],
  ['go vet -vettool=./x ./...', 'compound', 'go help vet -vettool: the analysis program run'],
  ['go build -ldflags=-extld=./x .', 'compound', 'cmd/link -extld: the external linker run'],
  ['go build -ldflags "-linkmode external -extar ./x" .', 'compound', 'cmd/link -extar: the archiver run'],
  ['go build -gccgoflags=-fplugin=./p.so -compiler gccgo .', 'compound', 'the flags go to gccgo, which loads the plugin'],
  ['go build -o /usr/local/bin/app .', 'compound', 'go help build -o: writes the file it names'],
  ['go test -coverprofile=/tmp/c.out ./...', 'compound', 'go help testflag: writes the profile it names'],
  ['go -C /tmp/p build .', 'compound', 'go help: -C runs in that folder and writes its outputs there'],
  ['go env -w GOFLAGS=-toolexec=./x', 'compound', 'go help env -w: a later plain go build reads GOFLAGS'],
  ['go mod edit -replace=example.com/m=/tmp/m', 'compound', 'go.mod replace: later builds compile the folder’s code'],
  ['go test -overlay=/tmp/o.json ./...', 'compound', 'go help build -overlay: source files replaced by files from outside'],
  ['go work use /tmp/m', 'compound', 'go help work use: later builds compile that module'],
  ['go tool cover -html=c.out', 'compound', 'go tool runs a tool (tool directives in go.mod name any package)'],
  ['go build -frobnicate .', 'compound', 'a flag the table does not know'],
  // ── mysql / mariadb ──
  ['mysql --pager=./x db', 'compound', 'mysql(1) --pager: the output goes through the command'],
  ['mysql --loose-pager=./x db', 'compound', 'my_getopt: loose- is the same option, ignored only when unknown'],
  ['mysql --pag=./x db', 'compound', 'my_getopt takes a unique prefix'],
  ['mysql --init_command="\\! ./x" db', 'compound', 'my_getopt: _ and - are alike; \\! runs a shell command'],
  ['mysql --plugin-dir=/tmp --default-auth=evil db', 'compound', 'mysql(1): the auth plugin is loaded from the folder'],
  ['mariadb --defaults-extra-file=/tmp/my.cnf db', 'compound', 'an option file can set pager= to a command'],
  ['mysql --tee=/tmp/out db', 'compound', 'mysql(1) --tee: appends everything to the file'],
  ['mysql -e "source /tmp/x.sql" db', 'compound', 'mysql(1) source: runs a file of client commands (system …)'],
  ['mysql -e "LOAD DATA LOCAL INFILE \'/etc/passwd\' INTO TABLE t" db', 'compound', 'sends a local file to the server'],
  ['mysql --frobnicate db', 'compound', 'an option the table does not know'],

  // ── Everyday forms that stay one simple call ──
  ['ld -shared -soname libx.so.1 -o libx.so a.o -L. -lm -z now --as-needed', 'simple', 'ordinary shared-library link'],
  ['ld -r a.o b.o -o c.o', 'simple', 'a relocatable link'],
  ['ld -output=x a.o', 'simple', 'ld reads a one-dash o word as -o: the file "utput=x" here'],
  ['ld --verbos', 'simple', 'ld takes the unique prefix of --verbose'],
  ['ld.gold --gc-sections -o out a.o', 'simple', 'ordinary'],
  ['ctest --test-dir build -C Release --output-on-failure -j 4', 'simple', 'ordinary'],
  ['ctest -VV -R parser --timeout 60', 'simple', 'ordinary'],
  ['ctest --output-junit report.xml', 'simple', 'a report inside the project'],
  ['go build -ldflags "-s -w -X main.version=1.2.3" -o bin/app ./cmd/app', 'simple', 'ordinary release build'],
  ['go test -race -count=1 -run TestParse -v ./...', 'simple', 'ordinary'],
  ['go test ./... -args -update', 'simple', 'words after -args are the test binary’s'],
  ['go run ./cmd/server -port 8080', 'simple', 'words after the package are the program’s'],
  ['go mod edit -replace=example.com/m=./third_party/m', 'simple', 'a folder inside the project'],
  ['go list -m -json all', 'simple', 'ordinary'],
  ['go work use ./tools', 'simple', 'a module inside the project'],
  ['go vet -printf=false ./...', 'simple', 'an analyzer flag'],
  ['mysql -uroot -pSECRET -h 127.0.0.1 -e "select 1" db', 'simple', 'a plain query'],
  ['mariadb -Bse "show tables" db', 'simple', 'clustered short options and a plain query'],
  ['mysql --skip-column-names --skip-pager -u app db', 'simple', 'off switches'],
];

describe('red team: ld, ctest, go and mysql option allowlists (issue 16)', () => {
  itClassifiesRows(ROWS);
});
