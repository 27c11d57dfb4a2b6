/**
 * Issue: a prompt from a conversation that is not on screen said only "asked by the main agent".
 * It names the conversation that asked and links to it.
 */
import { expect, test } from './support/fixtures.js';
import { call, say, script, send, toolCards, transcript } from './ui-helpers.js';

test.use({ llmScript: script({ delayMs: 1500, ...call('run_command', { command: 'echo from A' }) }, say('A is done.')) });

test('a prompt from another conversation names it; its link shows that conversation', async ({ app }) => {
  const { page } = app;
  const list = page.getByRole('navigation', { name: 'Conversations' });
  await send(page, 'Check the build in A');
  await expect(list.getByRole('listitem').first()).toContainText('Check the build in A');
  // Switch to a new conversation B while A's run is on its way to a prompt.
  await list.getByRole('button', { name: 'New conversation' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('heading', { name: /^Conversation/ })).not.toContainText('Check the build in A');

  const prompt = page.getByRole('dialog', { name: /Allow run_command/ });
  await expect(prompt).toBeVisible();
  const origin = prompt.getByTestId('asked-in');
  await expect(origin).toContainText('in Check the build in A');
  // The dialog's name says it too: a screen reader hears where the prompt comes from.
  await expect(prompt).toHaveAccessibleName(/asked by the main agent in Check the build in A/);

  await origin.getByRole('button', { name: 'Check the build in A' }).click();
  await expect(page.getByRole('heading', { name: /Conversation · Check the build in A/ })).toBeVisible();
  await expect(prompt.getByTestId('asked-in')).toHaveCount(0);
  await expect(prompt).toContainText('in this conversation');

  await expect(prompt).toHaveAttribute('data-clickable', 'true');
  await prompt.getByRole('button', { name: /Allow once/ }).click();
  await expect(toolCards(page, 'run_command')).toHaveCount(1);
  await expect(transcript(page)).toContainText('A is done.');
});
