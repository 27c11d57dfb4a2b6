/**
 * Issue 20, "Cosmetic, but everywhere": at 1024×700 with a prompt open, the transcript keeps a
 * usable height (the project's head gives its line up in a short window), the reason field is wide
 * enough to read its placeholder (it never shrinks below it; the row wraps instead), and the
 * environment row is whole, not cut by the facts' scroll box. axe, light and dark.
 */
import type { Locator } from '@playwright/test';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, say, script, send, setTheme, transcript } from './ui-helpers.js';

const LONG = Array.from({ length: 14 }, (_, i) => `echo step-${i} && test -d dir${i}`).join(' && ');
const TS = Array.from({ length: 30 }, (_, i) => `export const value${i} = "a fairly long string value that wraps ${i}";`).join('\n') + '\n';

const heightOf = (el: Locator) => el.evaluate((n) => n.getBoundingClientRect().height);

/** The reason field shows its whole placeholder: the text's width (in the field's own font) fits its content box. */
async function placeholderFits(prompt: Locator): Promise<{ text: number; box: number }> {
  return prompt.getByLabel('Reason for the model (optional)').evaluate((el) => {
    const input = el as HTMLInputElement;
    const s = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const box = input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    return { text: Math.ceil(ctx.measureText(input.placeholder).width), box };
  });
}

/** The Environment fact is wholly inside the facts' scroll box (not cut at its edge). */
async function environmentWhole(prompt: Locator): Promise<boolean> {
  const row = prompt.locator('.facts dt', { hasText: 'Environment' });
  await expect(row).toBeVisible();
  return row.evaluate((dt) => {
    const box = dt.closest('.approval-details')!.getBoundingClientRect();
    const r = dt.getBoundingClientRect();
    const dd = (dt.nextElementSibling as HTMLElement).getBoundingClientRect();
    return r.top >= box.top && Math.max(r.bottom, dd.bottom) <= box.bottom + 0.5;
  });
}

test.describe('a prompt open at 1024×700', () => {
  test.use({
    llmScript: script(
      say('Here is some context first.'),
      call('run_command', { command: LONG }),
      call('write_file', { path: 'src/values.ts', content: TS }),
      say('ok'),
    ),
  });

  test('the transcript keeps its room, the reason placeholder reads whole, the environment row is not cut', async ({ app }) => {
    const { page } = app;
    await send(page, 'explain');
    await expect(transcript(page)).toContainText('Here is some context first.');
    await send(page, 'now run it');

    const cmd = await approvalPrompt(page, 'run_command');
    // Before: 199 px. The project's name and path are still there for screen readers.
    expect(await heightOf(transcript(page))).toBeGreaterThanOrEqual(250);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const fit = await placeholderFits(cmd);
    expect(fit.box).toBeGreaterThanOrEqual(fit.text);
    await expect(cmd.getByRole('button', { name: /Deny/ })).toBeInViewport();
    await cmd.getByRole('button', { name: /Allow once/ }).click();

    // A write: a diff, and one more answer (project) in the row. Before: 150 px and "Reason for t".
    const write = await approvalPrompt(page, 'write_file');
    await expect(write.getByRole('region', { name: 'Proposed changes' })).toBeVisible();
    expect(await heightOf(transcript(page))).toBeGreaterThanOrEqual(160);
    const fit2 = await placeholderFits(write);
    expect(fit2.box).toBeGreaterThanOrEqual(fit2.text);
    expect(await environmentWhole(write)).toBe(true);
    expect(await heightOf(write.getByRole('region', { name: 'Proposed changes' }))).toBeGreaterThanOrEqual(120);
    for (const name of [/Allow once/, /Allow for this project/, /Deny/]) await expect(write.getByRole('button', { name })).toBeInViewport();
    await write.getByRole('button', { name: /Deny/ }).click();
    await expect(transcript(page)).toContainText('ok');
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`passes axe with the write prompt open (${theme})`, async ({ app }) => {
      const { page } = app;
      await setTheme(page, theme);
      await send(page, 'explain');
      await expect(transcript(page)).toContainText('Here is some context first.');
      await send(page, 'now run it');
      await (await approvalPrompt(page, 'run_command')).getByRole('button', { name: /Allow once/ }).click();
      const write = await approvalPrompt(page, 'write_file');
      await expect(write.getByRole('region', { name: 'Proposed changes' })).toBeVisible();
      await expectAccessible(page, `write prompt at 1024×700 (${theme})`);
      await page.keyboard.press('Escape');
      await expect(transcript(page)).toContainText('ok');
    });
  }
});
