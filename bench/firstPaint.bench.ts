/**
 * `npm run bench`: issue 11, the web host's page load — the time from requesting the page to the
 * first paint of the project screen (its header and the message box drawn), in a fresh Chromium
 * context each time (no cache: a first start). (Typechecked with tsconfig.e2e.json: page code.)
 *
 * Baseline, measured in the same run and the same way: a blank page (one paragraph) served by the
 * same web host code (`startWebHost`, its static files, headers and CSP) from a folder holding only
 * that page. The difference is what the renderer costs: its bundle, React's first render, the
 * WebSocket and the project's first queries.
 *
 * Chromium is Debian's (or CHROMIUM_PATH), as in e2e. A bench that cannot start it, or finds no built
 * renderer, reports a failure row instead of throwing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { buildRendererIfStale } from './builtRenderer.js';
import type { BenchModule, BenchRow } from './types.js';
import { createPlainNodeCore } from '../main/core/app/index.js';
import { startWebHost } from '../main/webhost/server.js';
import { percentiles } from './timing.js';
import { chromiumArgs, findChromium } from '../e2e/support/browser.js';

const LOADS = 10;
const rendererDir = path.resolve(import.meta.dirname, '../out/renderer');
const NAME = 'web host: page requested → project screen painted';
/** What "painted" waits for on each page: the project header and the message box; the blank page's paragraph. */
const APP_READY = ['section[aria-label="Project"]', 'form[aria-label="Message the agent"] textarea'];
const BLANK_READY = ['#ready'];
const LOAD_TIMEOUT_MS = 30_000;

/**
 * Loads `url` in a fresh context and returns ms from the navigation's start to the animation frame
 * after every selector in `ready` matches (observed from the document's first script on).
 */
async function firstPaint(browser: Browser, url: string, ready: string[]): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 700 } });
  try {
    const page = await context.newPage();
    // A string, not a function: tsx would wrap the page code's functions in a `__name` helper the page lacks.
    await page.addInitScript(`window.__painted = new Promise((resolve) => {
      const selectors = ${JSON.stringify(ready)};
      const observer = new MutationObserver(() => {
        if (!selectors.every((s) => document.querySelector(s))) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now()));
      });
      observer.observe(document, { childList: true, subtree: true });
    });`);
    await page.goto(url);
    return await page.evaluate(
      (ms) =>
        Promise.race([
          (window as unknown as { __painted: Promise<number> }).__painted,
          new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`not painted within ${ms} ms`)), ms)),
        ]),
      LOAD_TIMEOUT_MS,
    );
  } finally {
    await context.close();
  }
}

const run: BenchModule['default'] = async (report) => {
  const fail = (why: string): void => report({ name: `${NAME} (not measured)`, value: 'failed', unit: `— ${why}` });
  try {
    buildRendererIfStale();
  } catch (err) {
    return fail(`the renderer could not be built: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!existsSync(path.join(rendererDir, 'index.html'))) return fail(`${rendererDir}/index.html is missing after the build`);
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
  } catch (err) {
    return fail(`Chromium could not start: ${(err as Error).message.split('\n')[0]}`);
  }
  const dirs: string[] = [];
  const closers: (() => Promise<unknown>)[] = [() => browser.close()];
  try {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cc-bench-data-'));
    const projectDir = await mkdtemp(path.join(tmpdir(), 'cc-bench-project-'));
    const blankDir = await mkdtemp(path.join(tmpdir(), 'cc-bench-blank-'));
    dirs.push(dataDir, projectDir, blankDir);
    await writeFile(path.join(projectDir, 'README.md'), '# demo project\n');
    execFileSync('git', ['init', '-q'], { cwd: projectDir });
    await writeFile(path.join(blankDir, 'index.html'), '<!doctype html><html lang="en"><title>blank</title><p id="ready">blank</p></html>');
    const core = createPlainNodeCore({ dataDir, env: {} });
    closers.push(() => core.runtimes.closeAll());
    const app = await startWebHost({ core, rendererDir, projectPath: projectDir, log: () => {} });
    closers.push(() => app.close());
    const blank = await startWebHost({ core, rendererDir: blankDir, log: () => {} });
    closers.push(() => blank.close());

    // Warm-up, not counted: the first load compiles the host's and the page's code paths once.
    await firstPaint(browser, app.url, APP_READY);
    await firstPaint(browser, blank.url, BLANK_READY);
    // Alternating, so a change in the machine's load reaches both sides.
    const appTimes: number[] = [];
    const blankTimes: number[] = [];
    for (let i = 0; i < LOADS; i++) {
      appTimes.push(await firstPaint(browser, app.url, APP_READY));
      blankTimes.push(await firstPaint(browser, blank.url, BLANK_READY));
    }
    const a = percentiles(appTimes);
    const b = percentiles(blankTimes);
    const row = (q: 'p50' | 'p95', extra: Partial<BenchRow> = {}): BenchRow => ({
      name: `${NAME} ${q}, ${LOADS} cold loads at 1024×700`,
      value: Math.round(a[q]),
      unit: 'ms',
      baseline: `a blank page from the same web host, ${q} ${Math.round(b[q])} ms`,
      ratio: a[q] / b[q],
      ...extra,
    });
    report(row('p50', { goal: 'p50 < 1000 ms', met: a.p50 < 1000 }));
    report(row('p95'));
  } catch (err) {
    fail((err as Error).message.split('\n')[0]!);
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
};
export default run;
