/**
 * "Run commands in a container", per conversation, as this window shows it. Every agent.send says
 * the switch's value (`inContainer`), so what the switch shows is what main applies to that
 * message's commands — main keeps it per conversation while the project is open, but has no read
 * of it, and a window that reloaded starts with the switch off rather than guessing.
 */

/** The conversation not created yet (the first message creates it): its choice moves to it. */
const NOT_CREATED = '';

export class ContainerChoices {
  private readonly on = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  isOn(conversationId: string | null): boolean {
    return this.on.has(conversationId ?? NOT_CREATED);
  }

  set(conversationId: string | null, on: boolean): void {
    const id = conversationId ?? NOT_CREATED;
    if (this.on.has(id) === on) return;
    if (on) this.on.add(id);
    else this.on.delete(id);
    this.changed();
  }

  /** agent.send's field for `conversationId`; `shownAs` is the conversation the switch showed (null: not created yet). */
  sendField(conversationId: string, shownAs: string | null = conversationId): { inContainer: boolean } {
    const on = this.isOn(shownAs);
    if (shownAs === null) {
      this.on.delete(NOT_CREATED);
      if (on) this.on.add(conversationId);
      this.changed();
    }
    return { inContainer: on };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes whenever any choice does (useSyncExternalStore's snapshot). */
  snapshot = (): number => this.version;

  private changed(): void {
    this.version++;
    for (const l of this.listeners) l();
  }
}

/** The window's choices: kept while the window lives, across screens and conversation switches. */
export const containerChoices = new ContainerChoices();
