/**
 * Every rule's examples, checked the same way: a `match` command is compound and its key holds the
 * given fragment (the rule caught it); a `notMatch` command is one simple call of the program.
 */
import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../classify.js';
import { allRules } from './index.js';

const rules = allRules();
const hasExamples = (r: (typeof rules)[number]) => (r.match?.length ?? 0) + (r.notMatch?.length ?? 0) > 0;

/**
 * Rules that do not carry examples yet (issue 25 item 4). The list only shrinks: a rule that gains
 * examples must leave it, and a new rule must come with its own.
 */
const WITHOUT_EXAMPLES: readonly string[] = [
  '[',
];

describe('program rule examples', () => {
  it('every family documents what its rules catch', () => {
    const families = new Set(rules.map((r) => r.family));
    for (const f of families)
      expect(
        rules.some((r) => r.family === f && hasExamples(r)),
        f,
      ).toBe(true);
  });

  it('every rule carries its own examples, but for the ones listed as not yet', () => {
    expect(
      rules
        .filter((r) => !hasExamples(r))
        .map((r) => r.name)
        .sort(),
    ).toEqual([...WITHOUT_EXAMPLES].sort());
  });

  for (const r of rules) {
    for (const ex of r.match ?? []) {
      const [command, holds] = typeof ex === 'string' ? [ex, ''] : ex;
      it(`${r.name} catches: ${command}`, () => {
        const c = classifyCommand(command);
        expect(c.kind).toBe('compound');
        expect(c.key).toContain(holds);
      });
    }
    for (const ex of r.notMatch ?? []) {
      const command = typeof ex === 'string' ? ex : ex[0];
      it(`${r.name} lets through: ${command}`, () => {
        const c = classifyCommand(command);
        expect(c.kind).toBe('simple');
        expect(c.key).toBe(`run_command:${command.split(' ')[0]}`);
      });
    }
  }
});
