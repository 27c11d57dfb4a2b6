/**
 * Issue 20: accept or reject each hunk of a proposed edit in the approval prompt, keyboard only.
 * The model proposes a write with three hunks; the user tabs to hunk 2's toggle, rejects it with
 * Space and allows with a key. The file on disk then holds exactly hunks 1 and 3, the model is told
 * hunk 2 was rejected (with its text), and the audit log records the hunks taken. The prompt with
 * its toggles passes axe, light and dark.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { call, llmRequests, say, script, setTheme, tabTo, toolCards, transcript, visibleHeight } from './ui-helpers.js';

const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i + 1)).join('\n') + '\n';
const BEFORE = lines(30, (i) => `line ${i}`);
/** Three hunks: line 2 changed, a line added after line 15, line 28 removed. */
const AFTER = BEFORE.replace('line 2\n', 'line two\n').replace('line 15\n', 'line 15\nline 15b\n').replace('line 28\n', '');
const HUNKS_1_AND_3 = BEFORE.replace('line 2\n', 'line two\n').replace('line 28\n', '');

test.use({
  projectFiles: { 'notes.txt': BEFORE },
  llmScript: script(call('write_file', { path: 'notes.txt', content: AFTER }), say('Wrote what you took.')),
});

test('reject the middle hunk of three with keys alone: the file holds exactly hunks 1 and 3', async ({ app }) => {
  const { page } = app;
  const composer = page.getByRole('textbox', { name: 'Message' });
  await tabTo(page, composer);
  await page.keyboard.type('tidy the notes');
  await page.keyboard.press('Enter');

  const prompt = page.getByRole('dialog', { name: /Allow write_file/ });
  await expect(prompt).toBeFocused({ timeout: 20_000 });
  await expect(prompt).toHaveAttribute('data-armed', 'true');
  const toggles = prompt.getByTestId('hunk-choices').getByRole('checkbox');
  await expect(toggles).toHaveCount(3);
  await expect(toggles.nth(0)).toHaveAccessibleName(/^Hunk 1 lines 1–5 \+1 −1 line 2$/);
  await expect(toggles.nth(1)).toHaveAccessibleName(/^Hunk 2 lines 13–18 \+1 −0 line 15b$/);

  const second = prompt.getByRole('checkbox', { name: /^Hunk 2 / });
  await tabTo(page, second);
  await page.keyboard.press('Space');
  await expect(second).not.toBeChecked();
  await expect(toggles.nth(0)).toBeChecked();
  await expect(toggles.nth(2)).toBeChecked();
  await expect(prompt.getByRole('button', { name: /Allow 2 of 3 hunks once/ })).toBeInViewport();
  // At 1024×700 the toggles take no room from the diff: its box is shown whole, not clipped.
  const box = await visibleHeight(prompt.getByRole('region', { name: 'Proposed changes' }));
  expect(box.visible).toBeGreaterThanOrEqual(box.height - 1);
  expect(box.visible, 'the diff shows several lines').toBeGreaterThanOrEqual(70);
  // Part of a change is allowed once only: the wider answers are off, and their key says why.
  await expect(prompt.getByRole('button', { name: /Allow for this session/ })).toHaveCount(0);
  await expect(prompt.getByTestId('hunk-choices')).toContainText('Hunks to write (2 of 3 · once only)');
  for (let i = 0; i < 3; i++) await expect(toggles.nth(i)).toBeInViewport();
  await page.keyboard.press('2');
  await expect(prompt.getByRole('status').filter({ hasText: 'Not offered' })).toContainText('never remembered');
  await expect(prompt).toBeVisible();

  await page.keyboard.press('1');
  await expect(transcript(page)).toContainText('Wrote what you took.', { timeout: 20_000 });
  expect(await readFile(path.join(app.projectDir, 'notes.txt'), 'utf8')).toBe(HUNKS_1_AND_3);

  const card = toolCards(page, 'write_file').first();
  await expect(card.getByTestId('tool-hunks')).toContainText('hunks 1, 3 of 3 written, 2 rejected');
  // The card's diff is what was written: hunk 2's line is not in it.
  await expect(card.getByRole('region', { name: 'Changes to notes.txt' })).toContainText('line two');
  await expect(card.getByRole('region', { name: 'Changes to notes.txt' })).not.toContainText('line 15b');
  // The model was told which hunk was rejected, with its text.
  const sent = JSON.stringify(llmRequests(app).at(-1)?.body ?? {});
  expect(sent).toContain('rejected hunk 2');
  expect(sent).toContain('+line 15b');

  await page.getByRole('tab', { name: 'Audit log' }).click();
  const audit = page.getByRole('tabpanel', { name: 'Audit log' });
  const row = audit.getByRole('table', { name: 'Recent decisions' }).getByRole('row').filter({ hasText: 'write_file:notes.txt' });
  await expect(row.getByTestId('audit-hunks')).toHaveText('— hunks 1, 3 of 3 written, 2 rejected');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the hunk toggles pass axe (${theme}), and rejecting every hunk denies`, async ({ app }) => {
    const { page } = app;
    await setTheme(page, theme);
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('tidy the notes');
    await composer.press('Enter');
    const prompt = page.getByRole('dialog', { name: /Allow write_file/ });
    await expect(prompt).toHaveAttribute('data-armed', 'true', { timeout: 20_000 });
    const toggles = prompt.getByTestId('hunk-choices').getByRole('checkbox');
    await expect(toggles).toHaveCount(3);
    for (let i = 0; i < 3; i++) await toggles.nth(i).uncheck();
    await expect(prompt.getByRole('button', { name: /Reject every hunk/ })).toBeVisible();
    await expectAccessible(page, `an approval with hunk toggles (${theme})`);
    await prompt.getByRole('button', { name: /Reject every hunk/ }).click();
    await expect(transcript(page)).toContainText('Wrote what you took.', { timeout: 20_000 });
    await expect(toolCards(page, 'write_file').first()).toContainText('rejected every hunk');
    expect(await readFile(path.join(app.projectDir, 'notes.txt'), 'utf8')).toBe(BEFORE);
  });
}
