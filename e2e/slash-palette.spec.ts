/**
 * Issue: the slash list was display-only ("/mo", ArrowDown, Enter replied "/mo is not a command").
 * It is a command palette now: arrows choose, Tab and Enter complete, Enter on a complete command
 * runs it, a click runs the item. And the commands users reach for: /model, /help, /cost, /resume.
 */
import { expect, test } from './support/fixtures.js';
import { say, script, send, tabTo, transcript } from './ui-helpers.js';

test.use({ llmScript: script(say('First answer.'), say('Second answer.')) });

test('the palette with keys alone: arrows, Enter and Tab complete, Enter runs; /model, /help', async ({ app }) => {
  const { page } = app;
  const box = page.getByRole('textbox', { name: 'Message' });
  const status = page.locator('.slash-status');
  await tabTo(page, box);

  await page.keyboard.type('/mo');
  const palette = page.getByRole('listbox', { name: 'Commands' });
  await expect(palette.getByRole('option')).toHaveCount(2);
  await expect(palette.getByRole('option', { selected: true })).toContainText('/mode');
  await page.keyboard.press('ArrowDown');
  await expect(palette.getByRole('option', { selected: true })).toContainText('/model');
  // The box names the highlighted option for assistive technology.
  const active = await box.getAttribute('aria-activedescendant');
  await expect(page.locator(`[id="${active}"]`)).toContainText('/model');
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('/model');
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('');
  // The scripted server stands in for the settings' model, and /model says so.
  await expect(status).toContainText('scripted (anthropic) answers');

  await page.keyboard.type('/he');
  await page.keyboard.press('Tab');
  await expect(box).toHaveValue('/help');
  await expect(box).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(status).toContainText('/resume — Pick an earlier conversation to continue');
  await expect(status).toContainText('Alt+Shift+M switches the mode');

  // Esc closes the palette; the text stays.
  await page.keyboard.type('/co');
  await expect(palette).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toHaveCount(0);
  await expect(box).toHaveValue('/co');
});

test('a click runs the item; /cost and /resume', async ({ app }) => {
  const { page } = app;
  const box = page.getByRole('textbox', { name: 'Message' });
  const status = page.locator('.slash-status');
  await send(page, 'The first conversation');
  await expect(transcript(page)).toContainText('First answer.');

  await box.fill('/co');
  await page
    .getByRole('listbox', { name: 'Commands' })
    .getByRole('option', { name: /\/cost/ })
    .click();
  await expect(box).toHaveValue('');
  await expect(status).toContainText('This conversation used');
  await expect(status).toContainText('in ·');

  const list = page.getByRole('navigation', { name: 'Conversations' });
  await list.getByRole('button', { name: 'New conversation' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await send(page, 'The second conversation');
  await expect(transcript(page)).toContainText('Second answer.');
  await box.fill('/resume');
  await box.press('Enter');
  const picker = page.getByRole('region', { name: 'Resume a conversation' });
  // Only the other conversation is offered, and it has focus.
  await expect(picker.getByRole('listitem')).toHaveCount(1);
  const choice = picker.getByRole('button', { name: /The first conversation/ });
  await expect(choice).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Conversation · The first conversation/ })).toBeVisible();
  await expect(transcript(page)).toContainText('First answer.');
  await expect(box).toBeFocused();
});
