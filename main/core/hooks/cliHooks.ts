/**
 * Hooks for the CLI (`codecoder hooks list`, `codecoder check`): the project's hooks read the same
 * way the app reads them — the user's hooks.json, codecoder.json's only while trusted, the switches
 * — with runs audited in the project's audit log like any other.
 */
import type { AuditLog, Clock } from '../permissions/index.js';
import { HookSwitches } from './hookSwitches.js';
import { Hooks, type HooksDeps } from './hooks.js';
import { UserHooksFile } from './userHooks.js';

export function cliHooks(o: {
  projectRoot: string;
  dataDir: string;
  projectHooks: () => unknown;
  isTrusted: () => boolean;
  audit: AuditLog;
  clock: Clock;
  env: NodeJS.ProcessEnv;
  decisionSoFar?: HooksDeps['decisionSoFar'];
}): Hooks {
  const user = new UserHooksFile(o.dataDir);
  return new Hooks({
    projectRoot: o.projectRoot,
    dataDir: o.dataDir,
    userHooks: () => user.read(),
    projectHooks: o.projectHooks,
    isTrusted: o.isTrusted,
    switches: new HookSwitches(o.dataDir),
    audit: o.audit,
    clock: o.clock,
    // The CLI holds no API key of its own; the environment's are scrubbed by name and value.
    secretsToScrub: () => [],
    env: o.env,
    ...(o.decisionSoFar ? { decisionSoFar: o.decisionSoFar } : {}),
  });
}
