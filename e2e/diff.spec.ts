/**
 * Issue 11, diffs, code-splitting and delete prompts (web host, 1024×700):
 * - every diff (an approval's proposed change, a tool card's applied one) is drawn by the diff view:
 *   line numbers, highlighting by the file's extension, a unified/split toggle kept in Settings, no
 *   "=====" preamble line; in the prompt it keeps its space and passes axe, light and dark;
 * - the diff view, xterm.js and the Markdown renderer are chunks of their own, loaded only when a
 *   diff, a live terminal or the assistant's text first appears — never on the start screen;
 * - a delete prompt says what will go (size, files, how many git tracks); a protected path is
 *   warned about once.
 */
import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, say, script, send, setTheme, toolCards, transcript, visibleHeight } from './ui-helpers.js';

const APP_TS = 'export function add(a: number, b: number) {\n  return a + b;\n}\n\nexport const name = "app";\n';
const LONG_TS = Array.from({ length: 80 }, (_, i) => `export const value${i} = ${i}; // line ${i + 1}`).join('\n') + '\n';

/** The lazily loaded chunks the page has fetched so far (by their file names in out/renderer/assets). */
async function loadedChunks(page: Page): Promise<string[]> {
  const names = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  const found = names.map((n) => /\/assets\/(GitDiffView|Markdown|LiveTerminal|xterm-headless)-[^/]*\.js/.exec(n)?.[1]).filter(Boolean);
  return [...new Set(found as string[])].sort();
}

/** The approval prompt for `tool`, waited for longer than approvalPrompt's first look: the scripted
 * model and the diff chunk are slower than a short call on a busy two-core machine. */
async function promptFor(page: Page, tool: string): Promise<Locator> {
  await expect(page.getByRole('dialog', { name: new RegExp(`Allow ${tool}`) })).toBeVisible({ timeout: 20_000 });
  return approvalPrompt(page, tool);
}

test.describe('the diff view', () => {
  test.use({
    projectFiles: { 'src/app.ts': APP_TS },
    llmScript: script(call('edit_file', { path: 'src/app.ts', old_text: 'return a + b;', new_text: 'return a + b + 0;' }), say('Edited.')),
  });

  test('line numbers, highlighting by extension, a remembered unified/split toggle, no "=====" line', async ({ app }) => {
    const { page } = app;
    await send(page, 'change add');
    const prompt = await promptFor(page, 'edit_file');
    const diff = prompt.getByRole('region', { name: 'Proposed changes' });
    await expect(prompt.getByTestId('diff-view')).toHaveAttribute('data-layout', 'unified', { timeout: 15_000 });
    await expect(diff).toContainText('return a + b + 0;');
    await expect(prompt).not.toContainText('====');
    // Line numbers, old and new: the changed line is line 2 on both sides, its context lines 1 and 3.
    await expect(diff.locator('[data-line-old-num="2"]')).toBeVisible();
    await expect(diff.locator('[data-line-new-num="2"]')).toBeVisible();
    await expect(diff.locator('[data-line-new-num="3"]')).toBeVisible();
    // highlight.js read it as TypeScript (.ts): `return` and `export` are keywords.
    await expect(diff.locator('.hljs-keyword', { hasText: 'return' }).first()).toBeVisible();
    await expect(prompt.getByTestId('diff-view').locator('.gdiff-name')).toHaveText('src/app.ts');

    await prompt.getByRole('button', { name: 'Split' }).click();
    await expect(prompt.getByTestId('diff-view')).toHaveAttribute('data-layout', 'split');
    await expect(diff.locator('.diff-line-old-content').first()).toBeVisible();
    await expect(diff.locator('.diff-line-new-content').first()).toBeVisible();
    await expect(diff.locator('[data-line-num="2"]')).toHaveCount(2);
    await expect(prompt.getByRole('button', { name: 'Split' })).toHaveAttribute('aria-pressed', 'true');
    // Remembered in Settings: a page opened afterwards (another window, the next launch) opens split.
    if (app.host) {
      const other = await page.context().newPage();
      await other.goto(app.host.url);
      await expect(other.getByTestId('diff-view')).toHaveAttribute('data-layout', 'split', { timeout: 15_000 });
      await other.close();
    }
    await prompt.getByRole('button', { name: 'Unified' }).click();
    await expect(prompt.getByTestId('diff-view')).toHaveAttribute('data-layout', 'unified');

    await prompt.getByRole('button', { name: /Allow once/ }).click();
    const card = toolCards(page, 'edit_file').first();
    const applied = card.getByRole('region', { name: 'Changes to src/app.ts' });
    await expect(applied).toContainText('return a + b + 0;');
    await expect(applied.locator('[data-line-new-num="2"]')).toBeVisible();
    await expect(applied.locator('.hljs-keyword').first()).toBeVisible();
    await expect(card).not.toContainText('====');
    await expect(transcript(page)).toContainText('Edited.');
    await expectAccessible(page, 'a tool card with its applied diff');
  });
});

