/**
 * Issue 6 §1 and §6: Stop during a long command, a sub-agent's transcript nested under its call,
 * the slash commands.
 */
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, script, call, say, send, toolCards, transcript } from './ui-helpers.js';

test.describe('Stop', () => {
  test.use({ llmScript: script(call('run_command', { command: 'sh -c "echo started; sleep 60"' }), say('never reached')) });

  test('Stop during a long command cancels it and says so', async ({ app }) => {
    const { page } = app;
    await send(page, 'run the long job');
    const prompt = await approvalPrompt(page, 'run_command');
    await prompt.getByRole('button', { name: /Allow once/ }).click();
    const card = toolCards(page, 'run_command').first();
    // The command's live output reaches the terminal before it ends.
    await expect(card.getByRole('log', { name: /Output of/ })).toContainText('started');
    // Running long enough to watch: a live xterm.js.
    await expect(card.locator('.xterm-screen')).toBeVisible();
    const stop = page.getByRole('button', { name: 'Stop' });
    await expect(stop).toBeEnabled();
    await stop.click();
    await expect(card).toContainText('cancelled');
    // Ended: the live terminal gives way to its drawn screen, output kept.
    await expect(card.locator('.xterm-screen')).toHaveCount(0);
    await expect(card.locator('.terminal-snapshot')).toContainText('started');
    await expect(transcript(page)).toContainText('Stopped by you.');
    await expect(stop).toBeDisabled();
    await expect(transcript(page)).not.toContainText('never reached');
  });
});

test.describe('command output', () => {
  test.use({
    llmScript: script(call('run_command', { command: "printf '\\033[31mred\\033[0m plain\\n50%%\\r100%%\\n'" }), say('printed')),
  });

  test('a quick command is drawn as the terminal shows it: colours kept, progress redrawn', async ({ app }) => {
    const { page } = app;
    await send(page, 'print in colour');
    const prompt = await approvalPrompt(page, 'run_command');
    await prompt.getByRole('button', { name: /Allow once/ }).click();
    await expect(transcript(page)).toContainText('printed');
    const out = toolCards(page, 'run_command')
      .first()
      .getByRole('log', { name: /Output of/ });
    await expect(out.locator('.xterm-fg-1')).toHaveText('red');
    await expect(out).toContainText('red plain');
    await expect(out).toContainText('100%');
    await expect(out).not.toContainText('50%');
    // No live terminal was opened for it.
    await expect(out.locator('.xterm-screen')).toHaveCount(0);
  });
});

test.describe('sub-agent', () => {
  test.use({
    llmScript: script(
      call('agent', { prompt: 'Summarise README.md' }, 'call_parent_agent'),
      { match: { system: 'sub-agent' }, toolCalls: [{ name: 'read_file', input: { path: 'README.md' } }] },
      { match: { system: 'sub-agent' }, text: 'The README is a one-line demo heading.' },
      say('The sub-agent says the README is a demo.'),
    ),
  });

  test('its transcript is nested under the agent call', async ({ app }) => {
    const { page } = app;
    await send(page, 'ask a sub-agent about the README');
    const agentCard = toolCards(page, 'agent').first();
    const nested = agentCard.getByRole('region', { name: 'Sub-agent transcript' });
    await expect(nested).toContainText('Summarise README.md');
    await expect(nested.getByRole('article', { name: 'Tool call read_file' })).toContainText('None');
    await expect(nested).toContainText('one-line demo heading');
    await expect(transcript(page)).toContainText('The sub-agent says the README is a demo.');
    // The sub-agent's own tokens and cost, on its card (the scripted model has no price).
    await expect(nested.locator('.subagent-head')).toContainText(/end_turn · [\d.]+k? in( \([\d.]+k? cached\))? · \d+ out · unknown price/);
    // The child's read_file is not a top-level card.
    await expect(toolCards(page, 'read_file')).toHaveCount(1);
  });
});

test.describe('slash commands', () => {
  test.use({ llmScript: script(say('hello')) });

  test('/permissions, /clear, /settings, /reload and an unknown one', async ({ app }) => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await send(page, '/nope');
    await expect(page.getByRole('alert').filter({ hasText: 'is not a command' })).toBeVisible();
    await expect(box).toHaveValue('/nope');

    await send(page, 'hi');
    await expect(transcript(page)).toContainText('hello');
    const conversations = page.getByRole('navigation', { name: 'Conversations' }).getByRole('listitem');
    await expect(conversations).toHaveCount(1);
    await send(page, '/clear');
    await expect(conversations).toHaveCount(2);
    await expect(transcript(page)).not.toContainText('hello');

    await send(page, '/reload');
    await expect(page.getByRole('status').filter({ hasText: 'codecoder.json' })).toBeVisible();

    await send(page, '/permissions');
    await expect(page.getByRole('tab', { name: 'Permissions' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Conversation' }).click();
    await send(page, '/settings');
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  });
});
