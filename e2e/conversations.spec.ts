/**
 * Issue 11, "Conversations": titled from the first message, renamable, deletable, dated,
 * searchable; the message count is right (also while the agent works); switching projects never
 * asks one project for another's conversation.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { say, script, send, transcript } from './ui-helpers.js';

test.describe('the conversation list', () => {
  test.use({ llmScript: script({ delayMs: 1500, text: 'The date test is fixed.' }, say('Second answer.')) });

  test('titles, counts, dates, rename, search and delete', async ({ app }) => {
    const { page } = app;
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await send(page, 'Fix the failing date test');
    const first = list.getByRole('listitem').first();
    await expect(first).toContainText('Fix the failing date test');
    // While the agent works: the message is counted already.
    await expect(first).toContainText('running · 1 message ·');
    await expect(transcript(page)).toContainText('The date test is fixed.');
    await expect(first).toContainText(/^[^r]*2 messages · /);
    await expect(first.locator('time')).toHaveAttribute('datetime', /^\d{4}-/);
    await expect(page.getByRole('heading', { name: /Conversation · Fix the failing date test/ })).toBeVisible();

    await first.getByRole('button', { name: 'Rename' }).click();
    const title = first.getByRole('textbox', { name: 'New title' });
    await title.fill('Dates');
    await title.press('Enter');
    await expect(first).toContainText('Dates');
    await expect(page.getByRole('heading', { name: 'Conversation · Dates' })).toBeVisible();

    await list.getByRole('button', { name: 'New conversation' }).click();
    await send(page, 'Something else entirely');
    await expect(transcript(page)).toContainText('Second answer.');
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await list.getByRole('searchbox', { name: 'Search conversations' }).fill('dat');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText('Dates');
    await list.getByRole('searchbox', { name: 'Search conversations' }).fill('');

    // Delete the open one (asks once more first).
    const open = list.getByRole('listitem').filter({ hasText: 'Something else entirely' });
    await open.getByRole('button', { name: 'Delete', exact: true }).click();
    await open.getByRole('button', { name: 'Delete for good' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).not.toContainText('Something else entirely');
    // The remaining one opens; a reload agrees with the list.
    await expect(transcript(page)).toContainText('The date test is fixed.');
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Conversations' }).getByRole('listitem')).toHaveCount(1);
  });
});

test.describe('switching projects', () => {
  test.use({ llmScript: script(say('hello from the first project')) });
  let other: string | undefined;
  test.afterEach(async () => {
    if (other) await rm(other, { recursive: true, force: true });
  });

  test('never asks the new project for the old one’s conversation', async ({ app }) => {
    const { page } = app;
    await send(page, 'hi');
    await expect(transcript(page)).toContainText('hello from the first project');
    other = await mkdtemp(path.join(tmpdir(), 'cc-e2e-other-'));
    await writeFile(path.join(other, 'README.md'), '# other\n');
    execFileSync('git', ['init', '-q'], { cwd: other });

    await page.getByRole('button', { name: 'Close project' }).click();
    await page.getByLabel('Folder path').fill(other);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Project' })).toContainText(path.basename(other));
    await expect(page.getByRole('navigation', { name: 'Conversations' })).toContainText('No conversations yet.');
    await page.waitForTimeout(500);
    await expect(page.getByText(/no conversation '/)).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
