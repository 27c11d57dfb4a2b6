/**
 * Issue 11, "Markdown": code blocks highlighted with a Copy button, links clickable and opened
 * outside the app through the one safe-URL check, `*.test.*` not italics; axe, light and dark.
 */
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { say, script, send, transcript, setTheme } from './ui-helpers.js';

const ANSWER = [
  'Run the *.test.* files, then read [the guide](https://docs.example/guide) — not [this](javascript:alert(1)).',
  '',
  '```ts',
  'const answer: number = 42; // the answer',
  '```',
].join('\n');

test.describe('markdown in the transcript', () => {
  test.use({ llmScript: script(say(ANSWER)) });

  test('a highlighted code block is copied with its button, and says so', async ({ app }, info) => {
    test.skip(info.project.name !== 'web', 'the clipboard permission is granted through the browser context (web host)');
    const { page } = app;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await send(page, 'explain');
    const log = transcript(page);
    const block = log.locator('.code-block');
    await expect(block.locator('.hljs-keyword').first()).toHaveText('const');
    await block.getByRole('button', { name: 'Copy code' }).click();
    await expect(block.getByRole('status')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('const answer: number = 42; // the answer\n');
  });

  test('a safe link opens in a new tab without opener; an unsafe one is text; a glob is not italics', async ({ app }, info) => {
    test.skip(
      info.project.name !== 'web',
      'in Electron the window-open handler hands the link to the system browser (senderPolicy.test.ts)',
    );
    const { page } = app;
    await page.context().route('https://docs.example/**', (r) => r.fulfill({ contentType: 'text/html', body: '<title>guide</title>ok' }));
    await send(page, 'explain');
    const log = transcript(page);
    const link = log.getByRole('link', { name: 'the guide' });
    await expect(link).toHaveAttribute('href', 'https://docs.example/guide');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe('https://docs.example/guide');
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    await tab.close();
    // The app itself stayed where it was.
    await expect(log).toBeVisible();

    await expect(log.getByRole('link', { name: 'this' })).toHaveCount(0);
    // react-markdown drops a javascript: target before it reaches the link check: the words stay, as text.
    await expect(log).toContainText('not this.');
    await expect(log).toContainText('Run the *.test.* files');
    await expect(log.locator('em')).toHaveCount(0);
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`code blocks and links pass axe (${theme}, 1024×700)`, async ({ app }) => {
      const { page } = app;
      await setTheme(page, theme);
      await send(page, 'explain');
      await expect(transcript(page).getByRole('button', { name: 'Copy code' })).toBeVisible();
      await expectAccessible(page, `markdown transcript (${theme})`);
    });
  }
});
