/**
 * Issue 11, "Allowlist editor and audit log": "Remove from file" can be undone from the status line
 * (the entry goes back through the same write path); the audit log shows the command or path of each
 * decision and records allowlist edits — who, what, when — live; axe on both, light and dark.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, openPermissions, say, script, send, setTheme } from './ui-helpers.js';

const SEEDED = { allowlist: { 'run_command:git': 'AlwaysThisProject', 'write_file:docs/**': 'AlwaysThisProject' }, keepMe: 1 };

/**
 * Writes codecoder.json with a violating entry and applies it, trusting it as reviewed: the app's
 * own writes then keep the trust, and no review comes back between the removal and its undo.
 */
async function seedViolation(page: Page, projectDir: string): Promise<string> {
  const file = path.join(projectDir, 'codecoder.json');
  await writeFile(file, JSON.stringify(SEEDED, null, 2));
  const banner = page.getByRole('status').filter({ hasText: 'codecoder.json changed on disk' });
  await banner.getByRole('button', { name: 'Reload' }).click();
  await page.getByRole('dialog', { name: "This folder's codecoder.json would allow:" }).getByRole('button', { name: 'Trust' }).click();
  return file;
}

test('"Remove from file" is undone from the status line, and both edits are in the audit log', async ({ app }) => {
  const { page, projectDir } = app;
  const panel = await openPermissions(page);
  const file = await seedViolation(page, projectDir);
  const violations = panel.getByRole('region', { name: /breaks the ceiling rule/ });
  await violations.getByRole('button', { name: 'Remove run_command:git from codecoder.json' }).click();
  await expect(violations).toHaveCount(0);
  expect(JSON.parse(await readFile(file, 'utf8')).allowlist).toEqual({ 'write_file:docs/**': 'AlwaysThisProject' });

  const status = panel.getByRole('status', { name: 'Allowlist status' });
  await expect(status).toContainText('Removed run_command:git from codecoder.json');
  await status.getByRole('button', { name: 'Undo' }).click();
  await expect(status).toContainText('Put back run_command:git in codecoder.json');
  await expect(status.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  // Back as it was: the same value, the rest of the file untouched, reported again (never honoured).
  const onDisk = JSON.parse(await readFile(file, 'utf8')) as typeof SEEDED;
  expect(onDisk.allowlist).toEqual(SEEDED.allowlist);
  expect(onDisk.keepMe).toBe(1);
  await expect(violations).toContainText('run_command:git');

  await page.getByRole('tab', { name: 'Audit log' }).click();
  const audit = page.getByRole('tabpanel', { name: 'Audit log' });
  await audit.getByLabel('Tool').selectOption('allowlist');
  const rows = audit.getByRole('table', { name: 'Recent decisions' }).getByRole('row');
  await expect(rows).toHaveCount(3); // header + remove + undo, newest first
  await expect(rows.nth(1)).toContainText('put back in the project allowlist');
  await expect(rows.nth(1)).toContainText('the allowlist editor');
  await expect(rows.nth(2)).toContainText('removed from the project allowlist');
  await expect(rows.nth(2)).toContainText('run_command:git');
});

test.describe('the audit log names what ran', () => {
  test.use({ llmScript: script(call('run_command', { command: 'git status --short' }), say('done')) });

  test('the command of a decision and an edit from the editor appear live', async ({ app }) => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const audit = page.getByRole('tabpanel', { name: 'Audit log' });
    const rows = audit.getByRole('table', { name: 'Recent decisions' }).getByRole('row');
    await page.getByRole('tab', { name: 'Conversation' }).click();
    await send(page, 'status please');
    await (await approvalPrompt(page, 'run_command')).getByRole('button', { name: /Allow once/ }).click();
    await page.getByRole('tab', { name: 'Audit log' }).click();
    // No Refresh pressed.
    const decision = rows.filter({ hasText: 'run_command:git' });
    await expect(decision).toHaveCount(1);
    await expect(decision.locator('.audit-subject')).toHaveText('git status --short');

    // An edit from the editor shows up by itself too.
    const panel = await openPermissions(page);
    await panel.getByLabel('Key', { exact: true }).fill('write_file:docs/**');
    await panel.getByLabel('Scope').selectOption('project');
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(panel.getByRole('row').filter({ hasText: 'write_file:docs/**' })).toBeVisible();
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await expect(rows.filter({ hasText: 'added to the project allowlist' })).toContainText('write_file:docs/**');
  });
});

for (const theme of ['light', 'dark'] as const) {
  test(`the status line with Undo and the audit log pass axe (${theme}, 1024×700)`, async ({ app }) => {
    const { page, projectDir } = app;
    await setTheme(page, theme);
    const panel = await openPermissions(page);
    await seedViolation(page, projectDir);
    await panel.getByRole('button', { name: 'Remove run_command:git from codecoder.json' }).click();
    await expect(panel.getByRole('status', { name: 'Allowlist status' }).getByRole('button', { name: 'Undo' })).toBeVisible();
    await expectAccessible(page, `permissions with the undo status line (${theme})`);
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Audit log' }).getByRole('table', { name: 'Recent decisions' })).toBeVisible();
    await expectAccessible(page, `audit log with edits (${theme})`);
  });
}
