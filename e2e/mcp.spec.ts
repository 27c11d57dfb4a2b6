/**
 * An MCP server's tool under the permission engine, end to end. The project's
 * codecoder.json declares a stdio server (the test fixture, a real MCP server on the SDK); the
 * trust review lists it and nothing starts until Trust; then the MCP tab shows it ready with its
 * tool, key and level; the model calls the tool; the approval prompt shows server, tool, hints and
 * the pretty-printed arguments; allowed once, the result is in the transcript.
 */
import path from 'node:path';
import { expect, screenshotDir, test } from './support/fixtures.js';
import { approvalPrompt, call, say, script, send, toolCards, transcript } from './ui-helpers.js';

const FIXTURE = path.resolve(import.meta.dirname, '../main/core/mcp/testkit/fixtureServer.mjs');

test.use({
  projectFiles: {
    'codecoder.json': JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE, 'tools', 'lookup'] } } }, null, 2),
  },
  llmScript: script(call('mcp__fx__lookup', { text: 'where is the config?', depth: 2 }), say('The server answered.')),
});

test('trust starts the server; its tool asks with server, tool, hints and arguments; the result reaches the transcript', async ({
  app,
}) => {
  const { page } = app;
  const review = page.getByRole('dialog', { name: "This folder's codecoder.json would allow:" });
  await expect(review).toBeVisible();
  await expect(review.getByTestId('trust-server')).toHaveCount(1);
  await expect(review.getByTestId('trust-server')).toContainText('fixtureServer.mjs tools lookup');
  await review.getByRole('button', { name: 'Trust' }).click();
  await expect(review).toHaveCount(0);

  await page.getByRole('tab', { name: 'MCP' }).click();
  const server = page.getByTestId('mcp-server-fx');
  await expect(server.getByTestId('mcp-status')).toHaveText('ready', { timeout: 20_000 });
  await expect(server).toContainText('mcp__fx__lookup');
  await expect(server.getByTestId('key').first()).toHaveText('mcp:fx:lookup');
  await expect(server).toContainText('session at most');
  await page.screenshot({ path: `${screenshotDir}/mcp-tab.png` });

  await page.getByRole('tab', { name: 'Conversation' }).click();
  await send(page, 'ask the server');
  const prompt = await approvalPrompt(page, 'mcp__fx__lookup');
  await expect(prompt.getByTestId('key')).toHaveText('mcp:fx:lookup');
  await expect(prompt.getByTestId('mcp-server')).toHaveText('fx');
  await expect(prompt.getByTestId('mcp-tool')).toHaveText('lookup');
  await expect(prompt.getByTestId('mcp-hints')).toContainText('read-only (the server says so; not verified)');
  await expect(prompt.getByTestId('mcp-args')).toContainText('"text": "where is the config?"');
  // A host stdio server's tool is session at most: the prompt offers only what the engine will keep.
  await expect(prompt.getByRole('button', { name: /Allow for this session/ })).toBeVisible();
  await expect(prompt.getByRole('button', { name: /Allow for this project/ })).toHaveCount(0);
  // The ceiling sentence is the key's own (a local MCP server's tool), not the shell's.
  const ceiling = prompt.getByTestId('ceiling-note');
  await expect(ceiling).toContainText('The tools of an MCP server running on this computer can be allowed for this session at most.');
  await expect(ceiling).not.toContainText('Shell commands');
  await page.screenshot({ path: `${screenshotDir}/mcp-approval.png` });
  await prompt.getByRole('button', { name: /Allow once/ }).click();

  const card = toolCards(page, 'mcp__fx__lookup').first();
  await expect(card.getByTestId('decision')).toContainText('once');
  await expect(card).toContainText('lookup: {"text":"where is the config?","depth":2}');
  await expect(transcript(page)).toContainText('The server answered.');
});
