import { Menu, type MenuItemConstructorOptions } from 'electron';
import type { RecentProject } from '../../shared/contract/index.js';

export function buildMenu(opts: { openFolder: () => void; recent: () => RecentProject[]; openRecent: (path: string) => void }): Menu {
  const recent = opts.recent().filter((p) => p.exists);
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Open Folder…', accelerator: 'CmdOrCtrl+O', click: opts.openFolder },
        {
          label: 'Open Recent',
          submenu: recent.length
            ? recent.map((p) => ({ label: p.path, click: () => opts.openRecent(p.path) }))
            : [{ label: 'No recent projects', enabled: false }],
        },
        { type: 'separator' },
        process.platform === 'darwin' ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
  ];
  return Menu.buildFromTemplate(template);
}
