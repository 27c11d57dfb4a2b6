/**
 * The desktop shell's composition root: Electron lifecycle, stores, IPC and windows. It wires the
 * plain-Node core and does no work of its own.
 */
import { app, BrowserWindow, dialog, Menu, session } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCore, type Core } from '../core/app/index.js';
import { registerIpc } from './ipc.js';
import { buildMenu } from './menu.js';
import { registerAppScheme, serveRenderer } from './protocol.js';
import { electronJsonStore, safeStorageSecrets } from './stores.js';
import { createWindow, rendererDir } from './windows.js';
import { isLoopbackHost } from '../core/host/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const preloadPath = path.join(here, '../preload/index.cjs');

registerAppScheme();
app.enableSandbox();
// A separate data folder (tests, a second profile); app.getPath('userData') otherwise.
if (process.env.CODECODER_DATA_DIR) app.setPath('userData', path.resolve(process.env.CODECODER_DATA_DIR));
/**
 * A scripted model server (main/core/llm/scripted) to talk to instead of the configured provider:
 * what the e2e specs and `npm run start:web -- --llm-script` use. Loopback only.
 */
const scriptedModelUrl = loopbackUrl(process.env.CODECODER_SCRIPTED_MODEL_URL);

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let core: Core;
  const openFolder = (folder?: string) => {
    const existing = folder ? core.windows.showing(folder)[0] : undefined;
    const win = existing ? BrowserWindow.getAllWindows().find((w) => `win-${w.webContents.id}` === existing.id) : undefined;
    if (win) {
      if (win.isMinimized()) win.restore();
      win.focus();
      return;
    }
    createWindow(core, { preloadPath, ...(folder ? { projectPath: folder } : {}) });
  };

  app.on('second-instance', (_e, argv, cwd) => {
    const folder = argv.slice(1).find((a) => !a.startsWith('-') && a !== '.');
    openFolder(folder ? path.resolve(cwd, folder) : undefined);
  });

  void app.whenReady().then(() => {
    // Deny every permission request from web content (checklist item 5); notifications are shown by main.
    session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
    session.defaultSession.setPermissionCheckHandler(() => false);
    serveRenderer(rendererDir(here));
    core = createCore({
      host: {
        kind: 'electron',
        version: app.getVersion(),
        pickFolder: async () => {
          const r = await dialog.showOpenDialog({ properties: ['openDirectory', 'createDirectory'] });
          return r.canceled ? null : (r.filePaths[0] ?? null);
        },
        focusWindowShowing: (projectPath, exceptId) => {
          const other = core.windows.showing(projectPath).find((w) => w.id !== exceptId);
          if (!other) return false;
          openFolder(projectPath);
          return true;
        },
      },
      dataDir: app.getPath('userData'),
      stores: { settings: electronJsonStore('settings'), recent: electronJsonStore('recent') },
      secrets: safeStorageSecrets(),
      env: process.env,
      ...(scriptedModelUrl
        ? {
            llmOverride: () => ({ provider: 'anthropic' as const, model: 'scripted', baseUrl: scriptedModelUrl, apiKey: 'scripted' }),
            llmOverrideWhy: 'CODECODER_SCRIPTED_MODEL_URL (a scripted model)',
          }
        : {}),
    });
    registerIpc(core);
    Menu.setApplicationMenu(buildMenu({ openFolder: () => void pickAndOpen(), recent: () => core.recent.list(), openRecent: openFolder }));
    const folderArg = process.argv.slice(app.isPackaged ? 1 : 2).find((a) => !a.startsWith('-') && a !== '.');
    openFolder(folderArg ? path.resolve(folderArg) : undefined);
  });

  const pickAndOpen = async () => {
    const r = await dialog.showOpenDialog({ properties: ['openDirectory', 'createDirectory'] });
    if (!r.canceled && r.filePaths[0]) openFolder(r.filePaths[0]);
  };

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openFolder();
  });
}

function loopbackUrl(raw: string | undefined): string | undefined {
  if (!raw || !URL.canParse(raw)) return undefined;
  const u = new URL(raw);
  return u.protocol === 'http:' && isLoopbackHost(u.hostname) ? raw : undefined;
}
