/** What differs between the desktop shell and the web host. Everything else is shared. */
export interface HostHooks {
  kind: 'electron' | 'web';
  version: string;
  /** The native Open Folder dialog; absent in the web host, where the path is typed. */
  pickFolder?: () => Promise<string | null>;
  /**
   * Focuses another window that already shows this folder. Returns true when one was focused
   * (Electron's one-window-per-folder rule); the web host has no such windows and returns false.
   */
  focusWindowShowing?: (projectPath: string, exceptWindowId: string) => boolean;
}
