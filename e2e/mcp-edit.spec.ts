/**
 * Issue 20, MCP tab: a server is added with environment variables (values typed once, written to the
 * entry, never shown back), edited (a kept variable by name only) and removed.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expectAccessible } from './support/axe.js';
import { expect, test } from './support/fixtures.js';

const FIXTURE = path.resolve(import.meta.dirname, '../main/core/mcp/testkit/fixtureServer.mjs');
const SECRET = 'ghp_never-shown-again-1234';

type Servers = Record<string, { command?: string; args?: string[]; env?: Record<string, string> }>;

test('add a server with a secret variable, edit it keeping the secret, remove it; the value never comes back to the page', async ({ app }) => {
  const { page, projectDir } = app;
  const onDisk = async () =>
    (JSON.parse(await readFile(path.join(projectDir, 'codecoder.json'), 'utf8')) as { mcpServers: Servers }).mcpServers;
  await page.getByRole('tab', { name: 'MCP' }).click();

  const add = page.getByRole('form', { name: 'Add an MCP server' });
  await add.getByLabel('Name').fill('fx');
  await add.getByLabel('Command or URL').fill(`${process.execPath} ${FIXTURE} tools lookup`);
  await add.getByRole('button', { name: 'Add a variable' }).click();
  await add.getByLabel('Variable 1 name').fill('GITHUB_TOKEN');
  await add.getByLabel('Variable 1 value').fill(SECRET);
  await expect(add.getByLabel('Variable 1 value')).toHaveAttribute('type', 'password');
  await add.getByRole('button', { name: 'Add', exact: true }).click();

  const server = page.getByTestId('mcp-server-fx');
  await expect(server.getByTestId('mcp-status')).toHaveText('ready', { timeout: 20_000 });
  await expect(server).toContainText('(env: GITHUB_TOKEN)');
  expect((await onDisk()).fx!.env).toEqual({ GITHUB_TOKEN: SECRET });
  await expect(add.getByLabel('Name')).toHaveValue('');

  // Edit: the variable is listed by name, its value field empty ("unchanged"); a new one is added.
  await server.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit the MCP server fx' });
  await expect(edit.getByLabel('Variable 1 name')).toHaveValue('GITHUB_TOKEN');
  await expect(edit.getByLabel(/Variable 1 value/)).toHaveValue('');
  await expect(edit.getByLabel(/Variable 1 value/)).toHaveAttribute('placeholder', 'unchanged (hidden)');
  await edit.getByRole('button', { name: 'Add a variable' }).click();
  await edit.getByLabel('Variable 2 name').fill('GH_HOST');
  await edit.getByLabel('Variable 2 value').fill('github.example.com');
  await expectAccessible(page, 'the MCP tab with the edit form open');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(server).toContainText('(env: GITHUB_TOKEN, GH_HOST)');
  expect((await onDisk()).fx!.env).toEqual({ GITHUB_TOKEN: SECRET, GH_HOST: 'github.example.com' });
  expect(await page.content()).not.toContain(SECRET);

  // Remove, after a confirmation.
  await server.getByRole('button', { name: 'Remove', exact: true }).click();
  await page.getByRole('group', { name: 'Remove fx?' }).getByRole('button', { name: 'Remove fx' }).click();
  await expect(server).toHaveCount(0);
  expect(await onDisk()).toEqual({});
  expect(await page.content()).not.toContain(SECRET);
});
