/**
 * Accessible names and roles (axe), nothing overflows at 1024×700, light and dark
 * themes — on each project screen. Screenshots of each theme for the README.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe.js';
import { expect, screenshotDir, test } from './support/fixtures.js';
import { script } from './ui-helpers.js';

// axe walks every node of a screen: on a loaded two-core machine that takes a while.
test.describe.configure({ timeout: 120_000 });

/** Nothing sticks out sideways: neither the page nor any element whose overflow is visible. */
async function expectNoOverflow(page: Page, screen: string): Promise<void> {
  const overflowing = await page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > doc.clientWidth + 1) out.push(`page ${doc.scrollWidth} > ${doc.clientWidth}`);
    if (doc.scrollHeight > doc.clientHeight + 1) out.push(`page height ${doc.scrollHeight} > ${doc.clientHeight}`);
    for (const el of document.querySelectorAll<HTMLElement>('.content *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || el.closest('.xterm')) continue;
      if (r.right > doc.clientWidth + 1) out.push(`${el.tagName.toLowerCase()}.${el.className} right edge ${Math.round(r.right)}`);
    }
    return out.slice(0, 10);
  });
  expect(overflowing, screen).toEqual([]);
}

for (const theme of ['light', 'dark'] as const) {
  test(`project screens are accessible and fit 1024×700 (${theme})`, async ({ app }) => {
    const { page } = app;
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('radio', { name: theme === 'light' ? 'Light' : 'Dark' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.getByRole('link', { name: 'Project' }).click();

    await expect(page.getByRole('heading', { name: 'Conversation' })).toBeVisible();
    await expectAccessible(page, 'conversation');
    await expectNoOverflow(page, 'conversation');
    await page.screenshot({ path: `${screenshotDir}/conversation-${theme}.png` });

    await page.getByRole('tab', { name: 'Permissions' }).click();
    await expect(page.getByRole('heading', { name: 'Permissions' })).toBeVisible();
    await page.getByLabel('Key', { exact: true }).fill('run_command:git');
    await page.getByLabel('Scope').selectOption('project');
    await expect(page.getByTestId('add-problem')).toBeVisible();
    await expectAccessible(page, 'permissions');
    await expectNoOverflow(page, 'permissions');
    await page.screenshot({ path: `${screenshotDir}/permissions-${theme}.png` });

    await page.getByRole('tab', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
    await expectAccessible(page, 'audit');
    await expectNoOverflow(page, 'audit');
  });
}

test.describe('with a prompt on screen', () => {
  test.use({
    llmScript: script({ toolCalls: [{ name: 'run_command', input: { command: 'git status && git push origin main' } }] }, { text: 'ok' }),
  });

  test('the approval prompt is accessible and fits', async ({ app }) => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('status then push');
    await box.press('Enter');
    const prompt = page.getByRole('dialog', { name: /Allow run_command/ });
    await expect(prompt).toBeVisible();
    // A compound key shows each command and the operator between them.
    await expect(prompt.getByTestId('key').locator('.key-operator')).toHaveText('&&');
    await expectAccessible(page, 'approval prompt');
    await expectNoOverflow(page, 'approval prompt');
    await page.screenshot({ path: `${screenshotDir}/approval-compound.png` });
  });
});
