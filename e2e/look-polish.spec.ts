/**
 * Issue 20, "Cosmetic, but everywhere": Markdown blockquotes styled, task lists without bullets,
 * the Copy button on the code block's corner; icon buttons with a tooltip on hover and keyboard
 * focus (their accessible name); audit deny rows colour the Decision cell; the Settings "In use now"
 * line reads as one sentence; a new file's diff is not split into an empty half, and wrapped diff
 * lines break between words.
 */
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, say, script, send, setTheme, transcript } from './ui-helpers.js';

const ANSWER = ['> Measure twice, cut once.', '', '- [x] read the code', '- [ ] write the fix', '', '```js', 'const x = 1;', '```'].join(
  '\n',
);

test.describe('markdown details', () => {
  test.use({ llmScript: script(say(ANSWER)) });

  test('a styled blockquote, a task list of checkboxes without bullets, Copy on the block’s top-right corner', async ({ app }) => {
    const { page } = app;
    await send(page, 'advice');
    const md = transcript(page).locator('.md').last();
    const quote = md.locator('blockquote');
    await expect(quote).toHaveText('Measure twice, cut once.');
    await expect(quote).toHaveCSS('border-left-width', '3px');

    const items = md.locator('li.task-list-item');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toHaveCSS('list-style-type', 'none');
    await expect(md.getByRole('checkbox', { name: 'done' })).toBeChecked();
    await expect(md.getByRole('checkbox', { name: 'to do' })).not.toBeChecked();

    const pre = md.locator('.code-block pre');
    const copy = md.getByRole('button', { name: 'Copy code' });
    const [p, c] = [await pre.boundingBox(), await copy.boundingBox()];
    expect(c!.y - p!.y, 'at the top').toBeLessThan(10);
    expect(p!.x + p!.width - (c!.x + c!.width), 'at the right').toBeLessThan(10);
    expect(c!.y + c!.height, 'on the block, not below it').toBeLessThan(p!.y + p!.height);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`blockquote and task list pass axe (${theme})`, async ({ app }) => {
      const { page } = app;
      await setTheme(page, theme);
      await send(page, 'advice');
      await expect(transcript(page).locator('blockquote')).toBeVisible();
      await expectAccessible(page, `markdown details (${theme})`);
    });
  }
});

test.describe('an icon button', () => {
  test.use({ withProject: false });

  test('shows its words on hover and on keyboard focus; they are its name; Escape hides them', async ({ app }) => {
    const { page, projectDir } = app;
    await page.getByLabel('Folder path').fill(projectDir);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await page
      .getByRole('button', { name: 'Not now' })
      .click({ timeout: 3000 })
      .catch(() => {});
    await page.getByRole('button', { name: 'Close project' }).click();
    const name = projectDir.split('/').pop()!;
    const forget = page.getByRole('button', { name: `Forget ${name}` });
    const tip = page.getByRole('tooltip', { name: `Forget ${name}` }).or(page.locator('.icon-tooltip', { hasText: `Forget ${name}` }));
    await expect(forget).toHaveText('×');
    await expect(tip).toBeHidden();
    await forget.hover();
    await expect(tip).toBeVisible();
    await page.mouse.move(0, 0);
    await expect(tip).toBeHidden();
    // Keyboard: Tab onto it from the project's own button.
    await page
      .getByRole('button', { name: new RegExp(name) })
      .first()
      .focus();
    await page.keyboard.press('Tab');
    await expect(forget).toBeFocused();
    await expect(tip).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tip).toBeHidden();
    await expect(forget).toBeFocused();
    await expectAccessible(page, 'start screen with an icon button focused');
  });
});

