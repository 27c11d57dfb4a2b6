/**
 * Issue 11, "Progress": "Thinking…" while the model is silent, the retry line cleared once the
 * model answers, the elapsed time and a Stop of its own on a running command (the run goes on),
 * and "(no output)" for a command that printed nothing.
 */
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, say, script, send, toolCards, transcript } from './ui-helpers.js';

test.describe('a slow model that first fails', () => {
  test.use({
    llmScript: script({ error: { status: 529, message: 'overloaded', retryAfterMs: 1 } }, { delayMs: 2500, text: 'here is the answer' }),
  });

  test('shows "Thinking…" while silent; the retry line goes once the model answers', async ({ app }) => {
    const { page } = app;
    await send(page, 'hello');
    const thinking = page.getByRole('status', { name: 'The model is thinking' });
    await expect(thinking).toBeVisible();
    await expect(thinking).toContainText(/Thinking… \d+ s/);
    await expect(transcript(page)).toContainText('retrying (attempt 1)');
    await expect(transcript(page)).toContainText('here is the answer');
    await expect(thinking).toHaveCount(0);
    await expect(transcript(page)).not.toContainText('retrying');
  });
});

test.describe('a long command', () => {
  test.use({ llmScript: script(call('run_command', { command: 'sh -c "echo begun; sleep 30"' }), say('carried on after the stop')) });

  test('counts its time and can be cancelled alone; the run goes on', async ({ app }) => {
    const { page } = app;
    await send(page, 'run the long one');
    await (await approvalPrompt(page, 'run_command')).getByRole('button', { name: /Allow once/ }).click();
    const card = toolCards(page, 'run_command').first();
    await expect(card).toContainText('begun');
    await expect(card.getByTestId('elapsed')).toHaveText(/^[1-9]\d* s$/, { timeout: 4000 });
    // Both are offered: cancelling this command, and stopping the whole run.
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeEnabled();
    await card.getByRole('button', { name: /Cancel this command/ }).click();
    await expect(card.getByRole('button', { name: /Cancel this command/ })).toHaveCount(0);
    await expect(card).toContainText('cancelled');
    await expect(card).toContainText('stopped by the user');
    await expect(transcript(page)).toContainText('carried on after the stop');
    await expect(transcript(page)).not.toContainText('Stopped by you.');
    await expect(card.getByTestId('elapsed')).toHaveCount(0);
  });
});

test.describe('a silent command', () => {
  test.use({ llmScript: script(call('run_command', { command: 'true' }), say('it ran')) });

  test('says "(no output)"', async ({ app }) => {
    const { page } = app;
    await send(page, 'run true');
    await (await approvalPrompt(page, 'run_command')).getByRole('button', { name: /Allow once/ }).click();
    await expect(transcript(page)).toContainText('it ran');
    await expect(toolCards(page, 'run_command').first()).toContainText('(no output)');
  });
});
