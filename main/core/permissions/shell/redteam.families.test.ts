/**
 * Red-team table for issue 25: programs from families that had no option table, whose options or
 * file names run a program, load code, or reach a folder outside the project. The five,
 * then ones found while tabling (each with its source), then the everyday forms of the same
 * programs that stay one simple call. "verified" rows were run under bubblewrap + strace and seen
 * to run the program; the others cite the program's manual or README.
 */
import { describe } from 'vitest';
import { itClassifiesRows, type Row } from './redteam.testkit.js';

const ROWS: readonly Row[] = [
  // ── The five ──
  ['phpunit --bootstrap ../evil.php', 'compound', 'phpunit docs: --bootstrap runs a PHP file before the tests'],
  ['cypress run --config-file ../c.config.js', 'compound', 'cypress docs: the config file is JavaScript it runs'],
  ['kustomize build --enable-exec .', 'compound', 'kustomize docs: --enable-exec lets exec KRM functions run programs'],
  ['composer --working-dir=../other install', 'compound', "composer docs: runs the other folder's scripts"],
  ['swift build --scratch-path ../b', 'compound', 'swift build --help: the build folder, written outside the project'],

  // ── Found while tabling: families without a table before ──
  ["gs -q -dNOSAFER -dNODISPLAY -c '(%pipe%id) (r) file pop quit'", 'compound', 'verified: gs ran sh -c id'],
  ['gs -dNOSAFER x.ps', 'compound', 'Ghostscript Use.htm: -dNOSAFER lets a document open %pipe% commands'],
  ['make -C ../other', 'compound', "GNU make manual -C: runs the other folder's makefile"],
  ['make -f ../other/Makefile all', 'compound', 'GNU make manual -f: recipes from a makefile outside the project'],
  ['pandoc --filter rm in.md -o out.html', 'compound', 'pandoc(1) --filter: runs PROGRAM with the output format as argument', 'rm'],
  ['pandoc -L x.lua in.md', 'compound', 'pandoc(1) -L/--lua-filter: runs the Lua script in pandoc'],
  ['postcss --use evil-plugin in.css', 'compound', 'postcss-cli README: -u/--use loads the plugin modules'],
  ["mlr --prepipe 'sh -c id' cat x.csv", 'compound', 'Miller 6 docs, --prepipe: runs the command on each input file'],
  ["ugrep --filter='txt:sh -c id' pat", 'compound', 'ugrep docs --filter: runs COMMANDS on matching files'],
  ['actionlint -shellcheck=evil', 'compound', 'actionlint docs: -shellcheck names the command it runs'],
  ["blender -b --python-expr 'import os'", 'compound', 'blender --help: --python-expr runs the Python expression'],
  ["kak -e 'nop %sh{id}'", 'compound', 'Kakoune docs: -e runs commands, %sh{} a shell'],
  ["vifm -c '!id'", 'compound', 'vifm(1): -c runs a command on start, :! a shell command'],
  ["exiftool -if 'system(\"id\")' x.jpg", 'compound', 'exiftool(1) -if: a Perl expression'],
  ["borg --rsh 'sh -c id' list repo", 'compound', 'borg docs --rsh: the command that reaches the repository'],
  ["magick '|id' out.png", 'compound', 'CVE-2016-5118: OpenBlob opens a |-file name as a pipe (Debian builds disable popen)'],
  ["duckdb x.db -c '.shell id'", 'compound', "the DuckDB CLI is sqlite3's shell: .shell runs a command"],
  ["consul lock locks/x 'sh -c id'", 'compound', 'consul lock docs: runs the child command while holding the lock'],
  ['etcdctl lock m sh -c id', 'compound', 'etcdctl lock docs: runs the command while holding the lock'],
  ["reflex -r '\\.go$' -- sh -c id", 'compound', 'reflex README: runs the command on every change'],
  ["onchange '*.js' -- sh -c id", 'compound', 'onchange README: runs the command after --'],
  ["chokidar '*.js' -c 'sh -c id'", 'compound', 'chokidar-cli README: -c runs the command on change'],
  ["watchman-make -p '*.c' --run 'sh -c id'", 'compound', 'watchman-make docs: --run runs the command'],
  ['envconsul -prefix app sh', 'compound', 'envconsul README: runs the command with the values'],
  ['summon sh -c id', 'compound', 'summon README: runs the command with the secrets'],

  // ── Everyday forms of the same programs: one simple call ──
  ['pandoc in.md -o out.html', 'simple', 'a document conversion'],
  ['make -C sub', 'simple', 'a folder inside the project'],
  ['gs -dSAFER -dBATCH -sDEVICE=png16m -o out.png in.pdf', 'simple', 'the sandbox on'],
  ['convert in.png out.jpg', 'simple', 'an image conversion'],
  ['mlr --icsv --ojson cat x.csv', 'simple', 'a format conversion'],
  ['exiftool -Model x.jpg', 'simple', 'reads a tag'],
  ['borg list repo', 'simple', 'lists archives'],
  ['etcdctl get foo', 'simple', 'reads a key'],
];

describe('issue 25: families without a table before', () => {
  itClassifiesRows(ROWS);
});