for (const theme of ['light', 'dark'] as const) {
  test.describe(`a long diff in the prompt (${theme})`, () => {
    test.use({ llmScript: script(call('write_file', { path: 'src/long.ts', content: LONG_TS }), say('Written.')) });

    test(`keeps its space at 1024×700 and passes axe (${theme})`, async ({ app }) => {
      const { page } = app;
      await setTheme(page, theme);
      await send(page, 'write the long file');
      const prompt = await promptFor(page, 'write_file');
      const diff = prompt.getByRole('region', { name: 'Proposed changes' });
      await expect(diff.locator('.hljs-keyword').first()).toBeVisible();
      const m = await visibleHeight(diff);
      expect(m.content, 'the diff is longer than its box: it scrolls inside it').toBeGreaterThan(m.height);
      expect(m.visible, 'nothing of the box is clipped').toBeGreaterThanOrEqual(m.height - 1);
      expect(m.visible, 'the diff shows several lines').toBeGreaterThanOrEqual(120);
      const transcriptHeight = await transcript(page).evaluate((el) => el.getBoundingClientRect().height);
      expect(transcriptHeight, 'the transcript keeps a usable height').toBeGreaterThanOrEqual(140);
      await expectAccessible(page, `approval with a diff (${theme})`);
      // A new file has no left side: it stays unified (e2e/polish-diff.spec.ts), and says why.
      await expect(prompt.getByTestId('diff-one-sided')).toHaveText('only added lines');
      // The run ends before the test does: nothing is still being written when its folders go.
      await page.keyboard.press('Escape');
      await expect(transcript(page)).toContainText('Written.');
    });
  });
}

test.describe('code-splitting', () => {
  test.use({
    withProject: false,
    projectFiles: { 'src/app.ts': APP_TS },
    llmScript: script(
      call('run_command', { command: 'sleep 2; echo slow-done' }),
      call('edit_file', { path: 'src/app.ts', old_text: 'return a + b;', new_text: 'return b + a;' }),
      say('**Done**: swapped the operands in `src/app.ts`.'),
    ),
  });

  test('the diff view, xterm.js and Markdown load only when first needed', async ({ app }) => {
    const { page, projectDir } = app;
    await expect(page.getByRole('heading', { name: 'Open a project' })).toBeVisible();
    expect(await loadedChunks(page), 'the start screen loads none of them').toEqual([]);
    await page.getByLabel('Folder path').fill(projectDir);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
    expect(await loadedChunks(page), 'nor does an empty project screen').toEqual([]);

    await send(page, 'go');
    await (await promptFor(page, 'run_command')).getByRole('button', { name: /Allow once/ }).click();
    // A command running past 400 ms gets a live xterm.js.
    await expect(toolCards(page, 'run_command').first().locator('.xterm-screen')).toBeVisible();
    expect(await loadedChunks(page)).toContain('LiveTerminal');
    expect(await loadedChunks(page), 'no diff has been shown yet').not.toContain('GitDiffView');

    const prompt = await promptFor(page, 'edit_file');
    await expect(prompt.getByTestId('diff-view')).toBeVisible();
    expect(await loadedChunks(page)).toContain('GitDiffView');
    await prompt.getByRole('button', { name: /Allow once/ }).click();
    await expect(transcript(page).locator('.md strong', { hasText: 'Done' })).toBeVisible();
    expect(await loadedChunks(page)).toContain('Markdown');
  });
});

test.describe('a delete prompt', () => {
  test.use({
    projectFiles: { 'build/a.txt': 'x'.repeat(2000), 'build/b.txt': 'yy', 'build/sub/c.txt': 'z' },
    llmScript: script(call('delete_path', { path: 'build', recursive: true }), say('Not deleted.')),
  });

  test('shows what will go: files, size, and how many git tracks', async ({ app }) => {
    const { page, projectDir } = app;
    execFileSync('git', ['add', 'build/a.txt'], { cwd: projectDir });
    await send(page, 'clean the build');
    const prompt = await promptFor(page, 'delete_path');
    await expect(prompt.getByTestId('delete-entry')).toHaveText(
      'A folder: 3 files, 2.0 KB. Git tracks 1 file of 3; the others cannot be restored from git.',
    );
    await page.keyboard.press('Escape');
    await expect(transcript(page)).toContainText('Not deleted.');
  });
});

test.describe('a protected path', () => {
  test.use({ llmScript: script(call('write_file', { path: '.git/hooks/pre-commit', content: '#!/bin/sh\nexit 0\n' }), say('ok')) });

  test('is warned about once in the prompt', async ({ app }) => {
    const { page } = app;
    await send(page, 'add a hook');
    const prompt = await promptFor(page, 'write_file');
    const warnings = prompt.getByRole('list', { name: 'Warnings' }).getByRole('listitem');
    await expect(warnings.filter({ hasText: /protected/i })).toHaveCount(1);
    await expect(prompt.getByTestId('protected-warning')).toContainText('.git/hooks/pre-commit is protected');
    const text = await prompt.innerText();
    expect(text.match(/Protected path/g), 'the heading of the warning, once').toHaveLength(1);
    expect(text.match(/is protected/g), "the engine's reason, once").toHaveLength(1);
    await expect(prompt.getByTestId('once-note')).toContainText('asked about each time');
    await expect(prompt.getByTestId('once-note')).not.toContainText(/protected/i);
    await page.keyboard.press('Escape');
    await expect(transcript(page)).toContainText('ok');
  });
});
