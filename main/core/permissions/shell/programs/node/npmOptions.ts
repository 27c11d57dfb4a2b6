/**
 * npm's options after the command: an allowlist of npm's config definitions, read as npm's
 * parser (nopt) reads them. npm has no per-command options: every config key is accepted by every
 * command, and an unknown one is taken as config too (it reaches scripts as npm_config_*), so the
 * table is the definitions, and an option not among them makes the command compound.
 *
 * nopt: any number of dashes (`-call` is `--call`), unique prefixes of option names, `--no-x`,
 * `--x=v` or `--x v` (a next word that looks like an option is unknown here: nopt takes it or
 * re-reads it by the option's type), a switch followed by
 * `true`/`false` takes it, shorthands (`-w`, `-ws`, `-dd`, `-q`) and clusters of one-letter
 * shorthands (`-gf`). `--` ends the options: what follows is the script's (`npm test -- -t x`).
 * That is nopt's dialect of the one option reader (optionTable.ts TableSpec `nopt`).
 */
import type { Effect } from '../../effects.js';
import type { Arg } from '../../options.js';
import { readItems, readOptions, type ItemReading } from '../optionTable.js';
import { withFolderOptions } from './folderOption.js';
import { NPM_CONFIG, NPM_SHORTHANDS } from './npmConfig.js';

/** npm's config definitions read in nopt's dialect (optionTable.ts TableSpec `nopt`). */
const TABLE = withFolderOptions({ options: NPM_CONFIG, nopt: NPM_SHORTHANDS }, ['prefix']);

/** The effects of npm's options in argv[from..] (up to `--`; options and operands mix). */
export function npmOptionEffects(argv: readonly Arg[], from: number, where: string): Effect[] {
  return readOptions(TABLE, argv, from, where).effects;
}

const TO_OPERAND = withFolderOptions({ options: NPM_CONFIG, nopt: NPM_SHORTHANDS, stopAtOperand: true }, ['prefix']);

/** npm's options in argv[from..] up to the first operand (`rest`): the command word, an initializer. */
export function npmOperands(argv: readonly Arg[], from: number, where: string): ItemReading {
  return readItems(TO_OPERAND, argv, from, where);
}
