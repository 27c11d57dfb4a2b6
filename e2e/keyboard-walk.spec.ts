/**
 * Issue: Shift+Tab in the message box cycled the permission mode, so a keyboard user could not tab
 * backwards out of it. A keyboard-only walk: Tab into the box, Shift+Tab back out to the mode
 * selector, Tab forward to Send; the mode switches with its own chord, Alt+Shift+M, focus staying put.
 */
import { expect, test } from './support/fixtures.js';
import { tabTo } from './ui-helpers.js';

test('Shift+Tab leaves the message box backwards; Alt+Shift+M switches the mode', async ({ app }) => {
  const { page } = app;
  const box = page.getByRole('textbox', { name: 'Message' });
  const selector = page.getByRole('combobox', { name: 'Permission mode' });
  await expect(selector).toHaveValue('ask');

  // Forward from the top of the page to the message box, with Tab alone.
  await tabTo(page, box);
  await page.keyboard.type('half a thought');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(box).toBeFocused();

  // Backwards out of the box: focus order, and the mode does not change.
  await page.keyboard.press('Shift+Tab');
  await expect(selector).toBeFocused();
  await expect(selector).toHaveValue('ask');
  await page.keyboard.press('Tab');
  await expect(box).toBeFocused();

  // The mode chord, while writing: the text stays, focus stays, the mode moves on.
  await page.keyboard.press('Alt+Shift+KeyM');
  await expect(selector).toHaveValue('plan');
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('half a thought');
  await page.keyboard.press('Alt+Shift+KeyM');
  await expect(selector).toHaveValue('edits');
  await page.keyboard.press('Alt+Shift+KeyM');
  await expect(selector).toHaveValue('ask');
  await expect(selector).toHaveAttribute('aria-keyshortcuts', 'Alt+Shift+M');
});
