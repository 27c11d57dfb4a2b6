/**
 * Issue 11, "Safety of the human in the loop": a stray keystroke never gets past the engine.
 * - A prompt that appears while the user types takes no focus and no characters: nothing answered
 *   (no decision in the page, no tool result sent to the model, nothing in the audit log), nothing lost;
 *   a key held down as focus moves in answers nothing by its auto-repeat.
 * - What is being approved stays visible at 1024×700: the command block shows all of a long
 *   compound command, and the transcript keeps a usable height.
 * - Only the answers the engine honours are offered (a protected path: once).
 * - The prompt passes axe at 1024×700, light and dark.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { expectAccessible } from './support/axe.js';
import { approvalPrompt, call, llmRequests, say, script, send, setTheme, toolCards, transcript } from './ui-helpers.js';

/** Every audit record the host wrote for this test's project (the data folder is the test's own). */
async function auditLines(dataDir: string): Promise<string[]> {
  const files = (await readdir(dataDir, { recursive: true })).filter((f) => /audit[^/]*\.jsonl/.test(f));
  const lines = await Promise.all(files.map(async (f) => (await readFile(path.join(dataDir, f), 'utf8')).split('\n').filter(Boolean)));
  return lines.flat();
}

test.describe('typing while a prompt appears', () => {
  // The model answers after a pause, so the prompt appears in the middle of the sentence.
  test.use({ llmScript: script({ ...call('run_command', { command: 'git status' }), delayMs: 900 }, say('done')) });

  test('no answer is given and every character stays in the message box', async ({ app }) => {
    test.setTimeout(60_000);
    const { page, dataDir } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    const sentence = 'Then list it in 2 or 3 bullet points, 1 per line: at most 3, 12 words each, or 2 if short.';
    const dialog = page.getByRole('dialog', { name: /Allow run_command/ });
    await box.fill('check the repository');
    // Send, and go straight on typing the next message — real key events, one at a time, the way a
    // person types: nothing re-focuses the box in between. The send completes while typing goes on.
    await box.press('Enter');
    const typing = page.keyboard.type(sentence, { delay: 45 });
    await expect(dialog).toBeVisible();
    const typedWhenShown = (await box.inputValue()).length;
    await typing;
    expect(typedWhenShown, 'the prompt appeared mid-sentence').toBeLessThan(sentence.length);

    await expect(box).toHaveValue(sentence);
    await expect(box).toBeFocused();
    // It announced itself instead: a live status naming the way in.
    await expect(page.getByTestId('approval-status')).toContainText('Alt+Shift+A');
    // The box holds a draft: even idle, the prompt does not take focus by itself.
    await page.waitForTimeout(3_000);
    await expect(box).toBeFocused();
    await expect(dialog).toBeVisible();
    await expect(toolCards(page, 'run_command').first().getByTestId('decision')).toHaveText('waiting');
    // The host's side: the model has not been sent a result, and the audit log holds no decision.
    expect(llmRequests(app)).toHaveLength(1);
    expect(await auditLines(dataDir)).toEqual([]);

    // The deliberate way in; a key in the prompt's first 500 ms is ignored (Esc would deny), one after that answers.
    await page.keyboard.press('Alt+Shift+KeyA');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeFocused();
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute('data-armed', 'true');
    await page.keyboard.press('1');
    await expect(toolCards(page, 'run_command').first().getByTestId('decision')).toContainText('once');
    await expect(transcript(page)).toContainText('done');
    // Focus goes back to the box, with the draft intact.
    await expect(box).toBeFocused();
    await expect(box).toHaveValue(sentence);
    const audit = (await auditLines(dataDir)).map((l) => JSON.parse(l) as { key: string; via: string });
    expect(audit).toEqual([expect.objectContaining({ key: 'run_command:git', via: 'once' })]);
  });
});

test.describe('writing on after the prompt took focus by itself', () => {
  test.use({ llmScript: script(call('run_command', { command: 'git status' }), say('done')) });

  test('a character that answers nothing sends focus back to the message box, and the rest follows it there', async ({ app }) => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await send(page, 'check the repository');
    // The box is empty and idle: the prompt takes focus by itself, and arms.
    const prompt = await approvalPrompt(page, 'run_command');
    await expect(prompt).toBeFocused();
    await page.keyboard.type('Then 2 more, 3 at most', { delay: 30 });
    await expect(box).toHaveValue('Then 2 more, 3 at most');
    await expect(box).toBeFocused();
    await expect(toolCards(page, 'run_command').first().getByTestId('decision')).toHaveText('waiting');
    expect(llmRequests(app)).toHaveLength(1);
  });
});

test.describe('a key held down as focus moves in', () => {
  test.use({ llmScript: script(call('run_command', { command: 'git status' }), say('done')) });

  test('its auto-repeat never answers (it goes back to the box); a fresh press after it is released does', async ({ app }) => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await send(page, 'check the repository');
    const dialog = page.getByRole('dialog', { name: /Allow run_command/ });
    await expect(dialog).toBeVisible();
    await box.focus();
    await page.keyboard.down('2'); // typed into the box, and held
    await page.keyboard.press('Alt+Shift+KeyA');
    await expect(dialog).toBeFocused();
    await expect(dialog).toHaveAttribute('data-armed', 'true');
    await page.keyboard.down('2'); // the held key's auto-repeat (Playwright sends repeat: true)
    // Still typing: it answers nothing, and goes back to the box with focus.
    await expect(box).toHaveValue('22');
    await expect(box).toBeFocused();
    await expect(dialog).toBeVisible();
    expect(llmRequests(app)).toHaveLength(1);
    await page.keyboard.up('2');
    await page.keyboard.press('Alt+Shift+KeyA');
    await expect(dialog).toHaveAttribute('data-armed', 'true');
    await page.keyboard.press('2');
    await expect(toolCards(page, 'run_command').first().getByTestId('decision')).toContainText('session');
    await expect(box).toHaveValue('22');
  });
});

