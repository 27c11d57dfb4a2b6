/**
 * Permission modes switched with the keyboard (Alt+Shift+M in the message box), with the
 * prompts counted: Ask asks, Plan refuses a write without a prompt, Accept edits writes without a
 * prompt while a command still asks.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { auditFileFor } from '../main/core/permissions/index.js';
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, llmRequests, say, script, send, toolCards, transcript } from './ui-helpers.js';

async function promptsAsked(dataDir: string, projectDir: string): Promise<number> {
  const text = await readFile(auditFileFor(dataDir, projectDir), 'utf8').catch(() => '');
  return text.split('\n').filter((l) => l.includes('"asked":true')).length;
}

test.describe('permission modes', () => {
  test.use({
    llmScript: script(
      call('write_file', { path: 'a.txt', content: 'a\n' }),
      say('Wrote a.'),
      call('write_file', { path: 'b.txt', content: 'b\n' }),
      say('Plan: write c.txt, then list the folder.'),
      call('write_file', { path: 'c.txt', content: 'c\n' }),
      call('run_command', { command: 'ls' }),
      say('Done.'),
    ),
  });

  test('leaving plan mode before any plan exists says so and carries nothing (keyboard only)', async ({ app }) => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    const selector = page.getByRole('combobox', { name: 'Permission mode' });
    const notice = page.getByRole('status', { name: 'Permission mode notice' });
    await box.focus();
    await box.press('Alt+Shift+KeyM');
    await expect(selector).toHaveValue('plan');
    await expect(notice).toContainText('No plan yet');
    await expect(notice).not.toContainText('A plan is ready');
    await box.press('Alt+Shift+KeyM');
    await expect(selector).toHaveValue('edits');
    await expect(notice).toContainText('Accept edits is on');
    await expect(notice).not.toContainText('carries the plan');
    await expect(notice.getByRole('button', { name: "Don't carry it" })).toHaveCount(0);
  });

  test('Alt+Shift+M cycles Ask → Plan → Accept edits → Ask; the prompt count follows the mode', async ({ app }) => {
    const { page, dataDir, projectDir } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    const selector = page.getByRole('combobox', { name: 'Permission mode' });
    await expect(selector).toHaveValue('ask');

    // Ask: the write asks.
    await send(page, 'write a');
    const first = await approvalPrompt(page, 'write_file');
    await first.getByRole('button', { name: /Allow once/ }).click();
    await expect(transcript(page)).toContainText('Wrote a.');
    await expect.poll(() => promptsAsked(dataDir, projectDir)).toBe(1);

    // Plan: Alt+Shift+M in the message box; the write is refused without a prompt.
    await box.focus();
    await box.press('Alt+Shift+KeyM');
    await expect(selector).toHaveValue('plan');
    await expect(box).toBeFocused();
    await expect(page.getByRole('status', { name: 'Permission mode notice' })).toContainText('Plan mode: read-only');
    await send(page, 'make a plan');
    await expect(transcript(page)).toContainText('Plan: write c.txt');
    await expect(page.getByRole('status', { name: 'Permission mode notice' })).toContainText('A plan is ready');
    const planned = toolCards(page, 'write_file').nth(1);
    await expect(planned.getByTestId('decision')).toHaveText('denied');
    await expect(planned).toContainText('plan mode: propose, do not change');
    // The model was offered the read-only tools only.
    const planRequest = llmRequests(app)[2]!.body;
    expect((planRequest.tools as { name: string }[]).map((t) => t.name)).not.toContain('write_file');

    // Accept edits: the plan is carried; the write runs without a prompt, the command still asks.
    await box.press('Alt+Shift+KeyM');
    await expect(selector).toHaveValue('edits');
    const notice = page.getByRole('status', { name: 'Permission mode notice' });
    await expect(notice).toContainText('Accept edits is on');
    await expect(notice).toContainText('Your next message carries the plan.');
    await send(page, 'go ahead');
    const cmd = await approvalPrompt(page, 'run_command');
    // The carried plan went with the message: the notice drops it.
    await expect(notice).not.toContainText('carries the plan');
    await cmd.getByRole('button', { name: /Deny/ }).first().click();
    await expect(transcript(page)).toContainText('Done.');
    await expect(transcript(page)).toContainText('[Plan mode is over');
    await expect.poll(() => promptsAsked(dataDir, projectDir)).toBe(2);
    const audit = await readFile(auditFileFor(dataDir, projectDir), 'utf8');
    expect(audit).toMatch(/"tool":"write_file","key":"write_file:c\.txt","decision":"allow","via":"mode"/);
    expect(await readFile(path.join(projectDir, 'c.txt'), 'utf8')).toBe('c\n');
    await expect(readFile(path.join(projectDir, 'b.txt'), 'utf8')).rejects.toThrow();

    // And back to Ask; the notice goes.
    await box.press('Alt+Shift+KeyM');
    await expect(selector).toHaveValue('ask');
    await expect(page.getByRole('status', { name: 'Permission mode notice' })).toHaveCount(0);
  });

  test('/mode chooses a mode by name', async ({ app }) => {
    const { page } = app;
    await send(page, '/mode edits');
    await expect(page.getByRole('combobox', { name: 'Permission mode' })).toHaveValue('edits');
    await send(page, '/mode');
    await expect(page.getByRole('combobox', { name: 'Permission mode' })).toHaveValue('ask');
  });
});
