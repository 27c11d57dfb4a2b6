/**
 * The MCP tab's add / edit / remove of a server entry: in the user's own mcp.json (a real file) and
 * in codecoder.json (through the same ConfigEdit the app's writes use). Variables are written in the
 * entry's "env"; an edit that names one without a value keeps the value written.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editConfigText, parseConfigText, type ConfigEdit } from '../permissions/index.js';
import { addServer, addUserServer, removeServer, removeUserServer, updateServer, updateUserServer } from './addServer.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

async function userServers(dataDir: string): Promise<Record<string, unknown>> {
  return (JSON.parse(await readFile(path.join(dataDir, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> }).mcpServers;
}

/** codecoder.json in memory, edited as ProjectConfig.edit would; trust is told of each own write. */
function projectFile(text: string) {
  const file = { text, ownWrites: 0 };
  const config = {
    edit: async (e: ConfigEdit) => {
      file.text = editConfigText(file.text, e);
    },
    snapshot: () => {
      const p = parseConfigText(file.text);
      return { mcpServers: p.ok ? p.doc.mcpServers : undefined };
    },
  };
  const trust = { honoured: () => true, afterOwnWrite: async () => (file.ownWrites++, {}) as never };
  return { file, config, trust };
}

describe('MCP server entries from the MCP tab', () => {
  it('user mcp.json: adds with variables, edits keeping an unnamed value, removes; 0600 throughout', async () => {
    const dataDir = await tempDirs('cc-mcp-edit-');
    await addUserServer(dataDir, {
      name: 'gh',
      command: 'npx',
      args: ['-y', 'gh-mcp'],
      env: [{ name: 'GITHUB_TOKEN', value: 'ghp_secret' }],
    });
    expect(await userServers(dataDir)).toEqual({ gh: { command: 'npx', args: ['-y', 'gh-mcp'], env: { GITHUB_TOKEN: 'ghp_secret' } } });
    if (process.platform !== 'win32') expect((await stat(path.join(dataDir, 'mcp.json'))).mode & 0o777).toBe(0o600);
    await expect(addUserServer(dataDir, { name: 'gh', command: 'x' })).rejects.toThrow(/already has an MCP server named "gh"/);

    // The form sends the kept variable by name only, a new one with its value.
    await updateUserServer(dataDir, {
      name: 'gh',
      command: 'npx',
      args: ['-y', 'gh-mcp@2'],
      env: [{ name: 'GITHUB_TOKEN' }, { name: 'GH_HOST', value: 'github.example.com' }],
    });
    expect(await userServers(dataDir)).toEqual({
      gh: { command: 'npx', args: ['-y', 'gh-mcp@2'], env: { GITHUB_TOKEN: 'ghp_secret', GH_HOST: 'github.example.com' } },
    });
    await expect(updateUserServer(dataDir, { name: 'gh', command: 'npx', env: [{ name: 'NEW_ONE' }] })).rejects.toThrow(
      /give a value for the new variable NEW_ONE/,
    );
    await expect(updateUserServer(dataDir, { name: 'gh', url: 'https://example.com/mcp' })).rejects.toThrow(/remove it and add it again/);

    await removeUserServer(dataDir, 'gh');
    expect(await userServers(dataDir)).toEqual({});
    await expect(removeUserServer(dataDir, 'gh')).rejects.toThrow(/has no MCP server named "gh"/);
  });

  it('a user mcp.json that does not parse is never overwritten', async () => {
    const dataDir = await tempDirs('cc-mcp-edit-');
    await addUserServer(dataDir, { name: 'a', command: 'a' });
    await writeFile(path.join(dataDir, 'mcp.json'), '{ "mcpServers": ');
    await expect(removeUserServer(dataDir, 'a')).rejects.toThrow(/not writing/);
    expect(await readFile(path.join(dataDir, 'mcp.json'), 'utf8')).toBe('{ "mcpServers": ');
  });

  it('codecoder.json: an edit keeps the fields the form does not show; remove takes only that entry; each write keeps trust', async () => {
    const { file, config, trust } = projectFile(
      JSON.stringify(
        {
          allowlist: { 'write_file:docs/**': 'AlwaysThisProject' },
          mcpServers: {
            db: { command: 'db-mcp', cwd: 'tools', sandbox: { allowedDomains: ['db.internal'] }, env: { PGPASSWORD: 'pw', OLD: '1' } },
            other: { url: 'https://example.com/mcp' },
          },
        },
        null,
        2,
      ),
    );
    await updateServer(config, trust, { name: 'db', command: 'db-mcp', args: ['--ro'], sandbox: true, env: [{ name: 'PGPASSWORD' }] });
    const after = JSON.parse(file.text) as { allowlist: unknown; mcpServers: Record<string, unknown> };
    expect(after.mcpServers.db).toEqual({
      command: 'db-mcp',
      cwd: 'tools',
      sandbox: { allowedDomains: ['db.internal'] },
      env: { PGPASSWORD: 'pw' },
      args: ['--ro'],
    });
    // Switching the sandbox off removes it; an env list left out leaves the variables as they are.
    await updateServer(config, trust, { name: 'db', command: 'db-mcp' });
    expect((JSON.parse(file.text) as { mcpServers: Record<string, unknown> }).mcpServers.db).toEqual({
      command: 'db-mcp',
      cwd: 'tools',
      env: { PGPASSWORD: 'pw' },
    });
    await removeServer(config, trust, 'db');
    expect(JSON.parse(file.text)).toEqual({
      allowlist: { 'write_file:docs/**': 'AlwaysThisProject' },
      mcpServers: { other: { url: 'https://example.com/mcp' } },
    });
    await addServer(config, trust, { name: 'fresh', command: 'fresh', env: [{ name: 'K', value: 'v' }] });
    expect((JSON.parse(file.text) as { mcpServers: Record<string, unknown> }).mcpServers.fresh).toEqual({
      command: 'fresh',
      env: { K: 'v' },
    });
    expect(file.ownWrites).toBe(4);
    await expect(removeServer(config, trust, 'nope')).rejects.toThrow(/no MCP server named "nope"/);
  });
});
