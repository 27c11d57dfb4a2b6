/**
 * The answers a prompt offers: exactly the scopes main's engine listed for the key (`scopes` on the
 * pending approval, from `offeredScopes` in main/core/permissions/offers.ts). A host that sends no
 * list gets the ceiling's (shell keys: no project).
 */
import type { PendingApprovalView } from '../../../../shared/contract/index.js';

export type Scope = 'once' | 'session' | 'project';

export function offeredScopes(a: Pick<PendingApprovalView, 'scopes' | 'ceiling'>): Scope[] {
  if (a.scopes) return [...a.scopes];
  return a.ceiling === 'project' ? ['once', 'session', 'project'] : ['once', 'session'];
}

/** Why a key is allowed once at most, in a few words; null when more is offered. */
export function onceOnlyReason(a: Pick<PendingApprovalView, 'scopes' | 'ceiling' | 'flags'>): string | null {
  if (offeredScopes(a).includes('session')) return null;
  // The warning above the answers says why a protected path asks each time: this only says the outcome.
  if (a.flags?.protectedPath) return 'nothing is remembered for this request, it is asked about each time';
  if (a.flags?.outsideProject) return 'a path outside the project is asked about each time';
  return 'part of this command is unknown until it runs, so it is asked about each time';
}
