/**
 * Issue 11, "Layout": nothing on screen is said twice (outside the approval prompt itself), and the
 * transcript keeps a usable height while a prompt is docked, at 1024×700.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, openPermissions, say, script, send, toolCards, transcript } from './ui-helpers.js';

/** How many times `needle` occurs in the element's visible text. */
async function timesIn(el: Locator, needle: string): Promise<number> {
  return (await el.innerText()).split(needle).length - 1;
}

test.describe('a failed command and a denial', () => {
  test.use({
    llmScript: script(
      call('run_command', { command: 'sh -c "echo $((40+2))-failed; exit 3"' }),
      call('write_file', { path: 'notes.md', content: 'hello\n' }),
      say('done'),
    ),
  });

  test('the output, the exit and the denial reason are each said once', async ({ app }) => {
    const { page } = app;
    await send(page, 'go');
    await (await approvalPrompt(page, 'run_command')).getByRole('button', { name: /Allow once/ }).click();
    const write = await approvalPrompt(page, 'write_file');
    await write.getByLabel('Reason for the model (optional)').fill('not-this-file');
    await write.getByRole('button', { name: /Deny/ }).click();
    await expect(transcript(page)).toContainText('done');

    const cmd = toolCards(page, 'run_command').first();
    await expect(cmd).toContainText('exit code 3');
    expect(await timesIn(cmd, '42-failed')).toBe(1);
    expect(await timesIn(cmd, 'exit code 3')).toBe(1);
    // The badge says "once"; the card does not repeat the answer.
    await expect(cmd).not.toContainText('You answered');

    const denied = toolCards(page, 'write_file').first();
    await expect(denied.getByTestId('decision')).toHaveText('denied');
    // Even with folded sections opened, the reason appears once.
    for (const d of await denied.locator('details').all()) await d.evaluate((el) => ((el as HTMLDetailsElement).open = true));
    expect(await timesIn(denied, 'not-this-file')).toBe(1);
  });
});

test.describe('codecoder.json problems', () => {
  test('a ceiling violation is explained once, without the engine class name', async ({ app }) => {
    const { page, projectDir } = app;
    await writeFile(path.join(projectDir, 'codecoder.json'), JSON.stringify({ allowlist: { 'run_command:git': 'AlwaysThisProject' } }));
    await page.reload();
    await page.getByRole('button', { name: 'Not now' }).click();
    const panel = await openPermissions(page);
    await expect(panel.getByRole('heading', { name: '1 entry breaks the ceiling rule' })).toBeVisible();
    await expect(panel).not.toContainText('CeilingViolation');
    expect(await timesIn(panel, 'push to a remote repository')).toBe(1);
    expect(await timesIn(panel, 'which can be granted for the session at most')).toBe(0);
    // Where it is, once in the list.
    await expect(panel.getByRole('region', { name: /breaks the ceiling rule/ })).toContainText('codecoder.json line 1');
  });

  test('a malformed file names its location once', async ({ app }) => {
    const { page, projectDir } = app;
    await writeFile(path.join(projectDir, 'codecoder.json'), '{ "allowlist": { oops ');
    await page.reload();
    const panel = await openPermissions(page);
    const error = panel.getByTestId('file-error');
    await expect(error).toContainText('codecoder.json cannot be read at line 1, column 18');
    expect(await timesIn(error, 'line 1')).toBe(1);
  });
});

test.describe('a docked prompt', () => {
  const long = Array.from({ length: 14 }, (_, i) => `echo step-${i} && test -d dir${i}`).join(' && ');
  test.use({ llmScript: script(say('Here is some context first.'), call('run_command', { command: long }), say('ok')) });

  test('leaves the transcript a usable height at 1024×700', async ({ app }) => {
    const { page } = app;
    await send(page, 'explain');
    await expect(transcript(page)).toContainText('Here is some context first.');
    await send(page, 'now run it');
    const prompt = await approvalPrompt(page, 'run_command');
    const h = await transcript(page).evaluate((el) => el.getBoundingClientRect().height);
    expect(h).toBeGreaterThanOrEqual(150);
    // The prompt's answers are still on screen, not pushed below the window.
    const deny = prompt.getByRole('button', { name: /Deny/ });
    await expect(deny).toBeInViewport();
    await expect(prompt.getByRole('button', { name: /Allow once/ })).toBeInViewport();
  });
});
