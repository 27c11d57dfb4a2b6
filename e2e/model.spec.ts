/**
 * Issue 11, "Model and keys": no key is said before the first send, with the way to Settings;
 * Settings names an override (a scripted model); a new provider proposes its default model; "Test
 * connection" says whether the model answers; the conversation header shows the model.
 */
import { expect, test } from './support/fixtures.js';
import { say, script } from './ui-helpers.js';

test('without a key: said before sending, with the way to Settings; provider defaults; a failed test names the cause', async ({ app }) => {
  const { page } = app;
  const note = page.getByTestId('no-key');
  await expect(note).toContainText('No API key is set for anthropic');
  await expect(page.getByTestId('conversation-model')).toContainText('claude-sonnet-4-5');
  await note.getByRole('link', { name: 'Add a key' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByTestId('llm-override')).toHaveCount(0);

  const model = page.getByLabel('Model', { exact: true });
  await page.getByLabel('Provider').selectOption('openai');
  await expect(model).toHaveValue('gpt-4.1');
  await page.getByLabel('Provider').selectOption('anthropic');
  await expect(model).toHaveValue('claude-sonnet-4-5');

  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('connection-result')).toContainText('Could not connect');
  await expect(page.getByTestId('connection-result')).toContainText(/key/i);
});

test.describe('with a scripted model', () => {
  test.use({ llmScript: script(say('OK')) });

  test('Settings names the override; no key is needed to chat; Test connection tests the form and says the flag wins; the header shows the model', async ({ app }) => {
    const { page } = app;
    await expect(page.getByTestId('conversation-model')).toContainText('scripted');
    await expect(page.getByTestId('no-key')).toHaveCount(0);
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByTestId('llm-override')).toContainText('In use now: anthropic · scripted');
    await expect(page.getByTestId('llm-override')).toContainText('scripted model');
    // The form (anthropic, no key saved) is what is tested, not the scripted model the flag set.
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect(page.getByTestId('connection-result')).toContainText('Could not connect');
    await expect(page.getByTestId('connection-result')).toContainText('The agent does not use these settings now: a scripted model');
  });
});
