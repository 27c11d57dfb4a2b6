/**
 * Issue 20, "What users of the peers reach for": file paths in tool cards and answers open a
 * read-only file view with the lines highlighted. Main reads the file (project.viewFile) with
 * read_file's rules and refuses protected and hidden entries; the view is a modal dialog that a
 * keyboard user opens with Enter and leaves with Esc, focus going back to the path. axe, light and dark.
 */
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { call, say, script, send, setTheme, toolCards, transcript } from './ui-helpers.js';

const CALC = ['export function add(a, b) {', '  return a + b;', '}', '', 'export function sub(a, b) {', '  return a - b;', '}', ''].join(
  '\n',
);

test.describe('clickable file paths', () => {
  test.use({
    projectFiles: { 'src/calc.js': CALC, '.env': 'TOKEN=secret\n' },
    llmScript: script(
      call('read_file', { path: 'src/calc.js', offset: 5, limit: 3 }),
      say('`sub` is in `src/calc.js:5-7`; the key is in `.env`, and [the adder](src/calc.js#L1-L3) comes first.'),
    ),
  });

  test('a tool card’s path opens the file with the lines it read highlighted; Esc returns to the path', async ({ app }) => {
    const { page } = app;
    await send(page, 'where is sub?');
    await expect(transcript(page)).toContainText('comes first');
    const card = toolCards(page, 'read_file').first();
    const link = card.getByRole('button', { name: 'Show src/calc.js' });
    await link.focus();
    await page.keyboard.press('Enter');
    const view = page.getByRole('dialog', { name: 'src/calc.js' });
    await expect(view).toBeVisible();
    await expect(view).toContainText('read-only · lines 5–7 highlighted · 7 lines');
    await expect(view.locator('.fv-hit')).toHaveCount(3);
    await expect(view.locator('.fv-hit').first()).toContainText('export function sub(a, b) {');
    await expect(view.locator('[data-line="2"]')).not.toHaveClass(/fv-hit/);
    // Read-only: nothing in it can be typed into.
    await expect(view.locator('textarea, input, [contenteditable]')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(view).toHaveCount(0);
    await expect(link).toBeFocused();
  });

  test('paths in the answer open the view (code and links); a hidden entry is refused by main, with the reason', async ({ app }) => {
    const { page } = app;
    await send(page, 'where is sub?');
    const answer = transcript(page).getByLabel('Agent').last();
    await expect(answer).toContainText('comes first');
    await answer.getByRole('button', { name: 'Show src/calc.js:5-7' }).click();
    const view = page.getByRole('dialog', { name: 'src/calc.js' });
    await expect(view.locator('.fv-hit')).toHaveText(['5export function sub(a, b) {', '6  return a - b;', '7}']);
    await view.getByRole('button', { name: 'Close the file view' }).click();
    await expect(view).toHaveCount(0);

    await answer.getByRole('button', { name: 'Show the adder' }).click();
    await expect(view.locator('.fv-hit')).toHaveCount(3);
    await expect(view.locator('.fv-hit').first()).toContainText('export function add');
    await page.keyboard.press('Escape');

    // `.env` reads as a file name, so it is a link; main refuses to show it and says why.
    await answer.getByRole('button', { name: 'Show .env' }).click();
    const refused = page.getByRole('dialog', { name: '.env' });
    await expect(refused).toContainText('.env is hidden');
    await expect(refused).not.toContainText('TOKEN=secret');
    await page.keyboard.press('Escape');
    // Words that only look like code stay words.
    await expect(answer.getByRole('button', { name: 'Show sub' })).toHaveCount(0);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the file view passes axe (${theme}, 1024×700)`, async ({ app }) => {
      const { page } = app;
      await setTheme(page, theme);
      await send(page, 'where is sub?');
      await expect(transcript(page)).toContainText('comes first');
      await transcript(page).getByRole('button', { name: 'Show src/calc.js:5-7' }).click();
      await expect(page.getByRole('dialog', { name: 'src/calc.js' }).locator('.fv-hit')).toHaveCount(3);
      await expectAccessible(page, `file view (${theme})`);
    });
  }
});
