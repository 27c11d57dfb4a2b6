/**
 * A project whose codecoder.json this user has not trusted opens with
 * ONE review screen ("This folder's codecoder.json would allow: …"); until Trust, its entries are not
 * honoured (a write it allows still asks); after Trust they are, and the Permissions tab says so.
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { expect, screenshotDir, test } from './support/fixtures.js';
import { approvalPrompt, call, openPermissions, say, script, send, toolCards } from './ui-helpers.js';

const hook = { path: 'scripts/postinstall.sh', content: 'echo installed\n' };

test.use({
  projectFiles: {
    'codecoder.json': JSON.stringify(
      { allowlist: { 'write_file:**': 'AlwaysThisProject', 'run_command:curl': 'AlwaysThisProject' }, deny: ['write_file:.env'] },
      null,
      2,
    ),
  },
  llmScript: script(call('write_file', hook), say('asked first'), call('write_file', hook), say('written without asking')),
});

test('review screen on open; the untrusted entry asks; Trust → the entry is honoured', async ({ app }) => {
  const { page, projectDir, dataDir } = app;
  const review = page.getByRole('dialog', { name: "This folder's codecoder.json would allow:" });
  await expect(review).toBeVisible();
  await expect(review.getByTestId('trust-entry')).toHaveCount(2);
  await expect(review).toContainText('create or overwrite any file in the project');
  await expect(review).toContainText('Never honoured, trusted or not: run_command:curl');
  await expect(review).not.toContainText('CeilingViolation');
  await expect(review).toContainText('write_file:.env');
  await page.screenshot({ path: `${screenshotDir}/trust-review.png` });
  await review.getByRole('button', { name: 'Not now' }).click();
  await expect(review).toHaveCount(0);

  // Not trusted: the file's write_file:** does not count, so the write asks.
  await send(page, 'set up the project');
  const prompt = await approvalPrompt(page, 'write_file');
  await expect(prompt.getByTestId('key')).toHaveText('write_file:scripts/postinstall.sh');
  await prompt.getByRole('button', { name: /Allow once/ }).click();
  await expect(toolCards(page, 'write_file').first().getByTestId('decision')).toContainText('once');
  await expect(page.getByText('asked first')).toBeVisible();

  const panel = await openPermissions(page);
  const status = panel.getByTestId('trust-status');
  await expect(status).toContainText('Folder trust: not trusted');
  await status.getByRole('button', { name: 'Review and trust…' }).click();
  await expect(review).toBeVisible();
  await review.getByRole('button', { name: 'Trust' }).click();
  await expect(review).toHaveCount(0);
  await expect(status).toContainText('Folder trust: trusted');
  const store = JSON.parse(await readFile(path.join(dataDir, 'trusted-folders.json'), 'utf8')) as { folders: Record<string, unknown> };
  expect(Object.keys(store.folders)).toEqual([await realpath(projectDir)]);

  // Trusted: the same write runs without a prompt, via the project entry.
  await page.getByRole('tab', { name: 'Conversation' }).click();
  await send(page, 'again');
  await expect(toolCards(page, 'write_file').nth(1).getByTestId('decision')).toContainText('project');
  await expect(page.getByText('written without asking')).toBeVisible();

  // Revoke from the Permissions tab: back to not trusted.
  await page.getByRole('tab', { name: 'Permissions' }).click();
  await status.getByRole('button', { name: 'Revoke trust' }).click();
  await expect(status).toContainText('Folder trust: not trusted');
  // Escape is Not now: a stray keystroke trusts nothing.
  await status.getByRole('button', { name: 'Review and trust…' }).click();
  await expect(review.getByRole('heading', { level: 2 })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(review).toHaveCount(0);
  await expect(status).toContainText('Folder trust: not trusted');
});