test.describe('what is being approved stays visible', () => {
  const command =
    'git fetch origin && git rebase origin/main && npm ci --no-audit --prefer-offline && npm run build -- --mode production && ' +
    'npm test -- --reporter=dot --coverage && npx eslint . --max-warnings 0 && git push --force-with-lease origin HEAD:release/2026-12 && ' +
    'echo "released to production with tag v1.2.3, notify the team in #releases"';
  test.use({ llmScript: script(call('run_command', { command }), say('ok')) });

  test('at 1024×700 the command block of a long compound command is fully shown, and the transcript stays usable', async ({ app }) => {
    const { page } = app;
    await send(page, 'release it');
    const prompt = await approvalPrompt(page, 'run_command');
    const block = prompt.locator('pre.tool-command');
    await expect(block).toContainText('git push --force-with-lease');
    const m = await block.evaluate((el) => {
      const r = el.getBoundingClientRect();
      // The visible part: clipped by every scrolling ancestor and by the window.
      let top = r.top;
      let bottom = r.bottom;
      for (let p = el.parentElement; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowY === 'visible') continue;
        const pr = p.getBoundingClientRect();
        top = Math.max(top, pr.top);
        bottom = Math.min(bottom, pr.bottom);
      }
      bottom = Math.min(bottom, window.innerHeight);
      return { visible: Math.max(0, bottom - top), height: r.height, client: el.clientHeight, content: el.scrollHeight };
    });
    expect(m.content, 'the command wraps onto several lines').toBeGreaterThan(40);
    expect(m.client, 'no scrolling inside the command block').toBeGreaterThanOrEqual(m.content);
    expect(m.visible, 'nothing of it is clipped').toBeGreaterThanOrEqual(m.height - 1);
    const transcriptHeight = await transcript(page).evaluate((el) => el.getBoundingClientRect().height);
    expect(transcriptHeight, 'the transcript keeps a usable height').toBeGreaterThanOrEqual(140);
  });
});

test.describe('offers', () => {
  test.use({
    llmScript: script(call('write_file', { path: '.git/hooks/pre-commit', content: '#!/bin/sh\nexit 0\n' }), say('hook written')),
  });

  test('a protected path offers "Allow once" only, which is what the engine does', async ({ app }) => {
    const { page, projectDir, dataDir } = app;
    await send(page, 'add a hook');
    const prompt = await approvalPrompt(page, 'write_file');
    await expect(prompt.getByRole('button', { name: /Allow/ })).toHaveText(['Allow once Enter']);
    await expect(prompt.getByTestId('protected-warning')).toContainText('.git/hooks/pre-commit is protected');
    await expect(prompt.getByTestId('once-note')).toContainText('asked about each time');
    // 2 and 3 grant nothing they cannot keep: a note, and the prompt stays.
    await page.keyboard.press('3');
    await expect(prompt.getByRole('status')).toContainText('Not offered');
    await page.keyboard.press('2');
    await expect(prompt).toBeVisible();
    await prompt.getByRole('button', { name: /Allow once/ }).click();
    const card = toolCards(page, 'write_file').first();
    await expect(card.getByTestId('decision')).toContainText('once');
    await expect(transcript(page)).toContainText('hook written');
    expect(await readFile(path.join(projectDir, '.git/hooks/pre-commit'), 'utf8')).toContain('exit 0');
    await expect(readFile(path.join(projectDir, 'codecoder.json'), 'utf8')).rejects.toThrow();
    const audit = (await auditLines(dataDir)).map((l) => JSON.parse(l) as { key: string; via: string });
    expect(audit).toEqual([expect.objectContaining({ key: 'write_file:.git/hooks/pre-commit', via: 'once' })]);
  });
});

test.describe('the prompt is accessible', () => {
  // axe walks every node of the page: on a loaded two-core machine that takes a while.
  test.describe.configure({ timeout: 120_000 });
  test.use({
    llmScript: script(
      call('run_command', { command: 'git status && git push origin main' }),
      call('run_command', { command: 'ls' }),
      say('ok'),
    ),
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe passes on the approval prompt at 1024×700 (${theme}), waiting and focused`, async ({ app }) => {
      const { page } = app;
      await setTheme(page, theme);
      await page.getByRole('textbox', { name: 'Message' }).fill('status then push');
      await page.getByRole('textbox', { name: 'Message' }).press('Enter');
      // Waiting (the box holds a draft), then focused with its ceiling explanation open.
      await page.getByRole('textbox', { name: 'Message' }).fill('a draft');
      const prompt = page.getByRole('dialog', { name: /Allow run_command/ });
      await expect(prompt).toBeVisible();
      await expect(page.locator('.approval-dock')).toHaveAttribute('data-waiting', 'true');
      await expectAccessible(page, `waiting prompt (${theme})`);
      await page.keyboard.press('Alt+Shift+KeyA');
      await expect(prompt).toBeFocused();
      await prompt.getByTestId('ceiling-note').locator('summary').click();
      await expect(prompt.getByTestId('ceiling-note')).toHaveAttribute('open', '');
      await expectAccessible(page, `focused prompt (${theme})`);
    });
  }
});
