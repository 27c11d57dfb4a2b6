import { expect, screenshotDir, test } from './support/fixtures.js';

test('settings round trip: saved, persisted across a reload, and the key never comes back', async ({ app }, testInfo) => {
  const { page } = app;
  const framesFromHost: string[] = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => framesFromHost.push(String(f.payload))));
  await expect(page.getByRole('heading', { name: 'Conversation' })).toBeVisible();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

  await page.getByLabel('Provider').selectOption('openai-compatible');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toContainText('base URL');

  await page.getByLabel(/Base URL/).fill('http://127.0.0.1:11434/v1');
  await page.getByLabel('Model', { exact: true }).fill('llama3.1');
  await page.getByLabel('API key').fill('sk-e2e-secret-7731');
  await page.getByRole('radio', { name: 'Dark' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status')).toHaveText('Settings saved.');
  await expect(page.getByTestId('api-key-status')).toContainText('…7731');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: `${screenshotDir}/settings.png` });

  await page.reload();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByLabel('Provider')).toHaveValue('openai-compatible');
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue('llama3.1');
  await expect(page.getByLabel(/Base URL/)).toHaveValue('http://127.0.0.1:11434/v1');
  await expect(page.getByLabel('API key')).toHaveValue('');
  await expect(page.getByTestId('api-key-status')).toContainText('…7731');
  // The web host's frames must never carry the key (the desktop app's IPC is checked by the contract: settings have no key field).
  if (testInfo.project.name === 'web') expect(framesFromHost.length).toBeGreaterThan(0);
  expect(framesFromHost.join('\n')).not.toContain('sk-e2e-secret');
  expect(await page.content()).not.toContain('sk-e2e-secret');
});
