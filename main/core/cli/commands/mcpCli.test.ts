/** `codecoder mcp list`, `check` on an MCP tool and `allowlist validate` on MCP keys, through the CLI's main(). */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { TrustStore, sha256Hex } from '../../permissions/index.js';
import { FIXTURE } from '../../mcp/mcp.testkit.js';
import { main } from '../main.js';
import { useTempDir } from '../../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function tmp(prefix: string): Promise<string> {
  const d = await tempDirs(prefix);
  dirs.push(d);
  return d;
}

async function cli(argv: string[], dataDir: string): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += String(c)));
  stderr.on('data', (c) => (err += String(c)));
  const code = await main(argv, { stdin: new PassThrough(), stdout, stderr, env: { CODECODER_DATA_DIR: dataDir, PATH: process.env.PATH } });
  return { code, out, err };
}

const file = (extra: Record<string, unknown>) => ({
  mcpServers: { fx: { command: process.execPath, args: [FIXTURE, 'tools', 'lookup', 'write.it'] }, boxed: { command: 'x', sandbox: true } },
  ...extra,
});

describe('codecoder mcp / check / allowlist with MCP servers', () => {
  it("mcp list starts a trusted project's servers and prints tools, keys and levels", async () => {
    const root = await tmp('cc-mcpcli-');
    const data = await tmp('cc-mcpcli-data-');
    const text = JSON.stringify(file({ deny: ['mcp:fx:write_it'] }), null, 2);
    await writeFile(path.join(root, 'codecoder.json'), text);
    // Untrusted: listed, never started.
    const before = await cli(['mcp', 'list', '--project', root, '--json'], data);
    expect(before.code).toBe(0);
    const b = JSON.parse(before.out) as { servers: { name: string; status: string; tools: unknown[] }[] };
    expect(b.servers.find((s) => s.name === 'fx')).toMatchObject({ status: 'untrusted', tools: [] });
    await TrustStore.forDataDir(data).set(root, sha256Hex(Buffer.from(text)));
    const after = await cli(['mcp', 'list', '--project', root, '--json'], data);
    const a = JSON.parse(after.out) as {
      servers: { name: string; status: string; ceiling: string; tools: { name: string; key: string; decision: string }[] }[];
    };
    const fx = a.servers.find((s) => s.name === 'fx')!;
    expect(fx.status).toBe('ready');
    expect(fx.ceiling).toBe('session');
    expect(fx.tools.map((t) => [t.name, t.key, t.decision])).toEqual([
      ['mcp__fx__lookup', 'mcp:fx:lookup', 'ask'],
      ['mcp__fx__write_it', 'mcp:fx:write_it', 'deny'],
    ]);
    expect(before.err).toContain('its 2 MCP servers do not start');
    const textOut = await cli(['mcp', 'list', '--project', root], data);
    expect(textOut.out).toContain('mcp__fx__lookup  key "mcp:fx:lookup"  ask');
  }, 30_000);

  it('check takes mcp__<server>__<tool> ARGS_JSON without starting the server', async () => {
    const root = await tmp('cc-mcpcli-');
    const data = await tmp('cc-mcpcli-data-');
    await writeFile(path.join(root, 'codecoder.json'), JSON.stringify(file({}), null, 2));
    const r = await cli(['check', '--project', root, 'mcp__fx__lookup', '{"q":"x"}'], data);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ decision: 'ask', key: 'mcp:fx:lookup' });
    const g = await cli(['check', '--project', root, '--grant', 'mcp:fx:*=project', 'mcp__fx__lookup', '{}'], data);
    expect(g.code).toBe(1);
    expect(g.err).toContain('CeilingViolation');
    const s = await cli(['check', '--project', root, '--grant', 'mcp:boxed:*=project', 'mcp__boxed__anything', '{}'], data);
    expect(s.code).toBe(0);
    expect(JSON.parse(s.out)).toMatchObject({ decision: 'allow', via: 'project' });
    const unknown = await cli(['check', '--project', root, 'mcp__nope__x', '{}'], data);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('no configured MCP server matches');
  });

  it('allowlist validate reports a project entry for a host stdio server as a CeilingViolation', async () => {
    const root = await tmp('cc-mcpcli-');
    const data = await tmp('cc-mcpcli-data-');
    await writeFile(
      path.join(root, 'codecoder.json'),
      JSON.stringify(
        file({ allowlist: { 'mcp:fx:*': 'AlwaysThisProject', 'mcp:boxed:*': 'AlwaysThisProject', 'mcp:*': 'AlwaysThisSession' } }),
        null,
        2,
      ),
    );
    const r = await cli(['allowlist', 'validate', '--project', root], data);
    expect(r.code).toBe(1);
    expect(r.out).toContain('CeilingViolation: mcp:fx:*');
    expect(r.out).not.toContain('CeilingViolation: mcp:boxed:*');
  });
});
