/**
 * The allowlist editor against the real permission engine. Shell keys are blocked at
 * project scope in the form; ceiling violations in the file are removable in one click; a malformed
 * file is shown with line and column and never touched; a manual edit shows the banner and applies
 * on Reload; the "test a command" box. (The audit view is proven after real decisions, in approvals.spec.ts.)
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, screenshotDir, test } from './support/fixtures.js';
import { openPermissions } from './ui-helpers.js';

test('shell keys cannot be added at project scope; session entries count down; non-shell keys reach the file', async ({ app }) => {
  const { page, projectDir } = app;
  const panel = await openPermissions(page);
  const key = panel.getByLabel('Key', { exact: true });
  await key.fill('run_command:git');
  await panel.getByLabel('Scope').selectOption('project');
  await expect(panel.getByTestId('add-problem')).toContainText('session at most');
  await expect(panel.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();

  await panel.getByLabel('Scope').selectOption('session');
  await panel.getByLabel('Time limit').selectOption({ label: '15 minutes' });
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  const row = panel.getByRole('row').filter({ hasText: 'run_command:git' });
  await expect(row).toContainText('Session');
  await expect(row).toContainText(/1[45]:\d\d/);
  await expect(row.getByRole('button', { name: 'Make project' })).toBeDisabled();

  await key.fill('write_file:tests/**');
  await panel.getByLabel('Scope').selectOption('project');
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(panel.getByRole('row').filter({ hasText: 'write_file:tests/**' })).toContainText('Project');
  const onDisk = JSON.parse(await readFile(path.join(projectDir, 'codecoder.json'), 'utf8')) as { allowlist: Record<string, string> };
  expect(onDisk.allowlist).toEqual({ 'write_file:tests/**': 'AlwaysThisProject' });
  await page.screenshot({ path: `${screenshotDir}/allowlist-editor.png` });

  await panel.getByRole('button', { name: 'Remove write_file:tests/**' }).click();
  await expect(panel.getByRole('row').filter({ hasText: 'write_file:tests/**' })).toHaveCount(0);

  // Change scope: a session entry of a non-shell tool moves to the project file.
  await key.fill('write_file:src/**');
  await panel.getByLabel('Scope').selectOption('session');
  await panel.getByLabel('Time limit').selectOption({ label: 'until the session ends' });
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  const src = panel.getByRole('row').filter({ hasText: 'write_file:src/**' });
  await expect(src).toContainText('until the session ends');
  await src.getByRole('button', { name: 'Make project' }).click();
  await expect(panel.getByRole('row').filter({ hasText: 'write_file:src/**' })).toContainText('Project');
  const moved = JSON.parse(await readFile(path.join(projectDir, 'codecoder.json'), 'utf8')) as { allowlist: Record<string, string> };
  expect(moved.allowlist).toEqual({ 'write_file:src/**': 'AlwaysThisProject' });
});

test('a manual edit shows the banner; Reload applies it; a ceiling violation is removed from the file in one click', async ({ app }) => {
  const { page, projectDir } = app;
  const panel = await openPermissions(page);
  const file = path.join(projectDir, 'codecoder.json');
  await writeFile(
    file,
    JSON.stringify(
      { allowlist: { 'run_command:git': 'AlwaysThisProject', 'write_file:docs/**': 'AlwaysThisProject' }, keepMe: 1 },
      null,
      2,
    ),
  );
  const banner = page.getByRole('status').filter({ hasText: 'codecoder.json changed on disk' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Reload' }).click();
  await expect(banner).toHaveCount(0);
  // A hand edit needs folder trust again: its review shows (e2e/trust.spec.ts); this test is about the editor.
  await page.getByRole('dialog', { name: "This folder's codecoder.json would allow:" }).getByRole('button', { name: 'Not now' }).click();
  const violations = panel.getByRole('region', { name: /breaks the ceiling rule/ });
  await expect(violations).toContainText('run_command:git');
  await expect(panel.getByRole('row').filter({ hasText: 'write_file:docs/**' })).toContainText('Project');
  await page.screenshot({ path: `${screenshotDir}/allowlist-violation.png` });

  await violations.getByRole('button', { name: 'Remove run_command:git from codecoder.json' }).click();
  await expect(violations).toHaveCount(0);
  const onDisk = JSON.parse(await readFile(file, 'utf8')) as { allowlist: Record<string, string>; keepMe: number };
  expect(onDisk.allowlist).toEqual({ 'write_file:docs/**': 'AlwaysThisProject' });
  expect(onDisk.keepMe).toBe(1);
});

test('a malformed codecoder.json is shown with line and column, the editor is read-only, the file untouched', async ({ app }) => {
  const { page, projectDir } = app;
  const panel = await openPermissions(page);
  const file = path.join(projectDir, 'codecoder.json');
  const broken = '{\n  "allowlist": {\n    "write_file:a": "AlwaysThisProject",\n  }\n';
  await writeFile(file, broken);
  await page.getByRole('status').filter({ hasText: 'changed on disk' }).getByRole('button', { name: 'Reload' }).click();
  const error = panel.getByTestId('file-error');
  await expect(error).toContainText(/line \d+, column \d+/);
  await expect(panel).toContainText('read-only until it is fixed');
  await panel.getByLabel('Key', { exact: true }).fill('write_file:b');
  await panel.getByLabel('Scope').selectOption('project');
  await expect(panel.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await page.screenshot({ path: `${screenshotDir}/allowlist-malformed.png` });
  expect(await readFile(file, 'utf8')).toBe(broken);
});

test('test a command: class, key and what would happen', async ({ app }) => {
  const { page } = app;
  const panel = await openPermissions(page);
  const box = panel.getByRole('region', { name: 'Test a command' });
  await box.getByLabel('Command to test').fill('git status && git push origin main');
  await box.getByRole('button', { name: 'Test' }).click();
  const result = box.getByRole('status', { name: 'Test result' });
  await expect(result).toContainText('compound');
  await expect(result.getByTestId('key')).toHaveText('run_command:git-status-&&-git-push');
  await expect(result.getByTestId('test-decision')).toContainText('Would ask you');

  await box.getByLabel('Command to test').fill('echo \u001b[31m');
  await box.getByRole('button', { name: 'Test' }).click();
  await expect(result).toContainText('invalid');
});
