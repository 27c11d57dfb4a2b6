/**
 * The package managers' folder options (`npm --prefix`, `pnpm --dir`/`-C`, `yarn --cwd`, `bun
 * --cwd`): the program reads that folder's package.json and runs its scripts and its
 * dependencies' lifecycle scripts, so a folder outside the project is compound (issue 25: a path
 * outside the project in an option value is never simple); one inside it is the project's own.
 */
import { exec } from '../../effects.js';
import { outsideProject } from '../kit.js';
import { optionTable, type OptionHandler, type OptionTable, type TableSpec } from '../optionTable.js';

export const folderOption: OptionHandler = (value, typed, at) =>
  value === undefined || (value !== null && !outsideProject(value))
    ? []
    : [exec('folder', { kind: 'opaque', text: value }, `${at.where} ${typed} runs the scripts of a folder outside the project`)];

/** The table of `spec`, with `names` (those it has) read as folder options. */
export function withFolderOptions(spec: TableSpec, names: readonly string[]): OptionTable {
  const t = optionTable(spec);
  const present = names.filter((n) => t.long.has(n) || t.short.has(n));
  if (present.length === 0) return t;
  return optionTable({ ...spec, handlers: { ...spec.handlers, ...Object.fromEntries(present.map((n) => [n, folderOption])) } });
}
