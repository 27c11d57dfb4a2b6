/**
 * The ld family's option allowlist (ld, ld.bfd, ld.gold): tables generated from each linker's
 * `--help` (ldTables.ts). ld reads long options after one dash or two (getopt_long_only, which also
 * takes unique prefixes; gold matches names exactly), except that a one-dash word starting with `o`
 * is `-o FILE` (ld's manual). Plugins (`-plugin`, and `-plugin-opt`, which names the LTO wrapper
 * program) and `--wrap` load code (today's keys kept); `--error-handling-script` runs a program; the
 * output, map, dependency and import-library files outside the project are written; `@file` reads
 * more options from a file, so what they do cannot be known. An unknown option is compound.
 */
import { exec, write, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { opaque, outsideProject } from './kit.js';
import { LD_BFD_OPTIONS, LD_GOLD_OPTIONS } from './ldTables.js';
import { optionTable, readOptions, type OptionHandler } from './optionTable.js';
import type { Check } from './rule.js';

/** The uses; this spec comes first, so it wins over the generated arity-only spec. */
const USES = 'o|output=:write plugin=:load plugin-opt=:load wrap=:load error-handling-script=:prog';

const outputFile: OptionHandler = (v, typed) =>
  v === null || v === undefined || outsideProject(v) ? [write('o', v ?? null, `ld ${typed} writes the file it names`)] : [];

/** Files ld writes besides its output (the bfd and gold spellings). */
const WRITES = ['Map', 'dependency-file', 'out-implib', 'output-def', 'print-symbol-counts'];

function linker(name: string, generated: readonly string[], abbrev: boolean): Check {
  const handlers: Record<string, OptionHandler> = { output: outputFile };
  const spec = [USES, ...generated];
  const table0 = optionTable({ options: spec });
  for (const w of WRITES) if (table0.long.has(w)) handlers[w] = outputFile;
  const table = optionTable({ options: spec, singleDashLong: true, abbrev, handlers });
  return (argv) => {
    const words: Arg[] = [argv[0] ?? null];
    for (const w of argv.slice(1)) {
      // `-ofoo` is `-o foo`: ld never reads a one-dash word starting with `o` as a long option.
      if (w !== null && w.length > 2 && w.startsWith('-o')) words.push('-o', w.slice(2));
      else words.push(w);
    }
    const out: Effect[] = readOptions(table, words, 1, name).effects;
    if (words.slice(1).some((w) => w !== null && w.startsWith('@')))
      out.push(exec('argfile', opaque(), `${name} @file reads more options from a file`));
    return out;
  };
}

export const ldBfd = linker('ld', LD_BFD_OPTIONS, true);
export const ldGold = linker('ld.gold', LD_GOLD_OPTIONS, false);
