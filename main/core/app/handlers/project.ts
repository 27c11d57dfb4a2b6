import { homedir } from 'node:os';
import { join, sep } from 'node:path';
import { AppError } from '../../../../shared/contract/index.js';
import { attachableMentions, describeProject, mentionFiles, type RecentProjects, viewFile } from '../../projects/index.js';
import type { Handlers } from '../../router/index.js';
import type { HostHooks } from '../host.js';
import type { WindowContext, WindowSession } from '../windows.js';

export interface ProjectHandlerDeps {
  host: HostHooks;
  recent: RecentProjects;
  /** Called when a window starts or stops showing a project (the runtime attaches services). */
  onProjectChange(window: WindowSession, previous: string | null): Promise<void> | void;
}

/** `~` and `~/…` as a shell would read them (typed paths on the start screen); `~user` is left alone. */
export function expandHome(p: string, home = homedir()): string {
  if (p === '~') return home;
  if (p.startsWith('~/') || (sep === '\\' && p.startsWith('~\\'))) return join(home, p.slice(2));
  return p;
}

export function projectHandlers({ host, recent, onProjectChange }: ProjectHandlerDeps): Handlers<WindowContext> {
  const open = async (folder: string, window: WindowSession) => {
    const project = await describeProject(folder);
    recent.touch(project.path);
    if (host.focusWindowShowing?.(project.path, window.id)) return { project, focusedExisting: true };
    const before = window.project;
    window.project = project;
    try {
      await onProjectChange(window, before?.path ?? null);
    } catch (err) {
      window.project = before;
      throw err;
    }
    window.emit('project.changed', project);
    return { project, focusedExisting: false };
  };
  return {
    'app.info': (_input, { window }) => ({
      version: host.version,
      host: host.kind,
      platform: process.platform,
      project: window.project,
      canPickFolder: Boolean(host.pickFolder),
    }),
    'project.open': ({ path }, { window }) => open(expandHome(path), window),
    'project.pickFolder': async (_input, { window }) => {
      if (!host.pickFolder) throw new AppError('unsupported', 'There is no folder dialog here: type the folder path instead.');
      const chosen = await host.pickFolder();
      if (!chosen) return { project: null };
      return { project: (await open(chosen, window)).project };
    },
    'project.close': async (_input, { window }) => {
      const previous = window.project?.path ?? null;
      window.project = null;
      await onProjectChange(window, previous);
      window.emit('project.changed', null);
      return { ok: true as const };
    },
    'project.files': ({ query, limit }, { window }) => {
      if (!window.project) throw new AppError('no_project', 'Open a project folder first.');
      return mentionFiles(window.project.path, query, limit);
    },
    'project.typedMentions': async ({ typed }, { window }) => {
      if (!window.project) throw new AppError('no_project', 'Open a project folder first.');
      return { files: await attachableMentions(window.project.path, typed) };
    },
    'project.viewFile': ({ path }, { window }) => {
      if (!window.project) throw new AppError('no_project', 'Open a project folder first.');
      return viewFile(window.project.path, path);
    },
    'recent.list': () => recent.list(),
    'recent.remove': ({ path }) => recent.remove(path),
  };
}
