/**
 * Issue 20: a shell loop's key (`run_command:for(-)-do(-echo-$i-;-sleep-)`) is exact but unreadable,
 * so every place that shows a key shows its reading beside it — the approval prompt, the allowlist
 * editor, the audit log and the trust review — while the key itself stays what is matched and copied.
 */
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, openPermissions, say, script, send } from './ui-helpers.js';

const KEY = 'run_command:for(-)-do(-echo-$i-;-sleep-)';
const READING = 'reads as for …; do echo $i; sleep; done';

test.use({
  projectFiles: { 'codecoder.json': JSON.stringify({ allowlist: { [KEY]: 'AlwaysThisSession' } }, null, 2) },
  llmScript: script(call('run_command', { command: 'for i in 1 2; do echo $i ; sleep 0; done' }), say('Looped.')),
});

test('a loop key reads as its command in the trust review, the prompt, the allowlist editor and the audit log', async ({ app }) => {
  const { page } = app;
  const review = page.getByRole('dialog', { name: "This folder's codecoder.json would allow:" });
  const entry = review.getByTestId('trust-entry');
  await expect(entry.getByTestId('key')).toHaveText(KEY);
  await expect(entry.getByTestId('key-readable')).toHaveText(READING);
  await review.getByRole('button', { name: 'Not now' }).click();

  await send(page, 'loop');
  const prompt = await approvalPrompt(page, 'run_command');
  await expect(prompt.getByTestId('key')).toHaveText(KEY);
  await expect(prompt.getByTestId('key-readable')).toHaveText(READING);
  await prompt.getByRole('button', { name: /Allow for this session/ }).click();
  await expect(page.getByText('Looped.')).toBeVisible();

  const panel = await openPermissions(page);
  const row = panel.getByRole('row').filter({ has: page.getByTestId('key').getByText(KEY, { exact: true }) }).first();
  await expect(row.getByTestId('key-readable')).toHaveText(READING);

  await page.getByRole('tab', { name: 'Audit log' }).click();
  const audit = page.getByRole('tabpanel', { name: 'Audit log' });
  const decision = audit.getByRole('row').filter({ has: page.getByTestId('key').getByText(KEY, { exact: true }) }).first();
  await expect(decision.getByTestId('key-readable')).toHaveText(READING);
  // A simple key needs no reading.
  await expect(audit.getByTestId('key-readable')).toHaveCount(await audit.getByRole('row').filter({ hasText: KEY }).count());
});
