/**
 * The approval prompt against the real engine and agent, with the scripted
 * model. A command allowed for the session runs again without a prompt; "allow for this project"
 * is refused for shell keys; a write shows its diff and, allowed for the project, lands in
 * codecoder.json on disk; a denial's reason reaches the model; the keyboard answers.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, screenshotDir, test } from './support/fixtures.js';
import { approvalPrompt, script, call, llmRequests, say, send, toolCards, transcript } from './ui-helpers.js';

test.describe('command approval for the session', () => {
  test.use({
    llmScript: script(call('run_command', { command: 'echo first' }), call('run_command', { command: 'echo second' }), say('Both ran.')),
  });

  test('allow for the session → the same key runs again without a prompt; project refused for shell', async ({ app }) => {
    const { page } = app;
    await send(page, 'run echo twice');
    const prompt = await approvalPrompt(page, 'run_command');
    await expect(prompt.getByTestId('key')).toHaveText('run_command:echo');
    await expect(prompt).toContainText('shell');
    await expect(prompt.getByTestId('asker')).toHaveText('the main agent');
    // The ceiling rule: no project offer, and a one-line note saying why.
    await expect(prompt.getByRole('button', { name: /Allow for this project/ })).toHaveCount(0);
    await expect(prompt.getByTestId('ceiling-note')).toContainText('session at most');
    // Pressing 3 does not grant the project either.
    await page.keyboard.press('3');
    await expect(prompt.getByRole('status')).toContainText('session at most');
    await expect(prompt).toBeVisible();

    await prompt.getByRole('combobox', { name: 'Session time limit' }).selectOption({ label: '15 minutes' });
    await prompt.getByRole('button', { name: /Allow for this session/ }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const cards = toolCards(page, 'run_command');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0).getByTestId('decision')).toContainText('session');
    await expect(cards.nth(1).getByTestId('decision')).toContainText('session');
    await expect(transcript(page)).toContainText('Both ran.');
    // Only one prompt was ever shown: the second call matched the session entry.
    await expect(cards.nth(1)).not.toContainText('You answered');
    await page.screenshot({ path: `${screenshotDir}/transcript.png` });
  });
});

test.describe('file write with a diff', () => {
  test.use({ llmScript: script(call('write_file', { path: 'notes/todo.md', content: '# todo\n- ship\n' }), say('Written.')) });

  test('the prompt shows the diff; allow for the project writes codecoder.json on disk', async ({ app }) => {
    const { page, projectDir } = app;
    await send(page, 'write a todo file');
    const prompt = await approvalPrompt(page, 'write_file');
    await expect(prompt.getByTestId('key')).toHaveText('write_file:notes/todo.md');
    await expect(prompt.getByLabel('Proposed changes')).toContainText('+- ship');
    await prompt.getByRole('button', { name: /Allow for this project/ }).click();
    await expect(toolCards(page, 'write_file').first().getByTestId('decision')).toContainText('project');
    await expect(transcript(page)).toContainText('Written.');
    const config = JSON.parse(await readFile(path.join(projectDir, 'codecoder.json'), 'utf8')) as { allowlist: Record<string, string> };
    expect(config.allowlist['write_file:notes/todo.md']).toBe('AlwaysThisProject');
    expect(await readFile(path.join(projectDir, 'notes/todo.md'), 'utf8')).toBe('# todo\n- ship\n');
  });
});

test.describe('deny with a reason', () => {
  test.use({ llmScript: script(call('run_command', { command: 'rm -rf build' }), say('Understood, I will not delete it.')) });

  test('the reason goes back to the model as the tool error', async ({ app }) => {
    const { page } = app;
    await send(page, 'clean the build');
    const prompt = await approvalPrompt(page, 'run_command');
    await prompt.getByLabel('Reason for the model (optional)').fill('keep the build folder');
    await prompt.getByRole('button', { name: /Deny/ }).click();
    const card = toolCards(page, 'run_command').first();
    await expect(card.getByTestId('decision')).toContainText('denied');
    await expect(card).toContainText('keep the build folder');
    await expect(transcript(page)).toContainText('Understood');
    const last = llmRequests(app).at(-1)!;
    expect(JSON.stringify(last.body.messages)).toContain('keep the build folder');
  });
});

test.describe('keyboard', () => {
  test.use({ llmScript: script(call('run_command', { command: 'ls' }), call('run_command', { command: 'pwd' }), say('ok')) });

  test('focus moves into the prompt and back; Enter allows once, Esc denies', async ({ app }) => {
    const { page } = app;
    const composer = page.getByRole('textbox', { name: 'Message' });
    await send(page, 'look around');
    let prompt = await approvalPrompt(page, 'run_command');
    await expect(prompt).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toolCards(page, 'run_command').first().getByTestId('decision')).toContainText('once');
    prompt = await approvalPrompt(page, 'run_command');
    await expect(prompt.getByTestId('key')).toHaveText('run_command:pwd');
    await page.keyboard.press('Escape');
    await expect(toolCards(page, 'run_command').nth(1).getByTestId('decision')).toContainText('denied');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(composer).toBeFocused();

    // Both decisions are in the audit log, filterable by decision.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const audit = page.getByRole('table', { name: 'Recent decisions' });
    await expect(audit.getByRole('row')).toHaveCount(3);
    await page.getByRole('tabpanel', { name: 'Audit log' }).getByRole('combobox', { name: 'Decision' }).selectOption('deny');
    await expect(audit.getByRole('row')).toHaveCount(2);
    await expect(audit).toContainText('run_command:pwd');
    await expect(audit).toContainText('user-deny');
  });
});
