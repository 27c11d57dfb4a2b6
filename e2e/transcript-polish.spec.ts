/**
 * Issue 20, "Cosmetic, but everywhere" — the transcript: turns are numbered per conversation and
 * `/compact` is a compaction marker (not a user message "turn 0"); a denied call shows one state; a
 * write that changes nothing says so in the prompt and the card; the transcript stays pinned to the
 * bottom when the area above the message box grows, unless the user scrolled up to read.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, say, script, send, toolCards, transcript } from './ui-helpers.js';

/** How far the transcript is from its bottom, in pixels. */
const fromBottom = (page: Page) => transcript(page).evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

test.describe('turns and /compact', () => {
  test.use({
    llmScript: script(call('glob', { pattern: '*.md' }), say('One markdown file.'), say('Still one.'), say('The user listed the docs.')),
  });

  test('turn numbers go on across messages; /compact is a marker, never a message or "turn 0"', async ({ app }) => {
    const { page } = app;
    await send(page, 'list the docs');
    await expect(transcript(page)).toContainText('One markdown file.');
    await send(page, 'and now?');
    await expect(transcript(page)).toContainText('Still one.');
    const usage = transcript(page).locator('.turn-usage');
    await expect(usage).toHaveCount(3);
    expect((await usage.allInnerTexts()).map((t) => t.split(' · ')[0])).toEqual(['turn 1', 'turn 2', 'turn 3']);

    await send(page, '/compact');
    const marker = transcript(page).getByTestId('compaction-marker');
    await expect(marker).toHaveText(/^Earlier turns summarised — .+ tokens \(\/compact\)$/);
    // The summariser's model call is labelled as the compaction's, and numbers no turn.
    await expect(usage).toHaveCount(4);
    await expect(usage.last()).toContainText(/^compaction summary · /);
    await expect(transcript(page).getByLabel('You')).toHaveCount(2);
    await expect(transcript(page)).not.toContainText('turn 0');
    await expect(transcript(page).getByLabel('You').filter({ hasText: '/compact' })).toHaveCount(0);
  });
});

test.describe('a denied command', () => {
  test.use({ llmScript: script(call('run_command', { command: 'rm -rf build' }), say('Fine, I will not.')) });

  test('shows "denied" and its reason once — no "error", no "(no output)"', async ({ app }) => {
    const { page } = app;
    await send(page, 'clean up');
    const prompt = await approvalPrompt(page, 'run_command');
    await prompt.getByLabel('Reason for the model (optional)').fill('keep the build');
    await prompt.getByRole('button', { name: /Deny/ }).click();
    await expect(transcript(page)).toContainText('Fine, I will not.');
    const card = toolCards(page, 'run_command').first();
    await expect(card.getByTestId('decision')).toHaveText('denied');
    await expect(card.locator('.tool-status')).toHaveCount(0);
    await expect(card).not.toContainText('(no output)');
    await expect(card).not.toContainText(/\berror\b/i);
    await expect(card.locator('.tool-reason')).toHaveText('Reason: the user refused: keep the build');
    expect((await card.innerText()).split('keep the build').length - 1).toBe(1);
  });
});

test.describe('a write with identical content', () => {
  test.use({
    projectFiles: { 'notes.md': '# notes\n- one\n' },
    llmScript: script(call('write_file', { path: 'notes.md', content: '# notes\n- one\n' }), say('Written.')),
  });

  test('says "no changes" in the prompt and on the card', async ({ app }) => {
    const { page } = app;
    await send(page, 'rewrite notes');
    const prompt = await approvalPrompt(page, 'write_file');
    await expect(prompt.getByTestId('no-changes')).toHaveText('No changes: the file already has this content.');
    await prompt.getByRole('button', { name: /Allow once/ }).click();
    await expect(transcript(page)).toContainText('Written.');
    const card = toolCards(page, 'write_file').first();
    await expect(card.getByTestId('no-changes')).toHaveText('No changes: the file already had this content.');
    await expect(card.getByTestId('diff-view')).toHaveCount(0);
  });
});

test.describe('pinned to the bottom', () => {
  const long = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a long answer.`).join('\n\n');
  test.use({ llmScript: script(say(long)) });

  test('stays at the bottom when the area above the box grows; stays put when scrolled up', async ({ app }) => {
    const { page } = app;
    await send(page, 'write a lot');
    await expect(transcript(page)).toContainText('Line 40 of a long answer.');
    await expect.poll(() => fromBottom(page)).toBeLessThan(2);
    // /help opens a long notice between the transcript and the message box: the transcript shrinks.
    const before = await transcript(page).evaluate((el) => el.clientHeight);
    await send(page, '/help');
    await expect(page.getByRole('status').filter({ hasText: 'Commands:' })).toBeVisible();
    expect(await transcript(page).evaluate((el) => el.clientHeight)).toBeLessThan(before);
    await expect.poll(() => fromBottom(page)).toBeLessThan(2);

    // A reader who scrolled up keeps their place when the area grows again.
    await send(page, '/cost');
    await transcript(page).evaluate((el) => (el.scrollTop = 0));
    await send(page, '/help');
    await expect(page.getByRole('status').filter({ hasText: 'Commands:' })).toBeVisible();
    await page.waitForTimeout(100); // a frame for a resize observer that would (wrongly) scroll
    expect(await transcript(page).evaluate((el) => el.scrollTop)).toBe(0);
  });
});
