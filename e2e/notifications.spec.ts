/**
 * A native notification when a prompt is pending and the page is hidden; its click
 * focuses the window on that prompt; the setting turns them off. The browser's Notification API is
 * recorded by an init script (the page cannot be really hidden in headless Chromium, so visibility
 * and focus are emulated the same way).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { call, say, script, send } from './ui-helpers.js';

/** Hides the page (as far as the app can tell) and records every Notification it constructs. */
async function emulateAwayWithNotifications(page: Page, permission: NotificationPermission = 'granted'): Promise<void> {
  await page.context().grantPermissions(['notifications']);
  await page.evaluate((initial) => {
    const w = window as unknown as {
      __away: boolean;
      __asked: number;
      __notes: { title: string; body: string; tag: string; click: () => void }[];
    };
    w.__away = false;
    w.__asked = 0;
    w.__notes = [];
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (w.__away ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => w.__away });
    document.hasFocus = () => !w.__away;
    class RecordedNotification extends EventTarget {
      static permission: NotificationPermission = initial;
      static requestPermission = async () => {
        w.__asked++;
        RecordedNotification.permission = 'granted';
        return 'granted' as NotificationPermission;
      };
      onclick: ((ev: Event) => void) | null = null;
      constructor(
        readonly title: string,
        readonly options: NotificationOptions = {},
      ) {
        super();
        w.__notes.push({ title, body: options.body ?? '', tag: options.tag ?? '', click: () => this.onclick?.(new Event('click')) });
      }
      close() {}
    }
    (window as unknown as { Notification: unknown }).Notification = RecordedNotification;
  }, permission);
}

async function setAway(page: Page, away: boolean): Promise<void> {
  await page.evaluate((a) => {
    (window as unknown as { __away: boolean }).__away = a;
    document.dispatchEvent(new Event('visibilitychange'));
    if (a) window.dispatchEvent(new Event('blur'));
  }, away);
}

const notes = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __notes: { title: string; body: string; tag: string }[] }).__notes.map(({ title, body, tag }) => ({
      title,
      body,
      tag,
    })),
  );

test.describe('notifications', () => {
  test.use({ llmScript: script(call('run_command', { command: 'git push origin main' }), say('done')) });

  test('a hidden page gets one notification naming the project and the key; its click focuses the prompt', async ({ app }) => {
    const { page, projectDir } = app;
    await emulateAwayWithNotifications(page);
    await send(page, 'push it');
    await setAway(page, true);
    const prompt = page.getByRole('dialog', { name: /Allow run_command/ });
    await expect(prompt).toBeVisible();
    await expect.poll(() => notes(page)).toHaveLength(1);
    const [n] = await notes(page);
    expect(n!.title).toBe(`${projectDir.split('/').pop()} — approval needed`);
    // It names what will run, not only the key.
    expect(n!.body).toBe('The agent wants to run: git push origin main');
    // Clicking it: the user comes back, the prompt has focus.
    await page.getByRole('textbox', { name: 'Message' }).focus();
    await setAway(page, false);
    await page.evaluate(() => (window as unknown as { __notes: { click: () => void }[] }).__notes[0]!.click());
    await expect(prompt).toBeFocused();
    // No second notification for the same prompt.
    await setAway(page, true);
    await setAway(page, false);
    expect(await notes(page)).toHaveLength(1);
  });

  test('no notification while the page is visible, nor with the setting off', async ({ app }) => {
    const { page } = app;
    await emulateAwayWithNotifications(page);
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('checkbox', { name: /Notify me/ }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status')).toHaveText('Settings saved.');
    await page.getByRole('link', { name: 'Project' }).click();
    await send(page, 'push it');
    await expect(page.getByRole('dialog', { name: /Allow run_command/ })).toBeVisible();
    await setAway(page, true);
    await setAway(page, false);
    expect(await notes(page)).toHaveLength(0);
  });

  test('the browser permission is asked for in Settings, with its state shown — not when an approval arrives unseen', async ({ app }) => {
    const { page } = app;
    await emulateAwayWithNotifications(page, 'default');
    await send(page, 'push it');
    await setAway(page, true);
    await expect(page.getByRole('dialog', { name: /Allow run_command/ })).toBeVisible();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(0);
    expect(await notes(page)).toHaveLength(0);
    await setAway(page, false);

    await page.getByRole('link', { name: 'Settings' }).click();
    const state = page.getByTestId('notification-permission');
    await expect(state).toContainText('Browser permission: not asked yet');
    await state.getByRole('button', { name: 'Allow notifications in this browser' }).click();
    await expect(state).toContainText('Browser permission: allowed');
    expect(await page.evaluate(() => (window as unknown as { __asked: number }).__asked)).toBe(1);
  });
});
