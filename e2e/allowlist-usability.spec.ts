/**
 * Issue 11, "Allowlist editor and audit log": the countdown is labelled, the scope selector does
 * not stay on Deny, a test result goes when the rules change, the tab is marked for a malformed
 * file; the audit log's filter has every tool and it updates live.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, openPermissions, say, script, send } from './ui-helpers.js';

test('the editor: labelled countdown, scope back from Deny, a stale test result cleared', async ({ app }) => {
  const { page } = app;
  const panel = await openPermissions(page);
  const key = panel.getByLabel('Key', { exact: true });

  await panel.getByLabel('Command to test').fill('git status');
  await panel.getByRole('button', { name: 'Test', exact: true }).click();
  await expect(panel.getByTestId('test-decision')).toContainText('Would ask you');

  await key.fill('run_command:git');
  await panel.getByLabel('Time limit').selectOption({ label: '15 minutes' });
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(panel.getByRole('row').filter({ hasText: 'run_command:git' }).getByTestId('countdown')).toHaveText(
    /^expires in 1[45]:\d\d$/,
  );
  // The rules changed: the old answer ("would ask") is gone rather than wrong.
  await expect(panel.getByTestId('test-decision')).toHaveCount(0);

  await key.fill('run_command:rm');
  await panel.getByLabel('Scope').selectOption('deny');
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(panel.getByRole('row').filter({ hasText: 'run_command:rm' })).toContainText('Deny');
  await expect(panel.getByLabel('Scope')).toHaveValue('session');
});

test('a malformed codecoder.json marks the Permissions tab', async ({ app }) => {
  const { page, projectDir } = app;
  await writeFile(path.join(projectDir, 'codecoder.json'), '{ "allowlist": ');
  await page.reload();
  await expect(page.getByRole('tab', { name: /Permissions/ }).getByLabel('codecoder.json is malformed')).toBeVisible();
});

test.describe('the audit log', () => {
  test.use({
    llmScript: script(call('read_file', { path: 'README.md' }), call('write_file', { path: 'a.txt', content: 'a\n' }), say('done')),
  });

  test('filters by any tool, read-only ones included, and updates live', async ({ app }) => {
    const { page } = app;
    await send(page, 'read then write');
    const prompt = await approvalPrompt(page, 'write_file');
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const audit = page.getByRole('tabpanel', { name: 'Audit log' });
    const rows = audit.getByRole('table', { name: 'Recent decisions' }).getByRole('row');
    await expect(rows.filter({ hasText: 'read_file' })).toHaveCount(1);
    await prompt.getByRole('button', { name: /Allow once/ }).click();
    // No Refresh pressed: the answer's record appears by itself.
    await expect(rows.filter({ hasText: 'write_file:a.txt' })).toHaveCount(1);
    await audit.getByLabel('Tool').selectOption('read_file');
    await expect(rows).toHaveCount(2); // header + the read
    await expect(rows.nth(1)).toContainText('read_file');
  });
});
