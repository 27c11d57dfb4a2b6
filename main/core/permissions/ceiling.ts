/**
 * The ceiling rule (docs/permissions.md, "The model"): keys of `shell` tools reach the session at most. A grant
 * above the ceiling is a CeilingViolation — reported (in the Decision, the audit log, the reload
 * report), never honoured, never silently skipped.
 */
import { ceilingWhy } from '../../../shared/ceilingWords.js';
import { ceilingOf, type CeilingViolation, type Environment, type Scope } from './types.js';

const RANK: Record<Scope, number> = { once: 0, session: 1, project: 2 };

export function ceilingViolation(key: string, environment: Environment, requested: Scope): CeilingViolation | undefined {
  const ceiling = ceilingOf(environment);
  if (RANK[requested] <= RANK[ceiling]) return undefined;
  return {
    key,
    environment,
    requested,
    ceiling,
    message:
      `CeilingViolation: ${key} is a key of a ${environment} tool, which can be granted for the ${ceiling} at most, ` +
      `not the ${requested}. ${ceilingWhy(key, environment)}`,
  };
}

export class CeilingViolationError extends Error {
  override name = 'CeilingViolation';
  constructor(readonly violation: CeilingViolation) {
    super(violation.message);
  }
}

/** The stricter of two environments for the ceiling (a key's tool may disagree with the caller's). */
export function stricter(a: Environment, b: Environment | undefined): Environment {
  if (a === 'shell' || b === 'shell') return 'shell';
  if (b !== undefined && ceilingOf(b) === 'session') return b;
  return a;
}
