/**
 * Issue 11, "Web host": the address without its token says so (not "Connecting…" forever), and
 * /favicon.ico is served.
 */
import { expect, test } from './support/fixtures.js';

// The refused connection is the point of the test, and Chromium logs it itself.
test.use({ expectedConsoleErrors: [/WebSocket connection to '.*\/ws\?token=' failed: HTTP Authentication failed/] });

test('without the token the page says the address needs it; the favicon is served', async ({ app }, testInfo) => {
  test.skip(testInfo.project.name !== 'web', 'the token and the favicon route belong to the web host');
  const { page, host } = app;
  const bare = new URL(host!.url);
  bare.search = '';
  const fresh = await page.context().newPage();
  await fresh.goto(bare.toString());
  await expect(fresh.getByTestId('needs-token')).toContainText('This address needs its token');
  await expect(fresh.getByText('Connecting…')).toHaveCount(0);
  await fresh.close();

  const icon = await page.request.get(new URL('/favicon.ico', host!.url).toString());
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/x-icon');
  expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});
