import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { RecentProject } from '../../../shared/contract/index.js';
import type { JsonStore } from '../stores/index.js';

const MAX_RECENT = 12;
const entrySchema = z.object({ path: z.string(), name: z.string(), openedAt: z.number() });

/** The recent-projects list. A damaged entry is skipped, never the whole list. */
export class RecentProjects {
  constructor(
    private readonly store: Pick<JsonStore, 'read' | 'write'>,
    private readonly clock: () => number = Date.now,
  ) {}

  list(): RecentProject[] {
    return this.load().map((e) => ({ ...e, exists: existsSync(e.path) }));
  }

  touch(projectPath: string): void {
    const entry = { path: projectPath, name: path.basename(projectPath) || projectPath, openedAt: this.clock() };
    this.save([entry, ...this.load().filter((e) => e.path !== projectPath)].slice(0, MAX_RECENT));
  }

  remove(projectPath: string): RecentProject[] {
    this.save(this.load().filter((e) => e.path !== projectPath));
    return this.list();
  }

  private load(): z.infer<typeof entrySchema>[] {
    let raw: unknown;
    try {
      raw = this.store.read().projects;
    } catch {
      return [];
    }
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((e) => {
      const p = entrySchema.safeParse(e);
      return p.success ? [p.data] : [];
    });
  }

  private save(projects: z.infer<typeof entrySchema>[]): void {
    this.store.write({ projects });
  }
}
