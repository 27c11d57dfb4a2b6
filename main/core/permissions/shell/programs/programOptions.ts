/**
 * The option allowlist of a program without subcommands (curl, wget, tar, psql, gcc …): one table
 * read from argv[1] on, options and operands in any order unless the table stops at the first
 * operand. An option the table does not know makes the command compound (optionTable.ts).
 */
import { optionTable, readOptions, type TableSpec } from './optionTable.js';
import type { Check } from './rule.js';

export function programOptions(name: string, spec: TableSpec): Check {
  const table = optionTable(spec);
  return (argv) => readOptions(table, argv, 1, name).effects;
}
