/**
 * One container run on the pty runner, shared by run_container and docker capabilities: the
 * protected entries mounted read-only (placeholders for absent ones, held until the container is
 * gone), and a cancelled or timed-out run removed by the engine, since killing its CLI does not
 * stop it.
 */
import { buildRemoveArgv, buildRunArgv, exec, type ContainerRunSpec } from './container.js';
import { ensureProtectedEntries, holdEnvironment } from './protectedEntries.js';
import { startPty, type PtyRunOptions, type PtyRunResult } from './pty.js';

/** Throws ProtectedEntryRefused (nothing started) when a protected entry is a symlink. */
export async function runInContainer(
  spec: Omit<ContainerRunSpec, 'readOnly'>,
  pty: Omit<PtyRunOptions, 'argv' | 'cwd' | 'onKill'>,
): Promise<PtyRunResult> {
  const endHold = holdEnvironment();
  let removal: Promise<unknown> | undefined;
  try {
    const argv = buildRunArgv({ ...spec, readOnly: ensureProtectedEntries(spec.projectRoot) });
    const handle = startPty({
      ...pty,
      argv,
      cwd: spec.projectRoot,
      onKill: async () => {
        const rm = buildRemoveArgv(spec.engine, spec.name);
        removal = exec(rm[0]!, rm.slice(1), 30_000);
        await removal;
      },
    });
    return await handle.done;
  } finally {
    // The container is gone (exited, or removed by the engine) before its placeholders are.
    await removal;
    endHold();
  }
}
