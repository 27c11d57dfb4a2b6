/**
 * Issue 11: Up in an empty message box brings back the last message; a failed turn can be retried.
 */
import { expect, test } from './support/fixtures.js';
import { script, send, transcript } from './ui-helpers.js';

test.describe('a turn that fails', () => {
  test.use({ llmScript: script({ error: { status: 400, message: 'bad request from the test' } }, { text: 'worked the second time' }) });

  test('can be retried; Up brings the last message back to edit', async ({ app }) => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await send(page, 'summarise the README');
    await expect(transcript(page)).toContainText('The run failed');
    await box.press('ArrowUp');
    await expect(box).toHaveValue('summarise the README');
    await box.fill('');

    await page.getByRole('button', { name: 'Retry the failed turn' }).click();
    await expect(transcript(page)).toContainText('worked the second time');
    await expect(page.getByRole('button', { name: 'Retry the failed turn' })).toHaveCount(0);
    await expect(transcript(page).getByLabel('You')).toHaveCount(2);
  });
});

test.describe('markdown', () => {
  test.use({ llmScript: script({ text: 'Run the *.test.* files, and *this* is emphasis.' }) });

  test('a glob is not italics; emphasis still is', async ({ app }) => {
    const { page } = app;
    await send(page, 'which files?');
    const reply = transcript(page).getByLabel('Agent');
    await expect(reply).toContainText('Run the *.test.* files');
    await expect(reply.locator('em')).toHaveText(['this']);
  });
});
