/**
 * Issue 11: axe on the screens issue 11 added or changed, light and dark, at 1024×700 — a transcript
 * with a running command (elapsed time, Cancel), a queued message, the conversation actions, the
 * settings with its connection test, the start screen.
 */
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, say, script, send, toolCards } from './ui-helpers.js';

test.describe.configure({ timeout: 120_000 });

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme}`, () => {
    // The first turn answers the connection test.
    // Test connection tests the form, never the scripted model, so the script's first turn is the run's.
    test.use({ llmScript: script(call('run_command', { command: 'sh -c "echo working; sleep 20"' }), say('done')) });

    test(`a working transcript, settings and the start screen pass axe (${theme})`, async ({ app }) => {
      const { page } = app;
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('radio', { name: theme === 'light' ? 'Light' : 'Dark' }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await page.getByRole('button', { name: 'Test connection' }).click();
      await expect(page.getByTestId('connection-result')).toBeVisible();
      await expectAccessible(page, 'settings');
      await page.getByRole('link', { name: 'Project' }).click();

      await send(page, 'work');
      await (await approvalPrompt(page, 'run_command')).getByRole('button', { name: /Allow once/ }).click();
      const card = toolCards(page, 'run_command').first();
      await expect(card.getByTestId('elapsed')).toBeVisible();
      await send(page, 'and then this');
      await expect(page.getByRole('region', { name: 'Queued messages' })).toBeVisible();
      await expectAccessible(page, 'working transcript');
      await card.getByRole('button', { name: /Cancel this command/ }).click();
      await expect(card).toContainText('cancelled');

      await page.getByRole('button', { name: 'Close project' }).click();
      await expect(page.getByRole('heading', { name: 'Open a project' })).toBeVisible();
      await expectAccessible(page, 'start');
    });
  });
}
