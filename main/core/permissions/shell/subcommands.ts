/**
 * Subcommand detection for programs that have subcommands, with their GLOBAL options skipped
 * correctly: `git -C sub status` → status, `git --no-pager log` → log, `git checkout status` →
 * checkout, `docker --context x ps` → ps.
 *
 * Each program's table (its rule in programs/, `subcommands`) lists the global options that may come before the subcommand: those taking a value
 * (so the value is not mistaken for the subcommand) and known flags. An option the table does not
 * know, before the subcommand, leaves the subcommand unknown and the command compound: guessing
 * wrong would let `npm --unknown-opt value publish` slip past a deny rule on `npm:publish`.
 */
import type { Arg } from './options.js';
import { globalsTable } from './programs/globals.js';
import { readItems } from './programs/optionTable.js';
import type { ProgramRule, SubcommandSpec } from './programs/rule.js';

export interface SubcommandResult {
  /** Canonical: the program's own aliases and abbreviations resolved (the rule's `alias`). */
  subcommand?: string;
  /** The subcommand word as typed, when it differs from `subcommand`. */
  typed?: string;
  /** Index of the subcommand word in argv. */
  index?: number;
  /** A global option the table does not know came first: the subcommand cannot be trusted. */
  unknownOption?: string;
  /** A word computed at run time came before the subcommand. */
  dynamic?: boolean;
  /** The unknown option is inside a front that runs another command (`yarn workspaces foreach`). */
  frontUnknown?: boolean;
}

/** argv[0] is the program. */
export function detectSubcommand(rule: ProgramRule, argv: readonly Arg[]): SubcommandResult {
  const spec = rule.subcommands;
  if (!spec) return {};
  let from = 1;
  if (spec.plusToolchain && typeof argv[1] === 'string' && argv[1].startsWith('+')) from = 2;
  let qualifier: { word: string; index: number } | undefined;
  // Bounded: each front moves `from` forward, but `yarn workspace a workspace b …` may repeat.
  for (let fronts = 0; ;) {
    const r = firstOperand(spec, argv, from);
    if (r.word === undefined || r.index === undefined) {
      if (r.dynamic || r.unknownOption !== undefined || !qualifier) return r;
      // `pnpm recursive` alone is the recursive command itself.
      return named(rule, qualifier.word, argv, qualifier.index);
    }
    if (!qualifier && spec.folderWord?.(r.word)) {
      from = r.index + 1;
      continue;
    }
    const f = qualifier ? undefined : spec.front?.(argv, r.index);
    if (f !== undefined) {
      if ('dynamic' in f) return { dynamic: true };
      if ('unknownOption' in f) return { unknownOption: f.unknownOption, frontUnknown: true };
      if (++fronts > 8) return { unknownOption: r.word };
      from = f.next;
      continue;
    }
    // Only the first operand can qualify (pnpm: remain[0]); the next one is the subcommand.
    if (!qualifier && spec.qualifiers?.includes(r.word)) {
      qualifier = { word: r.word, index: r.index };
      from = r.index + 1;
      continue;
    }
    return named(rule, r.word, argv, r.index);
  }
}

function named(rule: ProgramRule, word: string, argv: readonly Arg[], index: number): SubcommandResult {
  // The program's own aliases and abbreviations (`npm publ` is publish, `cargo b` build).
  const subcommand = rule.alias?.(word, argv, index) ?? word;
  return subcommand === word ? { subcommand, index } : { subcommand, typed: word, index };
}

/** The first operand from argv[from], the global options before it read with the program's table. */
function firstOperand(
  spec: SubcommandSpec,
  argv: readonly Arg[],
  from: number,
): { word?: string; index?: number; dynamic?: boolean; unknownOption?: string } {
  const r = readItems(globalsTable(spec), argv, from, String(argv[0]));
  if (r.unknown) return r.unknownAt !== undefined && argv[r.unknownAt] === null ? { dynamic: true } : { unknownOption: argv[r.unknownAt!]! };
  const op = r.items.find((it) => it.kind === 'operand');
  if (!op || op.kind !== 'operand') return {};
  if (op.value === null) return { dynamic: true };
  return { word: op.value, index: op.word };
}
