/**
 * What the gate approved for one call, for execute() to hold itself to (the approved
 * path is the written path). runToolChecked records the Permission it passed to the gate, keyed by
 * the frozen arguments object it then hands to execute(); a tool reads it back with the same object.
 * A call that never went through the gate (a direct execute() in a test) has no record, and the
 * tool computes its permission afresh. With the Permission goes the user's choice of hunks when only
 * part of the proposed change was allowed: execute() then writes exactly those hunks.
 */
import type { HunkChoice, Permission } from '../permissions/index.js';

const approved = new WeakMap<object, { permission: Permission; hunks?: HunkChoice }>();

export function noteApproved(args: unknown, permission: Permission, hunks?: HunkChoice): void {
  if (typeof args === 'object' && args !== null) approved.set(args, hunks ? { permission, hunks } : { permission });
}

export function approvedPermission(args: unknown): Permission | undefined {
  return typeof args === 'object' && args !== null ? approved.get(args)?.permission : undefined;
}

/** The hunks the user took when only part of the change was allowed; undefined: the whole call was. */
export function approvedHunks(args: unknown): HunkChoice | undefined {
  return typeof args === 'object' && args !== null ? approved.get(args)?.hunks : undefined;
}
