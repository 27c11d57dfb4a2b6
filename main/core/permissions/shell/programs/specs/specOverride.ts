/**
 * The shape of a correction to a generated spec table: written in overrides.ts (programs without a
 * hand rule) and handRuleOverrides.ts (programs whose hand rule reads its spec), read by
 * specRules.ts. Its own file so that those two, which one spreads into the other, share it
 * without importing each other.
 */
export interface SpecOverride {
  /** Leave the program out of the spec layer (its spec is unusable): it keeps the no-spec rule. */
  drop?: true;
  /**
   * Options to add, by subcommand path ("" the program, "run", "remote add"), in optionTable.ts's
   * compact spec; they come first, so they also correct an option the spec gets wrong.
   */
  options?: Readonly<Record<string, string>>;
  /**
   * Options the program accepts at every level, before or after any subcommand (pip's general
   * options, kubectl's global flags), where the spec lists them on one node only or not at all.
   */
  global?: string;
  /** The program takes unique prefixes of its long options (optparse, argparse, getopt_long). */
  abbrev?: true;
  /**
   * Subcommands the spec lacks, by their path ("cache"), with their options (compact spec); for a
   * subcommand the spec has, the options come first, as `options` do.
   */
  subcommands?: Readonly<Record<string, string>>;
  /** Subcommand paths whose options end at the first operand (the rest are a script's: `nr build --all`). */
  stopAtOperand?: readonly string[];
  /**
   * Subcommand paths whose operands are not paths though they look like ones (bazel's `//pkg:x`
   * labels): the default's outside-the-project rule spares them.
   */
  notPaths?: readonly string[];
}
