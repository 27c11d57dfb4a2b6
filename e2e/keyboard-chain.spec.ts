/**
 * Issue: a keyboard user answering chained prompts. After a prompt is answered by a key and the next
 * one appears, focus goes straight to it (not to the message box for the 2.5 s idle wait), with the
 * same arming: a key typed before it armed answers nothing and is not typed into the message box
 * either. Three prompts in a row, answered with keys alone.
 */
import { expect, test } from './support/fixtures.js';
import { call, say, script, tabTo, toolCards, transcript } from './ui-helpers.js';

/** The idle wait of focusPolicy.ts (IDLE_BEFORE_FOCUS_MS), which a chained prompt does not wait for. */
const IDLE_BEFORE_FOCUS_MS = 2500;

test.use({
  llmScript: script(
    call('run_command', { command: 'echo one' }),
    call('run_command', { command: 'echo two' }),
    call('run_command', { command: 'echo three' }),
    say('All three ran.'),
  ),
});

test('three chained prompts answered with keys alone; an early key counts for nothing', async ({ app }) => {
  const { page } = app;
  const composer = page.getByRole('textbox', { name: 'Message' });
  await tabTo(page, composer);
  await page.keyboard.type('run three commands');
  await page.keyboard.press('Enter');

  const prompt = page.getByRole('dialog', { name: /Allow run_command/ });
  // The first prompt comes while the user was just in the box: it takes focus once the box is idle.
  await expect(prompt.getByTestId('key')).toHaveText('run_command:echo');
  await expect(prompt).toBeFocused();
  await expect(prompt).toHaveAttribute('data-armed', 'true');
  await page.keyboard.press('Enter');

  for (const n of [2, 3]) {
    await expect(toolCards(page, 'run_command')).toHaveCount(n);
    // The next prompt takes focus as it appears — well before the idle rule (IDLE_BEFORE_FOCUS_MS)
    // would have let it leave the message box.
    await expect(prompt).toBeFocused({ timeout: IDLE_BEFORE_FOCUS_MS - 1000 });
    if ((await prompt.getAttribute('data-armed')) === 'false') {
      // Typed before it armed: it neither answers nor lands in the message box as a message.
      await page.keyboard.press('1');
      await expect(prompt).toBeVisible();
      await expect(composer).toHaveValue('');
    }
    await expect(prompt).toHaveAttribute('data-armed', 'true');
    await page.keyboard.press('Enter');
  }

  await expect(transcript(page)).toContainText('All three ran.');
  const cards = toolCards(page, 'run_command');
  await expect(cards).toHaveCount(3);
  for (let i = 0; i < 3; i++) await expect(cards.nth(i).getByTestId('decision')).toContainText('once');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(composer).toBeFocused();
  await expect(composer).toHaveValue('');
  // Nothing typed during the chain became a message.
  await expect(transcript(page).getByText('1', { exact: true })).toHaveCount(0);
});
