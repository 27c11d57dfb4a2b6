/**
 * Issue 23, item 2 (the UI): Settings → Container engine saves an Engine API address and the
 * "send a copy" choice, shows the main process's refusal of an address it cannot use, and names
 * the engine in use now and what chose it; a conversation's "Run commands in a container" switch
 * goes with each message as `inContainer` and the conversation says so while it is on.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/fixtures.js';
import { say, script, send, setTheme, tabTo, transcript } from './ui-helpers.js';

test.use({ llmScript: script(say('first answer'), say('second answer')) });

async function openEngineSettings(page: Page) {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.getByRole('link', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Container engine' });
  await expect(section.getByRole('heading', { name: 'Container engine' })).toBeVisible();
  return section;
}

test('Settings: an address main refuses is not saved and its reason is shown; a good one is saved and in use', async ({ app }) => {
  const { page } = app;
  const section = await openEngineSettings(page);
  const address = section.getByLabel('Engine address');
  const inUse = section.getByTestId('engine-in-use');
  await expect(inUse).not.toContainText('checking');

  // Plain TCP to another machine: refused by the main process, with its reason; nothing saved.
  await address.fill('tcp://10.0.0.5:2375');
  await section.getByRole('button', { name: 'Use this engine' }).click();
  await expect(section.getByRole('alert')).toContainText('plain TCP to another machine is refused');
  await expect(section.getByRole('status')).toHaveCount(0);
  // Not an engine address at all: refused before it is saved.
  await address.fill('http://build.example:2375');
  await section.getByRole('button', { name: 'Use this engine' }).click();
  await expect(section.getByRole('alert')).toContainText('must be unix:///path/to.sock, ssh://user@host or tcp://host:port');
  await page.reload();
  await expect(section.getByLabel('Engine address')).toHaveValue('');

  // A unix socket, and the copy asked for: saved, and what is in use says so and why.
  await address.fill('unix:///run/cc-e2e/engine.sock');
  await section.getByRole('checkbox', { name: /Send a copy of the project/ }).check();
  await section.getByRole('button', { name: 'Use this engine' }).click();
  await expect(section.getByRole('status')).toHaveText('Container engine saved.');
  await expect(inUse).toContainText(
    'unix:///run/cc-e2e/engine.sock, chosen by the address saved here; the project is sent as a copy, changes come back as a diff.',
  );
  await page.reload();
  await expect(address).toHaveValue('unix:///run/cc-e2e/engine.sock');
  await expect(section.getByRole('checkbox', { name: /Send a copy of the project/ })).toBeChecked();
  await expectAccessible(page, 'settings, container engine (light)');

  // Emptied: the setting is removed and the environment chooses again.
  await address.fill('');
  await section.getByRole('checkbox', { name: /Send a copy of the project/ }).uncheck();
  await section.getByRole('button', { name: 'Use this engine' }).click();
  await expect(section.getByRole('status')).toHaveText('Container engine saved.');
  await expect(inUse).not.toContainText('saved here');
  await expect(inUse).toContainText(/In use now: \S/);

  await setTheme(page, 'dark');
  await openEngineSettings(page);
  await expectAccessible(page, 'settings, container engine (dark)');
});

test('the conversation switch: sent as inContainer with each message, said while on, keyboard only', async ({ app }, testInfo) => {
  test.skip(
    testInfo.project.name === 'electron',
    "The sent messages are read from the web host's WebSocket frames; the desktop app sends them over IPC. The web project runs this test.",
  );
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 700 });
  const sent: unknown[] = [];
  page.on('websocket', (ws) =>
    ws.on('framesent', (f) => {
      const msg = JSON.parse(String(f.payload)) as { type?: string; method?: string; input?: unknown };
      if (msg.type === 'request' && msg.method === 'agent.send') sent.push(msg.input);
    }),
  );
  await page.reload();
  const toggle = page.getByRole('switch', { name: 'Run commands in a container' });
  await expect(toggle).not.toBeChecked();
  await expect(page.getByTestId('container-on')).toHaveCount(0);

  // Keyboard alone: Tab to the switch, Space turns it on.
  await tabTo(page, toggle);
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  const note = page.getByTestId('container-on');
  await expect(note).toContainText("this conversation's commands (run_command) run in a container");
  await expect(note).toContainText('engine:');
  await expect(note.getByRole('link', { name: 'Container engine settings' })).toBeVisible();
  await expectAccessible(page, 'conversation, container switch on (light)');

  await send(page, 'first message');
  await expect(transcript(page)).toContainText('first answer');
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ text: 'first message', inContainer: true });

  // Off again: the next message says so (main goes back to the host shell).
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).not.toBeChecked();
  await expect(note).toHaveCount(0);
  await send(page, 'second message');
  await expect(transcript(page)).toContainText('second answer');
  expect(sent).toHaveLength(2);
  expect(sent[1]).toMatchObject({ text: 'second message', inContainer: false });

  await setTheme(page, 'dark');
  await toggle.check();
  await expect(note).toBeVisible();
  await expectAccessible(page, 'conversation, container switch on (dark)');
});
