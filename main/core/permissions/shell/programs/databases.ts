/**
 * Database clients: sqlite3, psql, mysql, mariadb. Dot- and backslash-commands run shell commands or write files.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, write, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { opaque, script, valueOf, wholeWords } from './kit.js';
import { optionTable, readItems, type OptionTable } from './optionTable.js';
import { mysqlClient } from './mysql.js';
import { programOptions } from './programOptions.js';
import { rules, type Check, type ProgramRule, type Examples } from './rule.js';

/**
 * The sqlite3 shell's options (shell.c.in main(), SQLite 3.40–3.50; `sqlite3 -help`): one dash or
 * two (`--init` is `-init`), anywhere among the operands, `--` ending them; `-A…` hands every word
 * after it to `.archive`. Arities are the first pass's, which decides which word is the database and
 * which are commands. Left out (so compound): `-nonce`, `-threadsafe`, `-memtrace`, `-pcachetrace`,
 * `-vfstrace` and `-multiplex`, which the second pass skips a different number of words for, so that
 * a word the first pass takes for the database can run as a `-cmd` there.
 */
const SQLITE = optionTable({
  options:
    'append ascii backslash bail batch box column cmd= csv deserialize echo eqp eqpfull header noheader heap= help html ' +
    'init= interactive json line list lookaside= markdown maxsize= mmap= newline= no-rowid-in-view no-utf8 nofollow ' +
    'nullvalue= pagecache= quote readonly safe scanstats separator= sorterref= stats table tabs unsafe-testing utf8 version ' +
    'vfs= zip A*',
  singleDashLong: true,
  stopAfter: ['A'],
});

/**
 * The DuckDB shell's options (tools/shell/shell_command_line_option.cpp, DuckDB 1.x): one dash or
 * two; `-c`/`-s` run SQL and exit, `-f` runs a file of SQL and dot-commands, `-unsigned` lets SQL
 * load unsigned extensions, `-ui` downloads and starts the UI extension's web server.
 */
const DUCKDB = optionTable({
  options:
    'ascii bail batch box column cmd= csv c= dark-mode echo f= format format-file= init= header h help html interactive ' +
    'json jsonlines light-mode line list manual= markdown newline= no-init no-stdin noheader nullvalue= quote readonly s= ' +
    'safe separator= storage-version= table ui unredacted unsigned version',
  singleDashLong: true,
});

/** Dot-commands that only print (`.tables`, `.schema`); any other may run (`.shell`, `.system`) or write (`.output`, `.once`). */
const PRINTING_DOT =
  /^\s*\.(tables|schema|fullschema|indexes|indices|databases|dbinfo|help|show|headers|mode|width|timer|dump|stats|nullvalue|separator|print|changes|eqp|lint)\b[^|]*$/;

