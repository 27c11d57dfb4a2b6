import { BrowserWindow, shell, type WebContents } from 'electron';
import path from 'node:path';
import type { Core, WindowSession } from '../core/app/index.js';
import type { EventPayload } from '../../shared/contract/index.js';
import { approvalNotifications } from './notifications.js';
import { APP_ORIGIN, isAppUrl, isSafeExternalUrl } from './senderPolicy.js';

/** One BrowserWindow per project folder; a window without a project shows the start screen. */
export function createWindow(core: Core, opts: { preloadPath: string; projectPath?: string }): BrowserWindow {
  // Reviewed (PRELOAD_JS_CHECK): the preload exposes one function per contract method and nothing else.
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'CodeCoder',
    // Written out literally so Electronegativity and main/electron/windowOptions.test.ts can read them
    // (checklist items 2–4, 6, 8–10; Auxclick off for the legacy middle-click, item 14).
    webPreferences: {
      preload: opts.preloadPath /* eng-disable PRELOAD_JS_CHECK */,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
    },
  });
  lockDown(win.webContents);
  const notify = approvalNotifications(win, {
    enabled: () => core.settings.get().notifications,
    projectName: () => session.project?.name ?? 'CodeCoder',
    answer: (id, choice) => void core.router.call('approvals.answer', { id, answer: { choice } }, { caller: session.id, window: session }),
  });
  const session: WindowSession = {
    id: `win-${win.webContents.id}`,
    project: null,
    emit: (name, payload) => {
      if (win.isDestroyed()) return;
      win.webContents.send(`event:${name}`, payload);
      if (name === 'approvals.changed') notify(payload as EventPayload<'approvals.changed'>);
    },
  };
  core.windows.add(session);
  win.on('closed', () => void core.closeWindow(session.id));
  win.once('ready-to-show', () => win.show());
  const load = async () => {
    if (opts.projectPath) await core.router.call('project.open', { path: opts.projectPath }, { caller: session.id, window: session });
    await win.loadURL(`${APP_ORIGIN}/index.html`);
  };
  void load();
  return win;
}

/** Navigation blocked, new windows denied, links to https opened in the browser (items 13–15). */
function lockDown(contents: WebContents): void {
  contents.setWindowOpenHandler(({ url }) => {
    // Reviewed (OPEN_EXTERNAL_JS_CHECK): only plain https URLs pass isSafeExternalUrl (senderPolicy.test.ts).
    if (isSafeExternalUrl(url)) void shell.openExternal(url); /* eng-disable OPEN_EXTERNAL_JS_CHECK */
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function rendererDir(mainDir: string): string {
  return path.join(mainDir, '../renderer');
}
