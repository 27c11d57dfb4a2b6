/**
 * Issue 11, "@-mentions": `@` in the message box completes project files (the glob tool's listing:
 * ignored files are not offered) and attaches them — the agent reads each before the model's first
 * turn. Keyboard: arrows, Enter/Tab to pick, Escape to close; a textbox owning a listbox; axe.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { llmRequests, say, script, toolCards, setTheme } from './ui-helpers.js';

const FILES = {
  'src/app.ts': 'export const app = "the app file";\n',
  'src/apply.ts': 'export const apply = 1;\n',
  'notes.md': 'notes\n',
  'build/app.js': 'ignored\n',
  '.gitignore': 'build/\n',
};

const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
const fileList = (page: Page) => page.getByRole('listbox', { name: 'Project files' });

test.describe('@-mentions', () => {
  test.use({ projectFiles: FILES, llmScript: script(say('It exports the app.')) });

  test('arrows and Enter pick a file; the message names it and the agent reads it first', async ({ app }) => {
    const { page } = app;
    const box = messageBox(page);
    await box.pressSequentially('what is in @app');
    const list = fileList(page);
    await expect(list.getByRole('option')).toHaveText(['src/app.ts', 'src/apply.ts']);
    await expect(list.getByRole('option', { name: 'src/app.ts' })).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
    await box.press('ArrowDown');
    await expect(list.getByRole('option', { name: 'src/apply.ts' })).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowUp');
    await box.press('Enter');
    await expect(list).toHaveCount(0);
    await expect(box).toHaveValue('what is in @src/app.ts ');
    await expect(page.getByTestId('attachments')).toHaveText('Attaches src/app.ts: the agent reads it first.');
    await box.pressSequentially('please?');
    await box.press('Enter');

    await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('It exports the app.');
    await expect(toolCards(page, 'read_file')).toHaveCount(1);
    await expect(toolCards(page, 'read_file')).toContainText('src/app.ts');
    const first = JSON.stringify(llmRequests(app)[0]!.body);
    expect(first).toContain('what is in @src/app.ts please?');
    expect(first).toContain('the app file');
  });

  test('Tab picks, Escape closes, ignored files are not offered, a file whose word is gone is not attached', async ({ app }) => {
    const { page } = app;
    const box = messageBox(page);
    await box.pressSequentially('@note');
    await expect(fileList(page).getByRole('option')).toHaveText(['notes.md']);
    await box.press('Tab');
    await expect(box).toHaveValue('@notes.md ');
    await expect(box).toBeFocused();

    await box.pressSequentially('and @app.js');
    // build/app.js is in .gitignore: the glob tool would not list it, so neither does the box.
    await expect(page.getByText('No project file matches.')).toBeVisible();
    await expect(fileList(page).getByRole('option')).toHaveCount(0);
    await box.press('Escape');
    await expect(fileList(page)).toHaveCount(0);
    await expect(box).toHaveValue('@notes.md and @app.js');
    await expect(page.getByTestId('attachments')).toHaveText('Attaches notes.md: the agent reads it first.');
    await box.fill('@notes and the rest'); // the picked file's word is gone
    await expect(page.getByTestId('attachments')).toHaveCount(0);
  });

  test('a typed @path that names a project file attaches without picking; one naming nothing or outside stays text', async ({ app }) => {
    const { page } = app;
    const box = messageBox(page);
    // Typed whole, never picked from the list: the space after each word closes it.
    await box.pressSequentially('what is in @src/app.ts, not @nobody nor @../outside.txt nor @/etc/passwd please');
    await expect(page.getByTestId('attachments')).toHaveText('Attaches src/app.ts: the agent reads it first.');
    await box.press('Enter');

    await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('It exports the app.');
    await expect(toolCards(page, 'read_file')).toHaveCount(1);
    await expect(toolCards(page, 'read_file')).toContainText('src/app.ts');
    const first = JSON.stringify(llmRequests(app)[0]!.body);
    expect(first).toContain('the app file');
    expect(first).toContain('@nobody nor @../outside.txt nor @/etc/passwd please');
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the open file list passes axe (${theme}, 1024×700)`, async ({ app }) => {
      const { page } = app;
      await setTheme(page, theme);
      await messageBox(page).pressSequentially('@ap');
      await expect(fileList(page).getByRole('option')).toHaveCount(2);
      await expectAccessible(page, `message box with the file list (${theme})`);
    });
  }
});
