/**
 * Which answers the engine honours for a key it asks about — the one source of what a prompt may
 * offer (the UI, a notification and the CLI show these and nothing else):
 * - once, always;
 * - the session, unless the key does not pin what will run: a protected path (codecoder.json,
 *   .codecoder/, .git/), a path outside the project, a compound command with a part unknown until it
 *   runs (`?`) — those are asked about each time;
 * - the project, when the session is offered and the key's environment is under the ceiling (not a shell key).
 */
import { ceilingOf, type Environment, type Permission, type Scope } from './types.js';

export function offeredScopes(p: Extract<Permission, { kind: 'ask' }>, env: Environment): Scope[] {
  const pinnedOnce = Boolean(p.flags?.protectedPath || p.flags?.outsideProject || (p.flags?.compound && p.key.raw.includes('?')));
  if (pinnedOnce) return ['once'];
  return ceilingOf(env) === 'project' ? ['once', 'session', 'project'] : ['once', 'session'];
}
