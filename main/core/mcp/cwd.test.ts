/**
 * A project's MCP entry cannot start its server outside the project through a `cwd` that is a
 * symbolic link (`"cwd": "up"`, `up -> /`): the cwd is resolved at each launch, not only when the
 * file was loaded, and the real path is what the server starts in.
 */
import { mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpTestBed, fixtureEntry, until } from './mcp.testkit.js';
import { launchStdio } from './launch.js';

const bed = new McpTestBed();
afterEach(() => bed.cleanup());

describe('an MCP server’s cwd', () => {
  it('a link inside the project to / is refused, and no process starts', async () => {
    const h = await bed.project({ mcpServers: { up: { ...fixtureEntry(), cwd: 'up' } } });
    await symlink('/', path.join(h.root, 'up'));
    await h.manager.sync();
    await until(() => h.manager.servers()[0]!.status === 'failed', 8000, 'failed');
    expect(h.manager.servers()[0]!.reason).toMatch(/cwd "up" leads outside the project \(\/\)/);
    expect(h.spawned).toEqual([]);
  }, 20_000);

  it('a folder swapped for such a link after the file was loaded is refused at the next launch', async () => {
    const h = await bed.project({ mcpServers: { s: { ...fixtureEntry(), cwd: 'sub' } } });
    await mkdir(path.join(h.root, 'sub'));
    await h.manager.sync();
    await until(() => h.manager.servers()[0]!.status === 'ready', 8000, 'ready');
    await rm(path.join(h.root, 'sub'), { recursive: true });
    await symlink('/', path.join(h.root, 'sub'));
    await h.manager.restart('s');
    await until(() => h.manager.servers()[0]!.status === 'failed', 8000, 'failed');
    expect(h.manager.servers()[0]!.reason).toMatch(/cwd "sub" leads outside the project/);
    expect(h.spawned).toHaveLength(1);
  }, 20_000);

  it('the server starts in the real path of a folder inside the project; the user’s own entry may name any folder', async () => {
    const root = await bed.tempDir('cc-mcp-cwd-');
    await mkdir(path.join(root, 'real'));
    await symlink('real', path.join(root, 'alias'));
    const ctx = { projectRoot: root, dataDir: root, env: {} };
    const inside = await launchStdio({ command: process.execPath, cwd: 'alias' }, { ...ctx, fromProject: true });
    expect(inside.spawn.cwd).toBe(path.join(root, 'real'));
    await expect(launchStdio({ command: process.execPath, cwd: 'missing' }, { ...ctx, fromProject: true })).rejects.toThrow(
      /cwd "missing" does not exist in the project/,
    );
    const mine = await launchStdio({ command: process.execPath, cwd: '/' }, { ...ctx, fromProject: false });
    expect(mine.spawn.cwd).toBe('/');
  });
});
