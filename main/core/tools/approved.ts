/**
 * What the gate approved for one call, for execute() to hold itself to (the approved
 * path is the written path). runToolChecked records the Permission it passed to the gate, keyed by
 * the frozen arguments object it then hands to execute(); a tool reads it back with the same object.
 * A call that never went through the gate (a direct execute() in a test) has no record, and the
 * tool computes its permission afresh.
 */
import type { Permission } from '../permissions/index.js';

const approved = new WeakMap<object, Permission>();

export function noteApproved(args: unknown, permission: Permission): void {
  if (typeof args === 'object' && args !== null) approved.set(args, permission);
}

export function approvedPermission(args: unknown): Permission | undefined {
  return typeof args === 'object' && args !== null ? approved.get(args) : undefined;
}
