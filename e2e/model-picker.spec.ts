/**
 * Issue 20, "What users of the peers reach for": the header's model picker lists the provider's
 * models (asked of the provider through the real Anthropic SDK, the scripted server answering its
 * models route), and a context-window gauge says how full the window is and where compaction starts
 * — main's own figures. axe, light and dark, at 1024×700.
 */
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { say, script, send, setTheme, transcript } from './ui-helpers.js';

test.describe('the model picker and the context gauge', () => {
  test.use({ llmScript: script(say('First answer.'), say('Second answer.')), llmModels: ['scripted', 'scripted-large', 'scripted-mini'] });

  test('lists the provider’s models; picking one saves it (and says the flag still wins)', async ({ app }) => {
    const { page } = app;
    const picker = page.getByRole('combobox', { name: 'Model' });
    await expect(picker).toHaveValue('scripted');
    await expect(picker.locator('option')).toHaveText(['scripted', 'scripted-large', 'scripted-mini']);
    // The list came from the provider's own models route, asked the Anthropic way with the key.
    expect(app.model!.listings.some((r) => r.path === '/v1/models' && r.provider === 'anthropic' && r.hasKey)).toBe(true);

    await picker.selectOption('scripted-large');
    await expect(page.getByRole('status').filter({ hasText: 'Saved scripted-large as the model' })).toContainText(
      'but scripted answers for now',
    );
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByLabel('Model', { exact: true })).toHaveValue('scripted-large');
  });

  test('the gauge appears with the first answer: share of the window and the compaction point', async ({ app }) => {
    const { page } = app;
    await expect(page.getByTestId('context-gauge')).toHaveCount(0);
    await send(page, 'hello');
    await expect(transcript(page)).toContainText('First answer.');
    const gauge = page.getByTestId('context-gauge');
    // "scripted" is not a known model: the default window (128k); the manager compacts at 85 %.
    await expect(gauge).toHaveText(/^\d+ % of 128k, compaction at 85 %$/);
    const meter = gauge.getByRole('meter', { name: 'Context window used' });
    await expect(meter).toHaveAttribute('max', '128000');
    await expect(meter).toHaveAttribute('high', String(Math.floor(128_000 * 0.85)));
    // The meter's value is the prompt the server measured: it grows with the conversation.
    const first = Number(await meter.getAttribute('value'));
    expect(first).toBeGreaterThan(0);
    await send(page, 'again');
    await expect(transcript(page)).toContainText('Second answer.');
    await expect.poll(async () => Number(await meter.getAttribute('value'))).toBeGreaterThan(first);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the header passes axe (${theme}, 1024×700)`, async ({ app }) => {
      const { page } = app;
      await setTheme(page, theme);
      await send(page, 'hello');
      await expect(page.getByTestId('context-gauge')).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'Model' }).locator('option')).toHaveCount(3);
      await expectAccessible(page, `conversation header (${theme})`);
    });
  }
});
