/**
 * Background agents from the Agents board, against the real agents core and the scripted model:
 * three agents started from the board, each on its own worktree; two edit the same file, their
 * prompts answered on their cards; the first merges (fast-forward) into the project, the second
 * shows its conflict and changes nothing; the third is discarded after its confirmation, its
 * worktree and branch gone. (Every state at once, axe and the keyboard: agents-board.spec.ts.)
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { script } from './ui-helpers.js';

// Three agents each assemble a runtime, snapshot and commit: on a loaded two-core machine that takes a while.
test.describe.configure({ timeout: 120_000 });

/** The scripted turns of one agent: its prompt's marker starts it, each tool result (by call id) leads to the next turn. */
const agentTurns = (marker: string, content: string) => [
  { match: { lastUser: marker }, toolCalls: [{ id: `toolu_${marker}`, name: 'write_file', input: { path: 'notes.txt', content } }] },
  { match: { lastUser: `toolu_${marker}` }, text: `${marker} wrote notes.txt` },
];

test.use({
  projectFiles: { 'notes.txt': 'first line\n' },
  llmScript: script(...agentTurns('ALPHA', 'alpha was here\n'), ...agentTurns('BETA', 'beta was here\n'), {
    match: { lastUser: 'GAMMA' },
    text: 'GAMMA has nothing to change',
  }),
});

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' });

async function startAgent(page: Page, name: string, task: string): Promise<void> {
  await page.getByRole('button', { name: 'New agent' }).first().click();
  const form = page.getByRole('form', { name: 'New agent' });
  await form.getByLabel('Task').fill(task);
  await form.getByLabel('Name (optional)').fill(name);
  await form.getByRole('button', { name: /Start agent/ }).click();
  await expect(card(page, name)).toBeVisible();
}

test('start agents, answer a prompt on the board, merge one, see the conflict of the next, discard one', async ({ app }) => {
  const { page, projectDir } = app;
  // An agent's worktree starts at the project's HEAD: the project needs a commit.
  git(projectDir, 'add', '-A');
  git(projectDir, '-c', 'user.name=e2e', '-c', 'user.email=e2e@example.invalid', 'commit', '-q', '-m', 'start');

  await page.getByRole('tab', { name: /Agents/ }).click();
  await expect(page.getByText('No background agents yet.')).toBeVisible();
  await startAgent(page, 'alpha', 'ALPHA: rewrite notes.txt');
  await startAgent(page, 'beta', 'BETA: rewrite notes.txt too');
  await startAgent(page, 'gamma', 'GAMMA: look around');

  // Each write asks; the prompt is answered on its agent's card, with the app's own prompt.
  for (const name of ['alpha', 'beta']) {
    const prompt = card(page, name).getByRole('dialog', { name: /Allow write_file/ });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await expect(card(page, name).getByTestId('agent-status')).toHaveText('Waiting for you');
    await expect(prompt).toContainText(`background agent ${name}`);
    await expect(prompt).toHaveAttribute('data-clickable', 'true');
    await prompt.getByRole('button', { name: /Allow once/ }).click();
  }
  for (const name of ['alpha', 'beta', 'gamma']) await expect(card(page, name).getByTestId('agent-status')).toHaveText('Finished', { timeout: 30_000 });
  await expect(card(page, 'alpha').getByTestId('agent-files')).toHaveText('1 file changed');
  await expect(card(page, 'gamma').getByTestId('agent-files')).toHaveText('no files changed');
  // Nothing reached the project yet.
  expect(await readFile(path.join(projectDir, 'notes.txt'), 'utf8')).toBe('first line\n');

  // Its conversation, from the board.
  await card(page, 'beta').getByRole('button', { name: 'Open conversation' }).click();
  const conversation = page.getByRole('region', { name: /beta/ });
  await expect(conversation.getByRole('log', { name: 'Transcript' })).toContainText('BETA wrote notes.txt');
  await conversation.getByRole('button', { name: '← Agents' }).click();

  // Review, then merge the first: a fast-forward into the project.
  await card(page, 'alpha').getByRole('button', { name: 'Review changes' }).click();
  const review = page.getByRole('region', { name: /Changes of alpha/ });
  await expect(review.getByRole('list', { name: 'Files changed' })).toContainText('notes.txt');
  await expect(review.getByTestId('agent-diffs')).toContainText('alpha was here');
  await review.getByRole('button', { name: 'Merge alpha' }).click();
  await expect(review.getByRole('status').filter({ hasText: 'Merged' })).toBeVisible();
  await review.getByRole('button', { name: '← Agents' }).click();
  await expect(card(page, 'alpha').getByTestId('agent-status')).toHaveText('Merged');
  expect(await readFile(path.join(projectDir, 'notes.txt'), 'utf8')).toBe('alpha was here\n');

  // The second edited the same line: its merge shows the conflict and changes nothing.
  await card(page, 'beta').getByRole('button', { name: 'Merge' }).click();
  const conflict = card(page, 'beta').getByRole('alert').filter({ hasText: 'would conflict' });
  await expect(conflict).toBeVisible();
  await expect(conflict.getByRole('list', { name: 'Conflicts' })).toContainText('<<<<<<<');
  await expect(card(page, 'beta').getByTestId('agent-status')).toHaveText('Finished');
  expect(await readFile(path.join(projectDir, 'notes.txt'), 'utf8')).toBe('alpha was here\n');
  expect(git(projectDir, 'status', '--porcelain')).toBe('');

  // Discard the third: after its confirmation, its worktree and branch are gone.
  expect(git(projectDir, 'branch', '--list', 'codecoder/gamma')).toContain('codecoder/gamma');
  await card(page, 'gamma').getByRole('button', { name: 'Discard…' }).click();
  await card(page, 'gamma').getByRole('alertdialog', { name: 'Discard gamma?' }).getByRole('button', { name: 'Discard gamma' }).click();
  await expect(card(page, 'gamma')).toHaveCount(0);
  expect(git(projectDir, 'branch', '--list', 'codecoder/gamma')).toBe('');
  expect(git(projectDir, 'worktree', 'list')).not.toContain('gamma');
  await expect(card(page, 'beta')).toBeVisible();
});
