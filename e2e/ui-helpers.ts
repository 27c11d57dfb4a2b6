/**
 * Helpers for the project-window specs. Not a spec: Playwright only runs *.spec.ts.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { ScriptInput } from '../main/core/llm/index.js';
import type { AppHandle } from './support/fixtures.js';

/**
 * The scripted model server's recorded model turns (the test must `use` an llmScript). The header's
 * models list (GET /v1/models) is recorded apart, in `listings`, so `[0]` is the first turn.
 */
export function llmRequests(app: AppHandle): { body: Record<string, unknown> }[] {
  if (!app.model) throw new Error('this test has no scripted model: test.use({ llmScript: [...] })');
  return app.model.requests;
}

/** Types a message into the composer and sends it with Enter. */
export async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

/**
 * The approval prompt on screen, once its keyboard is armed (keys typed before that are ignored on
 * purpose). After `send` the message box is empty: the prompt takes focus once the box has been idle
 * (IDLE_BEFORE_FOCUS_MS, 2.5 s) and arms 500 ms later — hence the longer wait.
 */
export async function approvalPrompt(page: Page, tool?: string): Promise<Locator> {
  const prompt = page.getByRole('dialog', { name: tool ? new RegExp(`Allow ${tool}`) : /Allow/ });
  await expect(prompt).toBeVisible();
  await expect(prompt).toHaveAttribute('data-armed', 'true', { timeout: 10_000 });
  return prompt;
}

export function toolCards(page: Page, tool: string): Locator {
  return page.getByRole('log', { name: 'Transcript' }).getByRole('article', { name: `Tool call ${tool}` });
}

export function transcript(page: Page): Locator {
  return page.getByRole('log', { name: 'Transcript' });
}

/** Chooses the theme in Settings, saves it, and comes back to the project. */
export async function setTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('radio', { name: theme === 'light' ? 'Light' : 'Dark' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await page.getByRole('link', { name: 'Project' }).click();
}

export async function openPermissions(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Permissions' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Permissions' });
  await expect(panel.getByRole('heading', { name: 'Permissions' })).toBeVisible();
  return panel;
}

/** A text-only scripted turn. */
export const say = (text: string) => ({ text });
/** A scripted turn that calls one tool. */
export const call = (name: string, input: Record<string, unknown>, id?: string) => ({
  toolCalls: [{ ...(id ? { id } : {}), name, input }],
});

type Turns = ScriptInput['turns'];
/** `test.use` reads a bare array as [value, options], so scripted turns are wrapped. */
export const script = (...turns: Turns): [Turns, { scope: 'test' }] => [turns, { scope: 'test' }];

/** Keyboard only: presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 40 } = {}): Promise<number> {
  for (let n = 0; n < max; n++) {
    if (await target.evaluate((el) => el === document.activeElement)) return n;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${max} presses of ${back ? 'Shift+Tab' : 'Tab'} did not reach ${target.toString()}`);
}

/** How much of an element the window and its scrolling ancestors let the user see, against its own size. */
export function visibleHeight(el: Locator) {
  return el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    let top = r.top;
    let bottom = r.bottom;
    for (let p = node.parentElement; p; p = p.parentElement) {
      if (getComputedStyle(p).overflowY === 'visible') continue;
      const pr = p.getBoundingClientRect();
      top = Math.max(top, pr.top);
      bottom = Math.min(bottom, pr.bottom);
    }
    bottom = Math.min(bottom, window.innerHeight);
    return { visible: Math.max(0, bottom - top), height: r.height, content: node.scrollHeight };
  });
}
