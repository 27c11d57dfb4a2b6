/**
 * The session presets of codecoder.json (its AlwaysThisSession entries) are offered as
 * ONE prompt when the session starts; only the accepted ones apply, and only for the session.
 */
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, say, script, send, toolCards } from './ui-helpers.js';

test.use({
  projectFiles: {
    'codecoder.json': JSON.stringify(
      { allowlist: { 'run_command:echo': 'AlwaysThisSession', 'run_command:ls': 'AlwaysThisSession' } },
      null,
      2,
    ),
  },
  llmScript: script(call('run_command', { command: 'echo accepted' }), call('run_command', { command: 'ls' }), say('done')),
});

test('one prompt with a checkbox per preset; the accepted key runs without asking, the other asks', async ({ app }) => {
  const { page } = app;
  // Folder trust first (e2e/trust.spec.ts): an untrusted file's presets are not offered.
  const review = page.getByRole('dialog', { name: "This folder's codecoder.json would allow:" });
  await review.getByRole('button', { name: 'Trust' }).click();
  const presets = page.getByRole('dialog', { name: 'Allow these for this session?' });
  await expect(presets).toBeVisible();
  await expect(presets.getByRole('checkbox')).toHaveCount(2);
  // Nothing had focus: the prompt took it. Typing on it is writing, not answering: it goes to the message box.
  await expect(presets).toHaveAttribute('data-armed', 'true');
  await page.keyboard.type('hi');
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('hi');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await expect(presets.getByRole('checkbox', { checked: true })).toHaveCount(2);
  await presets.getByRole('checkbox', { name: 'run_command:ls' }).uncheck();
  // A click in a prompt's first 500 ms is ignored on purpose (the dock appearing moves what was under the pointer).
  await expect(presets).toHaveAttribute('data-clickable', 'true');
  await presets.getByRole('button', { name: /Allow selected/ }).click();
  await expect(presets).toHaveCount(0);

  await send(page, 'echo then list');
  await expect(toolCards(page, 'run_command').first().getByTestId('decision')).toContainText('session');
  const prompt = await approvalPrompt(page, 'run_command');
  await expect(prompt.getByTestId('key')).toHaveText('run_command:ls');
  await prompt.getByRole('button', { name: /Allow once/ }).click();
  await expect(toolCards(page, 'run_command').nth(1).getByTestId('decision')).toContainText('once');
});
