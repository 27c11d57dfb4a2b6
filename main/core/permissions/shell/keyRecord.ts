/**
 * The facts one walk of a command gathers: the key tokens, the programs it runs, the notes and
 * reasons for the prompt, the files it names and each call's verdict; `compound()` turns them into
 * the compound verdict. The walk itself: wordVisitor.ts (words) and commandVisitor.ts (commands).
 */
import type { CommandClass, ProgramRef } from './commandClass.js';
import type { FileTarget } from './fileTargets.js';
import { keyFromTokens, STRUCTURAL_CHARS, UNKNOWN } from './keyTokens.js';
import type { Arg } from './options.js';

export interface CallFacts {
  argv: Arg[];
  subcommand?: string;
  /** True when this call, on its own, satisfies rules 2, 3 and 5–8. */
  simple: boolean;
}

export class KeyRecord {
  readonly tokens: string[] = [];
  readonly programs: ProgramRef[] = [];
  readonly calls: CallFacts[] = [];
  /** Files named literally that are written, deleted or moved (for deny rules on path keys). */
  readonly targets: FileTarget[] = [];
  /** Folder changes (cd, pushd, env -C …): later relative targets may be relative to them. */
  readonly chdirs: (string | null)[] = [];
  /** Prompt lines about programs a package manager may run instead of a script. */
  readonly runnerNotes: string[] = [];
  protected readonly notes: string[] = [];
  protected readonly reasons: string[] = [];
  /** Appended as "#tag" when the tokens alone carry no structural character. */
  protected tag = 'compound';
  /**
   * Something evaluates text as a variable name or an arithmetic expression (let, (( )), $(( )),
   * [[ ]], declare, a subscript, a name builtin): a variable's value, set anywhere in the command,
   * may then hold a subscript that runs code (subscripts.ts).
   */
  evaluatesNames = false;

  note(text: string, reason?: string): void {
    if (!this.notes.includes(text)) this.notes.push(text);
    if (reason !== undefined && !this.reasons.includes(reason)) this.reasons.push(reason);
  }

  compound(tag = this.tag): CommandClass {
    const tokens = [...this.tokens];
    // Never equal to a simple key: a compound key always carries a structural token.
    if (!STRUCTURAL_CHARS.test(tokens.join('-'))) tokens.push('#' + tag);
    const reason = this.reasons.length ? this.reasons.slice(0, 3).join('; ') : 'not a single literal call';
    const out: CommandClass = {
      kind: 'compound',
      key: keyFromTokens(tokens),
      programs: this.programs.map((p) => ({ ...p })),
      reason,
      notes: [...this.notes],
    };
    if (this.targets.length > 0) out.targets = this.targets.map((t) => ({ ...t }));
    if (this.chdirs.length > 0) out.chdirs = [...this.chdirs];
    return out;
  }

  protected push(...t: string[]): void {
    this.tokens.push(...t);
  }

  /**
   * Marks code bash runs that no word shows (a subscript or expression evaluated from text, quotes
   * bash does not honour): `?` in the key (never remembered) and among the programs.
   */
  protected hiddenCode(note: string, flag = 'subscript'): void {
    if (this.programs.some((p) => p.program === UNKNOWN) && this.tokens.includes('#' + flag)) return;
    this.push('#' + flag, UNKNOWN);
    this.programs.push({ program: UNKNOWN });
    this.note(note, flag === 'subscript' ? 'evaluates an array subscript or expression given as text' : note);
  }
}
