import { AppError } from '../../../shared/contract/index.js';
import { ProjectRuntime, type ProjectRuntimeDeps } from './projectRuntime.js';
import type { WindowContext } from './windows.js';

/**
 * One runtime per open project folder, shared by the windows that show it, closed with the last.
 * Opening is serialised per folder, so two windows opening it at once share one runtime.
 */
export class ProjectRuntimes {
  private readonly open = new Map<string, { runtime: Promise<ProjectRuntime>; users: number }>();
  /** Runtimes released and still closing (their runs writing their last records): closeAll waits for these too. */
  private readonly closing = new Set<Promise<void>>();

  constructor(private readonly depsFor: (projectRoot: string) => ProjectRuntimeDeps) {}

  acquire(projectRoot: string): Promise<ProjectRuntime> {
    let slot = this.open.get(projectRoot);
    if (!slot) {
      slot = { runtime: ProjectRuntime.open(this.depsFor(projectRoot)), users: 0 };
      this.open.set(projectRoot, slot);
      slot.runtime.catch(() => this.open.delete(projectRoot));
    }
    slot.users++;
    return slot.runtime;
  }

  async release(projectRoot: string): Promise<void> {
    const slot = this.open.get(projectRoot);
    if (!slot) return;
    if (--slot.users > 0) return;
    this.open.delete(projectRoot);
    const closed = slot.runtime.then((r) => r.close());
    this.closing.add(closed);
    try {
      await closed;
    } finally {
      this.closing.delete(closed);
    }
  }

  /** The runtime of the project a window shows; a clear error on the start screen. */
  async of(ctx: WindowContext): Promise<ProjectRuntime> {
    const project = ctx.window.project;
    const slot = project ? this.open.get(project.path) : undefined;
    if (!project || !slot) throw new AppError('no_project', 'Open a project folder first.');
    return slot.runtime;
  }

  async closeAll(): Promise<void> {
    const all = [...this.open.values()];
    this.open.clear();
    // A window closed just before (the host shutting down) may still be closing its runtime.
    await Promise.all([...all.map(async (s) => (await s.runtime).close()), ...[...this.closing].map((c) => c.catch(() => {}))]);
  }
}
