/**
 * Issue: "Test connection" tested the saved settings (or the override), not what was typed: with
 * --llm-script it said "anthropic answered with the model scripted". It tests the form's values,
 * unsaved, and says plainly when a flag makes another model answer the agent.
 */
import { expect, test } from './support/fixtures.js';
import { say, script } from './ui-helpers.js';

test.use({ llmScript: script(say('unused')) });

test('the values typed in the form are tested, unsaved; the override is named', async ({ app }) => {
  const { page } = app;
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  const result = page.getByTestId('connection-result');

  // An address where nothing listens: the override would answer, the typed values cannot.
  await page.getByLabel('Provider').selectOption('anthropic');
  await page.getByLabel('Model', { exact: true }).fill('claude-typed-model');
  await page.getByLabel(/Base URL/).fill('http://127.0.0.1:9/');
  await page.getByLabel('API key').fill('sk-typed-but-not-saved-1234');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(result).toContainText('Could not connect');
  await expect(result.getByTestId('connection-override')).toContainText('The agent does not use these settings now');
  await expect(result.getByTestId('connection-override')).toContainText('scripted');

  // The scripted server, typed in: the typed model is what it is asked for (it knows only "scripted").
  await page.getByLabel(/Base URL/).fill(app.model!.url);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(result).toContainText("unknown model 'claude-typed-model'");
  await page.getByLabel('Model', { exact: true }).fill('scripted');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(result).toContainText('Connected: anthropic answered with the model scripted');
  await expect(result).not.toContainText('Could not connect');

  // Nothing was saved by testing.
  await page.reload();
  await expect(page.getByLabel(/Base URL/)).not.toHaveValue(app.model!.url);
});
