/**
 * Database clients: sqlite3, psql, mysql, mariadb. Dot- and backslash-commands run shell commands or write files.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, write, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { opaque, script } from './kit.js';
import { mysqlClient } from './mysql.js';
import { programOptions } from './programOptions.js';
import { rules, type Check, type ProgramRule, type Examples } from './rule.js';

function sqlite(argv: readonly Arg[]): Effect[] {
  const name = String(argv[0]);
  const out: Effect[] = [];
  let dbSeen = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === null || a === undefined) {
      out.push(exec('sql', opaque(), `${name} argument not known before it runs`));
      continue;
    }
    if (a === '-cmd' || a === '-init') {
      out.push(exec(a.slice(1), opaque(argv[i + 1] ?? null), `${name} ${a} runs dot-commands, which include .shell`));
      i++;
    } else if (!a.startsWith('-')) {
      // Dot-commands that only print (`.tables`, `.schema`) are ordinary; any other may run or write.
      const dots = a.split(/\n|;/).filter((l) => /^\s*\./.test(l));
      const onlyPrinting = dots.every((l) =>
        /^\s*\.(tables|schema|fullschema|indexes|indices|databases|dbinfo|help|show|headers|mode|width|timer|dump|stats|nullvalue|separator|print|changes|eqp|lint)\b[^|]*$/.test(
          l,
        ),
      );
      if (dbSeen && dots.length > 0 && !onlyPrinting) out.push(exec('dot', opaque(a), `${name} dot-commands include .shell and .system`));
      // SQL that runs a program (the CLI's edit()), writes a file it names (writefile(), ATTACH,
      // VACUUM INTO) or loads code (load_extension()).
      else if (dbSeen && /\b(edit|writefile|load_extension)\s*\(|\battach\b|\bvacuum\s+into\b/i.test(a))
        out.push(exec('sql', opaque(a), `${name} SQL runs an editor, writes a file or loads an extension`));
      dbSeen = true;
    }
  }
  return out;
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
  sqlite3: sqlite,
  // The DuckDB CLI is the sqlite3 shell's: `-cmd`, `-init`, dot-commands (`.shell`, `.system`).
  duckdb: sqlite,
  psql,
  mysql: mysqlClient('mysql'),
  mariadb: mysqlClient('mariadb'),
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  sqlite3: { match: [["sqlite3 db '.shell rm x'", '#dot-[-?']] },
  duckdb: { match: [["duckdb x.db -c '.shell id'", '#dot']], notMatch: ["duckdb x.db -c '.tables'"] },
  mysql: {
    match: [
      ['mysql --pager=./x db', '#pager'],
      ['mysql -e "system id"', '#e'],
      ['mysql --frob db', '#unknown_option'],
    ],
    notMatch: ['mysql -uroot -h 127.0.0.1 -e "select 1" db'],
  },
};

export const RULES: readonly ProgramRule[] = rules('databases', { effects, allowlist: ['psql', 'mysql', 'mariadb'] }, EXAMPLES);