test.describe('the audit log and Settings', () => {
  test.use({ llmScript: script(call('run_command', { command: 'rm -rf build' }), say('Not run.')) });

  test('a deny row colours its Decision cell; the override line reads as one sentence', async ({ app }) => {
    const { page } = app;
    await send(page, 'clean');
    await (await approvalPrompt(page, 'run_command')).getByRole('button', { name: /Deny/ }).click();
    await expect(transcript(page)).toContainText('Not run.');
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const row = page.getByRole('tabpanel', { name: 'Audit log' }).getByRole('row').filter({ hasText: 'rm -rf build' });
    await expect(row).toHaveCount(1);
    const cells = row.getByRole('cell');
    const danger = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--danger').trim());
    const rgb = await page.evaluate((c) => {
      const d = document.createElement('i');
      d.style.color = c;
      document.body.append(d);
      const v = getComputedStyle(d).color;
      d.remove();
      return v;
    }, danger);
    await expect(cells.nth(5)).toHaveText('deny');
    await expect(cells.nth(5)).toHaveCSS('color', rgb);
    for (const i of [0, 1, 2, 4]) await expect(cells.nth(i)).not.toHaveCSS('color', rgb);

    await page.getByRole('link', { name: 'Settings' }).click();
    const banner = page.getByTestId('llm-override');
    await expect(banner.locator('.override-text')).toContainText('In use now: anthropic · scripted, set by');
    // One flow of text: the sentence is the banner's one child, not columns of words.
    await expect(banner.locator('> *')).toHaveCount(1);
    const [start, model] = await Promise.all([banner.locator('.override-text').boundingBox(), banner.locator('code').boundingBox()]);
    expect(Math.abs(model!.y - start!.y), 'the model is on the first line, not a column below').toBeLessThan(8);
  });
});

test.describe('diffs', () => {
  const before = 'export function computeTheTotalAmount(items) {\n  return items.reduce((sum, item) => sum + item.price, 0);\n}\n';
  const after =
    'export function computeTheTotalAmount(items, discountPercentage) {\n  return items.reduce((sum, item) => sum + item.price * (1 - discountPercentage / 100), 0);\n}\n';
  test.use({
    projectFiles: { 'src/total.js': before },
    llmScript: script(
      call('write_file', { path: 'src/total.js', content: after }),
      call('write_file', { path: 'src/fresh.js', content: 'export const fresh = true;\n' }),
      say('Both written.'),
    ),
  });

  test('a new file stays unified; split lines wrap between words', async ({ app }) => {
    const { page } = app;
    await send(page, 'edit');
    const edit = await approvalPrompt(page, 'write_file');
    await edit.getByRole('button', { name: 'Split' }).click();
    const view = edit.getByTestId('diff-view');
    await expect(view).toHaveAttribute('data-layout', 'split');
    const item = view.locator('.diff-line-content-item').first();
    await expect(item).toHaveCSS('word-break', 'normal');
    // No word is cut: every wrapped line of the long added line ends at a space or a word's end.
    const cut = await view
      .locator('.diff-line-new-content', { hasText: 'discountPercentage / 100' })
      .first()
      .evaluate((cell) => {
        const text = cell.textContent ?? '';
        const range = document.createRange();
        const node = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const tops: { top: number; ch: string; prev: string }[] = [];
        let prevTop = -1;
        let prevCh = '';
        for (let n = node.nextNode(); n; n = node.nextNode()) {
          const t = n.textContent ?? '';
          for (let i = 0; i < t.length; i++) {
            range.setStart(n, i);
            range.setEnd(n, i + 1);
            const top = Math.round(range.getBoundingClientRect().top);
            if (prevTop >= 0 && top > prevTop + 2) tops.push({ top, ch: t[i]!, prev: prevCh });
            prevTop = top;
            prevCh = t[i]!;
          }
        }
        void text;
        return tops.filter((b) => /\w/.test(b.prev) && /\w/.test(b.ch)).length;
      });
    expect(cut, 'line breaks inside a word').toBe(0);
    await edit.getByRole('button', { name: /Allow once/ }).click();

    const fresh = await approvalPrompt(page, 'write_file');
    const freshView = fresh.getByTestId('diff-view');
    await expect(freshView).toHaveAttribute('data-layout', 'unified');
    await expect(fresh.getByTestId('diff-one-sided')).toHaveText('only added lines');
    await expect(fresh.getByRole('button', { name: 'Split' })).toHaveCount(0);
    await expect(freshView.locator('.diff-line-old-content')).toHaveCount(0);
    await fresh.getByRole('button', { name: /Allow once/ }).click();
    await expect(transcript(page)).toContainText('Both written.');
  });
});
