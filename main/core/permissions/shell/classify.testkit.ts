/** Helpers shared by the classifier's tests. */
import { expect } from 'vitest';
import { classifyCommand, type CommandClass } from './classify.js';

export function expectSimple(command: string, program?: string, subcommand?: string): Extract<CommandClass, { kind: 'simple' }> {
  const c = classifyCommand(command);
  expect(c, `expected simple: ${JSON.stringify(command)} → ${JSON.stringify(c)}`).toMatchObject({ kind: 'simple' });
  if (c.kind !== 'simple') throw new Error('unreachable');
  if (program !== undefined) expect(c.program).toBe(program);
  if (program !== undefined) expect(c.key).toBe(`run_command:${program}`);
  if (subcommand !== undefined) expect(c.subcommand).toBe(subcommand);
  return c;
}

export function expectCompound(command: string): Extract<CommandClass, { kind: 'compound' }> {
  const c = classifyCommand(command);
  expect(c.kind, `expected compound: ${JSON.stringify(command)} → ${JSON.stringify(c)}`).toBe('compound');
  if (c.kind !== 'compound') throw new Error('unreachable');
  expect(c.key.startsWith('run_command:')).toBe(true);
  expect(c.reason.length).toBeGreaterThan(0);
  return c;
}

export function expectInvalid(command: string): Extract<CommandClass, { kind: 'invalid' }> {
  const c = classifyCommand(command);
  expect(c.kind, `expected invalid: ${JSON.stringify(command)} → ${JSON.stringify(c)}`).toBe('invalid');
  if (c.kind !== 'invalid') throw new Error('unreachable');
  expect(c.key).toBeNull();
  expect(c.reason.length).toBeGreaterThan(0);
  return c;
}

export function programsOf(command: string): string[] {
  const c = classifyCommand(command);
  if (c.kind === 'compound') return c.programs.map((p) => p.program);
  if (c.kind === 'simple') return [c.program];
  return [];
}
