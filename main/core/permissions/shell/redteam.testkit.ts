/** The red-team tables' shape and their one check, shared by the redteam.*.test.ts files. */
import { expect, it } from 'vitest';
import { classifyCommand, classifyCommandViaParser } from './classify.js';

export type Kind = 'simple' | 'compound' | 'invalid';
/** A command, the verdict it must get, why, and for an attack a program its program list must name ('?' when unknown). */
export type Row = readonly [command: string, kind: Kind, why: string, runs?: string];

/**
 * One test per row: the verdict, the same verdict without the fast path (the parser), and for a
 * compound row with `runs`, that program among the programs (so deny rules on it still apply).
 */
export function itClassifiesRows(rows: readonly Row[]): void {
  it.each(rows.map((r) => [...r]))('%j → %s (%s)', (command, kind, _why, runs) => {
    const c = classifyCommand(command);
    expect(c.kind, JSON.stringify(c)).toBe(kind);
    expect(classifyCommandViaParser(command).kind).toBe(kind);
    if (runs !== undefined && c.kind === 'compound') expect(c.programs.map((p) => p.program)).toContain(runs);
  });
}
