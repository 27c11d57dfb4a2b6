/**
 * One fixture for both Playwright projects: `app.page` is a real Chromium page on the web host
 * (project "web"), or the first window of the Electron app (project "electron", where the binary
 * exists). Each test gets a fresh data folder and a fresh project folder. On failure the browser
 * console, page errors and host logs are attached.
 *
 * Every page of the test is watched: a console error, an uncaught page error or a Content Security
 * Policy violation fails the test after it ran (consoleGuard.ts). A spec that triggers an error on
 * purpose declares it with `test.use({ expectedConsoleErrors: [/…/] })`, and each declared pattern
 * must then be seen — nothing is allowed silently.
 */
import { test as base, type ElectronApplication, type Page, _electron } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPlainNodeCore } from '../../main/core/app/index.js';
import { startWebHost, type WebHost } from '../../main/webhost/server.js';
import { startScriptedServer, type ScriptedServer, type ScriptInput } from '../../main/core/llm/index.js';
import { electronBinary } from './browser.js';
import { screenshotDirFor } from '../../build/screenshots.js';
import { consoleProblems, reportCspViolations, watchConsole, type ConsoleEntry } from './consoleGuard.js';

export interface AppHandle {
  page: Page;
  projectDir: string;
  dataDir: string;
  host?: WebHost;
  electron?: ElectronApplication;
  /** The scripted model server, with every request it received. */
  model?: ScriptedServer;
}

interface Options {
  /** Open the project folder at launch (false: the start screen). */
  withProject: boolean;
  /**
   * Turns for a scripted model server (main/core/llm/scripted/script.ts), started for the test; the
   * app talks to it through the real Anthropic SDK. Null: the Settings' provider (no model).
   */
  llmScript: ScriptInput['turns'] | null;
  /** The models the scripted server knows and lists (GET /v1/models); the app talks to the first. */
  llmModels: string[];
  /** Files to create in the project before the app opens it (path → content). */
  projectFiles: Record<string, string>;
  /** Console errors this spec triggers on purpose; each must occur (consoleGuard.ts). */
  expectedConsoleErrors: RegExp[];
}

export const rendererDir = path.resolve(import.meta.dirname, '../../out/renderer');

export const test = base.extend<Options & { app: AppHandle }>({
  withProject: [true, { option: true }],
  llmScript: [null, { option: true }],
  llmModels: [['scripted'], { option: true }],
  projectFiles: [{}, { option: true }],
  expectedConsoleErrors: [[], { option: true }],
  app: async ({ browser, withProject, llmScript, llmModels, projectFiles, expectedConsoleErrors }, use, testInfo) => {
    const logs: string[] = [];
    const seen: ConsoleEntry[] = [];
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cc-e2e-data-'));
    const projectDir = await mkdtemp(path.join(tmpdir(), 'cc-e2e-project-'));
    // Tests leave nothing behind: both folders go, whatever happens (a skip throws, a failure too).
    try {
      await writeFile(path.join(projectDir, 'README.md'), '# demo project\n');
      for (const [rel, content] of Object.entries(projectFiles)) {
        await mkdir(path.dirname(path.join(projectDir, rel)), { recursive: true });
        await writeFile(path.join(projectDir, rel), content);
      }
      execFileSync('git', ['init', '-q'], { cwd: projectDir });
      const model = llmScript ? await startScriptedServer({ script: { models: llmModels, turns: llmScript } }) : undefined;
      const llmOverride = model
        ? () => ({ provider: 'anthropic' as const, model: 'scripted', baseUrl: model.url, apiKey: 'scripted-e2e-key' })
        : undefined;

      if (testInfo.project.name === 'electron') {
        const bin = electronBinary();
        test.skip(
          'missing' in bin,
          `Electron e2e cannot run here: ${'missing' in bin ? bin.missing : ''}. The same specs run against the web host in Chromium (project "web").`,
        );
        const electron = await _electron.launch({
          args: [path.resolve(import.meta.dirname, '../..'), ...(withProject ? [projectDir] : [])],
          env: { ...process.env, CODECODER_DATA_DIR: dataDir, ...(model ? { CODECODER_SCRIPTED_MODEL_URL: model.url } : {}) },
        });
        await reportCspViolations(electron.context());
        watchConsole(electron.context(), logs, seen);
        const page = await electron.firstWindow();
        await use({ page, projectDir, dataDir, electron, ...(model ? { model } : {}) });
        await electron.close();
      } else {
        const core = createPlainNodeCore({ dataDir, env: {}, ...(llmOverride ? { llmOverride } : {}) });
        const host = await startWebHost({
          core,
          rendererDir,
          ...(withProject ? { projectPath: projectDir } : {}),
          log: (l) => logs.push(`[host] ${l}`),
        });
        const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
        await reportCspViolations(context);
        watchConsole(context, logs, seen);
        const page = await context.newPage();
        await page.goto(host.url);
        await use({ page, projectDir, dataDir, host, ...(model ? { model } : {}) });
        await context.close();
        await host.close();
        await core.runtimes.closeAll();
      }
      await model?.close();
      const problems = consoleProblems(seen, expectedConsoleErrors);
      if (testInfo.status !== testInfo.expectedStatus || problems) {
        await testInfo.attach('logs', { body: logs.join('\n') || '(no logs)', contentType: 'text/plain' });
      }
      if (problems) throw new Error(problems);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await rm(projectDir, { recursive: true, force: true });
    }
  },
});

export { expect } from '@playwright/test';

/** Screenshots of the main screens, for the README: docs/screenshots only with UPDATE_SCREENSHOTS=1 (build/screenshots.ts). */
export const screenshotDir = screenshotDirFor(process.env);