/** SQL that runs a program (the CLI's edit()), writes a file it names (writefile(), ATTACH, VACUUM INTO) or loads code (load_extension()). */
const SQLITE_SQL = /\b(edit|writefile|load_extension)\s*\(|\battach\b|\bvacuum\s+into\b/i;
/**
 * DuckDB SQL that reaches past the database: COPY/EXPORT/IMPORT files, INSTALL/LOAD extensions,
 * ATTACH, settings, table functions that read or write files or fetch URLs, a quoted path outside
 * the project or a URL.
 */
const DUCKDB_SQL =
  /\b(copy|export|import|install|load|attach|pragma|set|call|secret)\b|\b(read_\w+|write_\w+|glob|getenv|sniff_csv|parquet_\w+)\s*\(|'\s*(\/|~|\.\.|[a-z0-9+]+:\/\/)/i;

/** Commands (dot-commands or SQL) the shell runs: the words of `-cmd`/`-c` or the operands after the database. */
function sqlEffects(name: string, flag: string, text: Arg, sql: RegExp): Effect[] {
  if (text === null) return [exec(flag, opaque(), `${name} runs commands known only at run time`)];
  const dots = text.split(/\n|;/).filter((l) => /^\s*\./.test(l));
  if (dots.length > 0 && !dots.every((l) => PRINTING_DOT.test(l)))
    return [exec('dot', opaque(text), `${name} dot-commands include .shell and .system`)];
  if (sql.test(text)) return [exec('sql', opaque(text), `${name} SQL runs a program, reaches files past the database or loads code`)];
  return [];
}

/** sqlite3 and duckdb: the options read with their table, then what each command-running option and operand runs. */
function sqlShell(table: OptionTable, sql: RegExp): Check {
  return (argv) => {
    const name = String(argv[0]);
    const r = readItems(table, wholeWords(table, argv), 1, name);
    const out = [...r.effects];
    let dbSeen = false;
    for (const it of r.items) {
      if (it.kind === 'dynamic') continue;
      if (it.kind === 'operand') {
        if (dbSeen) out.push(...sqlEffects(name, 'sql', it.value, sql));
        else if (it.value === null) out.push(exec('sql', opaque(), `${name} argument not known before it runs`));
        dbSeen = true;
        continue;
      }
      const v = valueOf(it);
      if (it.name === 'init' || it.name === 'f')
        out.push(exec(it.name, opaque(v), `${name} -${it.name} runs the file's commands, which include .shell`));
      else if (it.name === 'cmd' || it.name === 'c' || it.name === 's') out.push(...sqlEffects(name, it.name, v, sql));
      else if (it.name === 'A') out.push(exec('A', opaque(v), `${name} -A runs .archive, which creates and extracts files`));
      else if (it.name === 'unsigned') out.push(exec('unsigned', opaque(), `${name} -unsigned lets SQL load unsigned extensions`));
      else if (it.name === 'ui') out.push(exec('ui', opaque(), `${name} -ui downloads and starts the UI extension's web server`));
    }
    return out;
  };
}

/**
 * psql's describe and list meta-commands (`\dt`, `\d table`, `\l`, `\conninfo`): they only read
 * the catalog. One command, at most one pattern argument, no second backslash (which would start
 * another meta-command such as `\!`).
 */
const PSQL_READ_META = /^\s*\\(d[A-Za-z]{0,3}[S+]{0,2}|l\+?|conninfo)(\s+[A-Za-z0-9_.*"]+)?\s*$/;

/** SQL or a meta-command given to a client that can run shell commands or write files. */
function sqlDanger(name: string, sql: string): boolean {
  return (
    !(name === 'psql' && PSQL_READ_META.test(sql)) &&
    /\\|\bsystem\b|\bprogram\b|\bpipe\b|\boutfile\b|\bdumpfile\b|\blo_export\b|\bpg_read_binary_file\b/i.test(sql)
  );
}

/**
 * psql's options, from `psql --help` (15; getopt_long). `-c` is read as above; `-f` runs a file of
 * SQL and meta-commands (`\!`); `-o |cmd` pipes to a program; a variable whose value has a backtick
 * (`-v PROMPT1=%\`cmd\``) runs it.
 */
/** `-v NAME=VALUE`: a backtick in the value runs a command when psql expands it. */
const psqlVariable = (v: Arg | undefined, typed: string): Effect[] =>
  v === null || v === undefined || v.includes('`')
    ? [exec('v', opaque(v ?? null), `psql ${typed}: a backtick in a variable runs a command`)]
    : [];

const psql = programOptions('psql', {
  abbrev: true,
  options: [
    'c|command= d|dbname= f|file= l|list v|set= variable= V|version X|no-psqlrc 1|single-transaction ?|help=? a|echo-all',
    'b|echo-errors e|echo-queries E|echo-hidden L|log-file=:write n|no-readline o|output= q|quiet s|single-step S|single-line',
    'A|no-align csv F|field-separator= H|html P|pset= R|record-separator= t|tuples-only T|table-attr= x|expanded',
    'z|field-separator-zero 0|record-separator-zero h|host= p|port= U|username= w|no-password W|password',
  ],
  handlers: {
    command: (v, typed) =>
      v === null || v === undefined || sqlDanger('psql', v)
        ? [exec('c', opaque(v ?? null), `psql ${typed}: meta-commands can run shell commands or write files`)]
        : [],
    file: (v, typed) => [exec('f', opaque(v ?? null), `psql ${typed} runs the file's commands, which can run shell commands`)],
    output: (v, typed) =>
      typeof v === 'string' && v.startsWith('|')
        ? [exec('o', script(v.slice(1)), `psql ${typed} pipes the output to a command`)]
        : [write('o', v ?? null, `psql ${typed} writes query output to the file it names`)],
    set: psqlVariable,
    variable: psqlVariable,
  },
});

const effects: Readonly<Record<string, Check>> = {
  sqlite3: sqlShell(SQLITE, SQLITE_SQL),
  // The DuckDB CLI descends from the sqlite3 shell: `-cmd`, `-init`, dot-commands (`.shell`, `.system`).
  duckdb: sqlShell(DUCKDB, DUCKDB_SQL),
  psql,
  mysql: mysqlClient('mysql'),
  mariadb: mysqlClient('mariadb'),
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  psql: {
    match: [
      ["psql -c '\\! id'", '#c'],
      ['psql -f ../x.sql', '#f'],
      ['psql --evil', '#unknown_option'],
    ],
    notMatch: ['psql -h localhost -U postgres -d app', 'psql -d app -v ON_ERROR_STOP=1', 'psql -c "select 1"'],
  },
  mariadb: {
    match: [
      ["mariadb -e 'system id'", '#e'],
      ['mariadb --defaults-extra-file=../x.cnf', '#defaults_extra_file'],
      ['mariadb --evil', '#unknown_option'],
    ],
    notMatch: ['mariadb -u root -p app', 'mariadb -h 127.0.0.1 -P 3306 -u app app', 'mariadb -e "select 1"'],
  },
  sqlite3: {
    match: [
      ["sqlite3 db '.shell rm x'", '#dot-[-?'],
      ["sqlite3 -cmd '.shell id' db", '#dot'],
      ["sqlite3 --cmd='.system id' db", '#dot'],
      ['sqlite3 -init ../x.sql db', '#init'],
      ['sqlite3 db \'select writefile("/tmp/x", 1)\'', '#sql'],
      ['sqlite3 -Ax db.zip', '#A'],
      ["sqlite3 -memtrace -separator -cmd '.shell id' db", '#unknown_option'],
      ['sqlite3 -frob db', '#unknown_option'],
    ],
    notMatch: ['sqlite3 app.db ".tables"', 'sqlite3 app.db "select count(*) from users"', 'sqlite3 -header -csv app.db "select 1"'],
  },
  duckdb: {
    match: [
      ["duckdb x.db -c '.shell id'", '#dot'],
      ["duckdb -s '.system id'", '#dot'],
      ['duckdb -init ../x.sql', '#init'],
      ['duckdb -f setup.sql x.db', '#f'],
      ['duckdb -c "copy t to \'/tmp/x.csv\'" x.db', '#sql'],
      ['duckdb -c "select * from read_text(\'/etc/passwd\')"', '#sql'],
      ['duckdb -unsigned x.db', '#unsigned'],
      ['duckdb --unsigned x.db', '#unsigned'],
      ['duckdb -frob x.db', '#unknown_option'],
    ],
    notMatch: ["duckdb x.db -c '.tables'", "duckdb -c 'select 42'", "duckdb x.db 'select count(*) from t'", 'duckdb -readonly x.db'],
  },
  mysql: {
    match: [
      ['mysql --pager=./x db', '#pager'],
      ['mysql -e "system id"', '#e'],
      ['mysql --frob db', '#unknown_option'],
    ],
    notMatch: ['mysql -uroot -h 127.0.0.1 -e "select 1" db'],
  },
};

export const RULES: readonly ProgramRule[] = rules(
  'databases',
  { effects, allowlist: ['psql', 'mysql', 'mariadb', 'sqlite3', 'duckdb'], withDefaults: ['sqlite3', 'duckdb'] },
  EXAMPLES,
);
