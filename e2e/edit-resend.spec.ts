/**
 * Issue 20, edit and resend: the last answer offers Regenerate (the message is sent again, the old
 * answer goes); an earlier message of yours offers Edit — the conversation is cut there, its text is
 * back in the message box, and the checkpoint that restores the files to before it is offered.
 * Keyboard only: Tab to the buttons, Enter to press them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, say, script, send, tabTo, transcript } from './ui-helpers.js';

test.use({
  projectFiles: { 'notes.txt': 'original notes\n' },
  llmScript: script(
    call('write_file', { path: 'notes.txt', content: 'rewritten by the agent\n' }),
    say('Rewrote the notes.'),
    say('Hi there.'),
    say('Hello again.'),
  ),
});

test('Regenerate the last answer, then Edit the first message: cut, text back in the box, files restorable (keyboard)', async ({ app }) => {
  const { page, projectDir } = app;
  const box = page.getByRole('textbox', { name: 'Message' });
  await send(page, 'rewrite the notes');
  const prompt = await approvalPrompt(page, 'write_file');
  await prompt.getByRole('button', { name: /Allow once/ }).click();
  await expect(transcript(page)).toContainText('Rewrote the notes.');
  await send(page, 'now say hi');
  await expect(transcript(page)).toContainText('Hi there.');

  // Regenerate: offered on the last answer only.
  const regenerate = transcript(page).getByRole('button', { name: 'Regenerate' });
  await expect(regenerate).toHaveCount(1);
  await tabTo(page, regenerate, { back: true });
  await page.keyboard.press('Enter');
  await expect(transcript(page)).toContainText('Hello again.');
  await expect(transcript(page)).not.toContainText('Hi there.');
  await expect(transcript(page).getByLabel('You', { exact: true }).filter({ hasText: 'now say hi' })).toHaveCount(1);

  // Edit the first message: the conversation is cut before it, the text is back in the box.
  const edit = transcript(page).getByRole('button', { name: /^Edit this message and send it again: rewrite the notes/ });
  await box.focus();
  await tabTo(page, edit, { back: true });
  await page.keyboard.press('Enter');
  await expect(transcript(page).getByLabel('You', { exact: true })).toHaveCount(0);
  await expect(box).toHaveValue('rewrite the notes');
  // The files are not touched by the cut; restoring them to before that message is offered.
  expect(await readFile(path.join(projectDir, 'notes.txt'), 'utf8')).toBe('rewritten by the agent\n');
  const offer = page.getByTestId('rewrite-offer');
  const restore = offer.getByRole('button', { name: 'Restore the files to before it…' });
  await restore.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: /Restore files to/ });
  await expect(panel.getByRole('listitem')).toHaveText(['notes.txt restored']);
  await panel.getByRole('button', { name: 'Restore' }).focus();
  await page.keyboard.press('Enter');
  // The restore's own outcome first (it can take seconds on a loaded machine), then the file.
  await expect(page.getByRole('status').filter({ hasText: /Restored 1 file/ })).toBeVisible({ timeout: 30_000 });
  expect(await readFile(path.join(projectDir, 'notes.txt'), 'utf8')).toBe('original notes\n');
});
