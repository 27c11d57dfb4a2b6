/**
 * Database clients: sqlite3, psql, mysql, mariadb. Dot- and backslash-commands run shell commands or write files.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, type Effect } from '../effects.js';
import { scanOptions, type Arg } from '../options.js';
import { opaque, isShort, isLong, valueOf, also, wordOptions } from './kit.js';
import { rules, type Check, type ProgramRule, type Examples } from './rule.js';

function sqlite(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  let dbSeen = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === null || a === undefined) {
      out.push(exec('sql', opaque(), 'sqlite3 argument not known before it runs'));
      continue;
    }
    if (a === '-cmd' || a === '-init') {
      out.push(exec(a.slice(1), opaque(argv[i + 1] ?? null), `sqlite3 ${a} runs dot-commands, which include .shell`));
      i++;
    } else if (!a.startsWith('-')) {
      // Dot-commands that only print (`.tables`, `.schema`) are ordinary; any other may run or write.
      const dots = a.split(/\n|;/).filter((l) => /^\s*\./.test(l));
      const onlyPrinting = dots.every((l) =>
        /^\s*\.(tables|schema|fullschema|indexes|indices|databases|dbinfo|help|show|headers|mode|width|timer|dump|stats|nullvalue|separator|print|changes|eqp|lint)\b[^|]*$/.test(
          l,
        ),
      );
      if (dbSeen && dots.length > 0 && !onlyPrinting) out.push(exec('dot', opaque(a), 'sqlite3 dot-commands include .shell and .system'));
      // SQL that runs a program (the CLI's edit()), writes a file it names (writefile(), ATTACH,
      // VACUUM INTO) or loads code (load_extension()).
      else if (dbSeen && /\b(edit|writefile|load_extension)\s*\(|\battach\b|\bvacuum\s+into\b/i.test(a))
        out.push(exec('sql', opaque(a), 'sqlite3 SQL runs an editor, writes a file or loads an extension'));
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

function sqlClient(name: string, letter: string, long: string): Check {
  return (argv) =>
    scanOptions(argv, 1, { shortValue: letter + 'fhUpdP', longValue: [long, 'file', 'host', 'user', 'port', 'dbname', 'database'] })
      .filter((it) => isShort(it, letter + 'f') || isLong(it, [long, 'file']))
      .filter(
        (it) =>
          isShort(it, 'f') ||
          isLong(it, ['file']) ||
          valueOf(it) === null ||
          (!(name === 'psql' && PSQL_READ_META.test(valueOf(it)!)) &&
            /\\|\bsystem\b|\bprogram\b|\bpipe\b|\boutfile\b|\bdumpfile\b|\blo_export\b|\bpg_read_binary_file\b/i.test(valueOf(it)!)),
      )
      .map((it) => exec(it.name, opaque(valueOf(it)), `${name} meta-commands can run shell commands or write files`));
}

const effects: Readonly<Record<string, Check>> = {
  sqlite3: sqlite,
  psql: also(
    sqlClient('psql', 'c', 'command'),
    wordOptions(
      'psql',
      [
        ['-o', 'write', true],
        ['--output', 'write'],
        ['-L', 'write', true],
        ['--log-file', 'write'],
      ],
      true,
    ),
  ),
  mysql: sqlClient('mysql', 'e', 'execute'),
  mariadb: sqlClient('mariadb', 'e', 'execute'),
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  sqlite3: { match: [["sqlite3 db '.shell rm x'", '#dot-[-?']] },
};

export const RULES: readonly ProgramRule[] = rules('databases', { effects }, EXAMPLES);
