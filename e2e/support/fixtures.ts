/**
 * One fixture for both Playwright projects: `app.page` is a real Chromium page on the web host
 * (project "web"), or the first window of the Electron app (project "electron", where the binary
 * exists). Each test gets a fresh data folder and a fresh project folder. On failure the browser
 * console, page errors and host logs are attached.
 */
import { test as base, type ElectronApplication, type Page, _electron } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPlainNodeCore } from '../../main/webhost/plainNodeCore.js';
import { startWebHost, type WebHost } from '../../main/webhost/server.js';
import { electronBinary } from './browser.js';

export interface AppHandle {
  page: Page;
  projectDir: string;
  dataDir: string;
  host?: WebHost;
  electron?: ElectronApplication;
}

interface Options {
  /** Open the project folder at launch (false: the start screen). */
  withProject: boolean;
}

export const rendererDir = path.resolve(import.meta.dirname, '../../out/renderer');

export const test = base.extend<Options & { app: AppHandle }>({
  withProject: [true, { option: true }],
  app: async ({ browser, withProject }, use, testInfo) => {
    const logs: string[] = [];
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cc-e2e-data-'));
    const projectDir = await mkdtemp(path.join(tmpdir(), 'cc-e2e-project-'));
    await writeFile(path.join(projectDir, 'README.md'), '# demo project\n');
    execFileSync('git', ['init', '-q'], { cwd: projectDir });

    if (testInfo.project.name === 'electron') {
      const bin = electronBinary();
      test.skip('missing' in bin, `Electron e2e cannot run here: ${'missing' in bin ? bin.missing : ''}. The same specs run against the web host in Chromium (project "web").`);
      const electron = await _electron.launch({
        args: [path.resolve(import.meta.dirname, '../..'), ...(withProject ? [projectDir] : [])],
        env: { ...process.env, CODECODER_DATA_DIR: dataDir },
      });
      const page = await electron.firstWindow();
      attachPageLogs(page, logs);
      await use({ page, projectDir, dataDir, electron });
      await electron.close();
    } else {
      const host = await startWebHost({
        core: createPlainNodeCore({ dataDir, env: {} }),
        rendererDir,
        ...(withProject ? { projectPath: projectDir } : {}),
        log: (l) => logs.push(`[host] ${l}`),
      });
      const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
      const page = await context.newPage();
      attachPageLogs(page, logs);
      await page.goto(host.url);
      await use({ page, projectDir, dataDir, host });
      await context.close();
      await host.close();
    }
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('logs', { body: logs.join('\n') || '(no logs)', contentType: 'text/plain' });
    }
  },
});

function attachPageLogs(page: Page, logs: string[]): void {
  page.on('console', (m) => logs.push(`[console.${m.type()}] ${m.text()}`));
  page.on('pageerror', (e) => logs.push(`[pageerror] ${e.message}\n${e.stack ?? ''}`));
}

export { expect } from '@playwright/test';

/** Screenshots of the main screens, for the README. */
export const screenshotDir = path.resolve(import.meta.dirname, '../../docs/screenshots');
