/**
 * What a single call does beyond running its own program: the facts the key must name.
 */
import type { Arg } from './options.js';

/** Another program a call runs. */
export type Inner =
  /** Runs this argv as a command (sudo rm -rf x → ["rm","-rf","x"]). */
  | { kind: 'argv'; argv: Arg[] }
  /** Runs this text as a shell script (bash -c '…', eval, git -c core.pager=…); null = not literal. */
  | { kind: 'script'; text: Arg }
  /** Runs code in another language or a program the classifier cannot name (python -c, $PAGER). */
  | { kind: 'opaque'; text: Arg }
  /** Runs the script or program in this file (bash build.sh, source env.sh). */
  | { kind: 'file'; path: Arg }
  /** Runs nothing further (env alone, sudo -v, command -v git). */
  | { kind: 'none' };

/**
 * One effect of a call. Rendered in a compound key as: "#flag" (when flag is set), then the value
 * (when present), then "> target" (when it writes), then "[ inner ]" (when it runs something).
 */
export interface Effect {
  /** The option that causes it, without leading dashes ("exec", "c", "o"); empty for a wrapper's own job. */
  flag: string;
  /** A literal value worth pinning in the key (git -c name=value, make VAR=value). */
  value?: Arg;
  /** A file the call writes because of this argument. */
  writes?: Arg;
  /** What the call runs because of this argument. */
  runs?: Inner;
  /** Human-readable, for the approval prompt. */
  note: string;
}

export function exec(flag: string, runs: Inner, note: string): Effect {
  return { flag, runs, note };
}

export function write(flag: string, target: Arg, note: string): Effect {
  return { flag, writes: target, note };
}

export function risk(flag: string, note: string, value?: Arg): Effect {
  return value === undefined ? { flag, note } : { flag, value, note };
}
