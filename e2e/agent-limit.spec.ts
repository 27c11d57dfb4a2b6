/**
 * Issue 23: Settings → Background agents sets how many worktree agents run at once (Settings
 * `maxAgents`); a number outside 1–32 is refused by main in its own words and nothing is saved.
 */
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { setTheme } from './ui-helpers.js';

test('Settings: the background agents limit is saved, kept after a reload, and a number out of range is refused', async ({ app }) => {
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByRole('link', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Background agents' });
  const limit = section.getByLabel('Agents running at once');
  await expect(limit).toHaveValue('4');

  await limit.fill('0');
  await section.getByRole('button', { name: 'Set the limit' }).click();
  await expect(section.getByRole('alert')).toContainText('at least one agent');
  await limit.fill('2.5');
  await section.getByRole('button', { name: 'Set the limit' }).click();
  await expect(section.getByRole('alert')).toBeVisible();
  await expect(section.getByRole('status')).toHaveCount(0);

  await limit.fill('2');
  await section.getByRole('button', { name: 'Set the limit' }).click();
  await expect(section.getByRole('status')).toHaveText('Agent limit saved.');
  await page.reload();
  await expect(section.getByLabel('Agents running at once')).toHaveValue('2');
  await expectAccessible(page, 'settings, background agents (light)');
  await setTheme(page, 'dark');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(section).toBeVisible();
  await expectAccessible(page, 'settings, background agents (dark)');
});
