import type { EventName, EventPayload, ProjectInfo } from '../../../shared/contract/index.js';
import type { CallContext } from '../router/index.js';

/** One window (Electron) or one WebSocket connection (web host): what it shows and how to reach it. */
export interface WindowSession {
  readonly id: string;
  project: ProjectInfo | null;
  /** Pushes an event to this window only. */
  emit<E extends EventName>(name: E, payload: EventPayload<E>): void;
}

export interface WindowContext extends CallContext {
  window: WindowSession;
}

/** All open windows, so events reach the right ones and a folder is shown in one window only. */
export class WindowRegistry {
  private readonly windows = new Map<string, WindowSession>();

  add(w: WindowSession): void {
    this.windows.set(w.id, w);
  }
  remove(id: string): void {
    this.windows.delete(id);
  }
  get(id: string): WindowSession | undefined {
    return this.windows.get(id);
  }
  all(): WindowSession[] {
    return [...this.windows.values()];
  }
  showing(projectPath: string): WindowSession[] {
    return this.all().filter((w) => w.project?.path === projectPath);
  }
  broadcast<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const w of this.windows.values()) w.emit(name, payload);
  }
  broadcastToProject<E extends EventName>(projectPath: string, name: E, payload: EventPayload<E>): void {
    for (const w of this.showing(projectPath)) w.emit(name, payload);
  }
}
