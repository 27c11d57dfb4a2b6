/**
 * What the classifier says of a command (docs/permissions.md, "Classification of a command"): one
 * simple call, a compound command, or an invalid one, and the error that makes a command invalid.
 */
import type { FileTarget } from './fileTargets.js';

export interface ProgramRef {
  program: string;
  subcommand?: string;
  /**
   * Set on a program a package manager may run in place of a script (`pnpm bash` runs bash when no
   * script is named bash; programs/node/scriptRunners.ts), and on what that program runs in turn: the runner.
   */
  runBy?: string;
}

export type CommandClass =
  | {
      kind: 'simple';
      key: string;
      program: string;
      subcommand?: string;
      argv: string[];
      /** Programs the package manager may run instead of a script of that name (runBy set on each). */
      mayRun?: ProgramRef[];
      /** Prompt lines for mayRun. */
      notes?: string[];
      /** Files named literally that the command writes, deletes or moves (fileTargets.ts). */
      targets?: FileTarget[];
      /** Folders the command changes to before a target may be written (null: not known). */
      chdirs?: (string | null)[];
    }
  | {
      kind: 'compound';
      key: string;
      programs: ProgramRef[];
      reason: string;
      notes: string[];
      targets?: FileTarget[];
      chdirs?: (string | null)[];
    }
  | { kind: 'invalid'; key: null; reason: string };

/** Thrown where a command must never run (hidden characters, a disguised program name): the verdict is invalid. */
export class InvalidCommand extends Error {}
