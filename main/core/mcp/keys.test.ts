/** MCP keys and names without any server: the grammar, matching, sanitising, config and ${VAR}. */
import { describe, expect, it } from 'vitest';
import { parseKey, AllowSet, DenySet, patternProblem, editConfigText, parseConfigText, needsTrust } from '../permissions/index.js';
import { serverList } from './config.js';
import { ExpandError, expandValue } from './expand.js';
import { containerArgv } from './launch.js';
import { modelName, nameTools, sanitiseName } from './names.js';
import { serverEnv } from './serverEnv.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const target = (raw: string) => ({ key: parseKey(raw) });

describe('the mcp key grammar', () => {
  it('accepts exactly mcp:<server>:<tool>, mcp:<server>:* and mcp:*', () => {
    for (const ok of ['mcp:*', 'mcp:github:*', 'mcp:github:create_issue', 'mcp:a-b:c-d'])
      expect(patternProblem(parseKey(ok), 'allow'), ok).toBeUndefined();
    for (const bad of ['mcp:git*:x', 'mcp:github:create_*', 'mcp:github', 'mcp:a:b:c', 'mcp:a.b:c', 'mcp:**', 'mcp:a:?']) {
      expect(patternProblem(parseKey(bad), 'allow'), bad).toMatch(/an MCP key is/);
    }
  });

  it('matches allow entries exactly (case-sensitive) and through the two wildcards', () => {
    const set = (keys: string[]) => new AllowSet(keys.map((k) => ({ key: parseKey(k), meta: null })));
    expect(set(['mcp:gh:issue']).match(target('mcp:gh:issue'))?.key.raw).toBe('mcp:gh:issue');
    expect(set(['mcp:gh:issue']).match(target('mcp:gh:issues'))).toBeUndefined();
    expect(set(['mcp:gh:issue']).match(target('mcp:GH:issue'))).toBeUndefined();
    expect(set(['mcp:gh:*']).match(target('mcp:gh:push'))?.key.raw).toBe('mcp:gh:*');
    expect(set(['mcp:gh:*']).match(target('mcp:ghx:push'))).toBeUndefined();
    expect(set(['mcp:*']).match(target('mcp:any:thing'))?.key.raw).toBe('mcp:*');
    // A run_command wildcard never covers an MCP key, nor the reverse.
    expect(set(['run_command:*']).match(target('mcp:gh:push'))).toBeUndefined();
  });

  it('matches deny rules case-insensitively, wildcards included', () => {
    expect(new DenySet(['mcp:GH:Push']).match(target('mcp:gh:push'))).toBe('mcp:GH:Push');
    expect(new DenySet(['mcp:gh:*']).match(target('mcp:gh:anything'))).toBe('mcp:gh:*');
    expect(new DenySet(['mcp:*']).match(target('mcp:x:y'))).toBe('mcp:*');
    expect(new DenySet(['mcp:gh:*']).match(target('mcp:other:y'))).toBeUndefined();
  });
});

describe('MCP tool names', () => {
  it('sanitises to [A-Za-z0-9_-] and cuts to 64 characters with a hash', () => {
    expect(sanitiseName('a.b c/d')).toBe('a_b_c_d');
    expect(modelName('srv', 'tool')).toBe('mcp__srv__tool');
    const long = modelName('server', 'x'.repeat(100));
    expect(long).toHaveLength(64);
    expect(long).toMatch(/_[0-9a-f]{8}$/);
    expect(modelName('server', 'x'.repeat(100) + 'y')).not.toBe(long);
  });

  it('gives every colliding tool a hashed name (none keeps the plain one) and reports it', () => {
    const { tools, collisions } = nameTools('s', ['a.b', 'a_b', 'ok']);
    expect(tools.find((t) => t.raw === 'ok')!.key).toBe('mcp:s:ok');
    const a = tools.filter((t) => t.raw !== 'ok');
    expect(a.map((t) => t.part).every((p) => /^a_b_[0-9a-f]{8}$/.test(p))).toBe(true);
    expect(new Set(a.map((t) => t.key)).size).toBe(2);
    expect(collisions[0]!.message).toContain('"a.b" and "a_b"');
    // The names do not depend on the order the server lists them in.
    expect(
      nameTools('s', ['a_b', 'ok', 'a.b'])
        .tools.map((t) => t.key)
        .sort(),
    ).toEqual(tools.map((t) => t.key).sort());
  });
});

describe('MCP server configuration', () => {
  it('reads stdio and remote entries, decides their environment, and reports bad ones', () => {
    const { servers, problems } = serverList({
      user: { mine: { command: 'x' } },
      project: {
        host: { command: 'node', args: ['s.js'] },
        boxed: { command: 'node', sandbox: { allowWrite: ['out'] } },
        jailed: { command: 'node', container: { image: 'img' } },
        web: { url: 'https://example.com/mcp' },
        mine: { command: 'evil' },
        bad: { args: [] },
        escape: { command: 'x', cwd: '../..' },
        both: { command: 'x', sandbox: true, container: {} },
      },
      mcpJson: { host: { command: 'other' }, extra: { command: 'y' } },
    });
    const env = Object.fromEntries(servers.map((s) => [s.name, [s.source, s.environment]]));
    expect(env).toEqual({
      mine: ['user', 'shell'],
      host: ['project', 'shell'],
      boxed: ['project', 'sandbox'],
      jailed: ['project', 'docker'],
      web: ['project', 'remote'],
      extra: ['mcp.json', 'shell'],
    });
    const why = problems.map((p) => `${p.name}: ${p.message}`).join('\n');
    expect(why).toMatch(/mine: ignored: a server named "mine" is already defined \(user\)/);
    expect(why).toMatch(/host: ignored/);
    expect(why).toMatch(/bad: "command"/);
    expect(why).toMatch(/escape: "cwd" must be a path inside the project/);
    expect(why).toMatch(/both: choose "sandbox" or "container"/);
  });

  it('counts servers in codecoder.json for folder trust, and adds one with a minimal edit', () => {
    const text = '{\n  "allowlist": {},\n  "x-other": 1\n}\n';
    const parsed = parseConfigText(text);
    expect(parsed.ok && needsTrust({ allowlist: [], mcpServers: parsed.doc.mcpServers })).toBe(false);
    const edited = editConfigText(text, { op: 'setMcpServer', name: 'gh', value: { command: 'npx', args: ['gh-mcp'] } });
    expect(edited.startsWith('{\n  "allowlist": {},\n  "x-other": 1,\n  "mcpServers": {')).toBe(true);
    const again = parseConfigText(edited);
    expect(again.ok && again.doc.mcpServers).toEqual({ gh: { command: 'npx', args: ['gh-mcp'] } });
    expect(again.ok && needsTrust({ allowlist: [], mcpServers: again.doc.mcpServers })).toBe(true);
    const second = editConfigText(edited, { op: 'setMcpServer', name: 'b', value: { url: 'https://x.test/mcp' } });
    // Everything before the new member is byte for byte what it was.
    const upToGh = edited.slice(0, edited.indexOf(']') + 1);
    expect(second.startsWith(upToGh)).toBe(true);
    const both = parseConfigText(second);
    expect(both.ok && Object.keys(both.doc.mcpServers as object)).toEqual(['gh', 'b']);
  });

  it("expands ${VAR} from the environment or the secret store, and keeps the app's keys from a project", () => {
    const src = {
      env: { A: 'env-a' },
      secret: (n: string) => (n === 'mcp.B' ? 'secret-b' : undefined),
      appSecrets: ['sk-the-app-key-1234'],
    };
    expect(expandValue('x ${A} ${B}', src, true, 'w')).toBe('x env-a secret-b');
    expect(() => expandValue('${C}', src, true, 'w')).toThrow(/is not set/);
    expect(() => expandValue('${OPENAI_API_KEY}', { ...src, env: { OPENAI_API_KEY: 'k' } }, true, 'w')).toThrow(ExpandError);
    expect(() => expandValue('${T}', { ...src, env: { T: 'Bearer sk-the-app-key-1234' } }, true, 'w')).toThrow(/own API keys/);
    expect(expandValue('${T}', { ...src, env: { T: 'Bearer sk-the-app-key-1234' } }, false, 'w')).toContain('sk-the');
  });

  it('gives a stdio server only its named variables plus PATH and HOME', () => {
    const env = serverEnv({ TOKEN: 't' }, '/opt/tools/bin/npx');
    expect(Object.keys(env).sort()).toEqual(['HOME', 'PATH', 'TOKEN']);
    expect(env.PATH!.split(':')[0]).toBe('/opt/tools/bin');
  });

  it('runs a containerised server read-only on the project, without network, writable only where declared', () => {
    const argv = containerArgv(
      { name: 'podman', bin: 'podman', globalArgs: [] },
      'img',
      'n1',
      { command: 'srv', args: ['--x'], container: { allowWrite: ['out'] }, cwd: 'out' },
      { root: '/p', writable: ['/p/out'], cwd: '/p/out', masked: ['secrets/key.txt'] },
      { K: 'v' },
    );
    const s = argv.join(' ');
    expect(s).toContain('run --rm -i --name n1 --network none');
    expect(s).toContain('-v /p:/work:ro');
    expect(s).toContain('-v /p/out:/work/out:rw');
    expect(s).toContain('-w /work/out');
    // A key file inside the project (--api-key-file): an empty file in its place.
    expect(s).toContain('-v /dev/null:/work/secrets/key.txt:ro');
    expect(s).toContain('-e K=v');
    expect(argv.slice(-3)).toEqual(['img', 'srv', '--x'].slice(-3));
  });
});

describe('the registry with MCP tools', () => {
  it("adds them to the main agent only: a sub-agent keeps the seed's nine", async () => {
    const { createToolRegistry, SUB_AGENT_TOOL_NAMES } = await import('../tools/index.js');
    const { withMcpTools } = await import('./registry.js');
    const base = createToolRegistry({
      projectRoot: '/nonexistent',
      dataDir: '/nonexistent',
      secretsToScrub: () => [],
      runSubAgent: async () => ({ content: '' }),
    } as never);
    const fake = { name: 'mcp__s__t', description: 'x', category: 'mcp', environment: 'shell' } as never;
    const reg = withMcpTools(base, { tools: () => [fake], tool: (n: string) => (n === 'mcp__s__t' ? fake : undefined) } as never);
    expect(reg.list().map((t) => t.name)).toContain('mcp__s__t');
    expect(reg.get('mcp__s__t')).toBe(fake);
    const sub = reg.subAgentRegistry();
    expect(sub.list().map((t) => t.name)).toEqual([...SUB_AGENT_TOOL_NAMES]);
    expect(sub.get('mcp__s__t')).toBeUndefined();
  });
});

describe('MCP entries in words (the trust review)', () => {
  it('names the server and tool', async () => {
    const { entryMeaning } = await import('../permissions/index.js');
    expect(entryMeaning('mcp:gh:push', 'AlwaysThisSession')).toContain('use the tool push of the MCP server gh');
    expect(entryMeaning('mcp:gh:*', 'AlwaysThisProject')).toContain('every tool of the MCP server gh');
    expect(entryMeaning('mcp:*', 'AlwaysThisProject')).toContain('every tool of every MCP server');
  });
});

describe('writable paths of a sandboxed or containerised server', () => {
  it('must exist and stay inside the project after symlinks', async () => {
    const { mkdir, rm, symlink } = await import('node:fs/promises');
    const path = await import('node:path');
    const { writablePaths } = await import('./launch.js');
    const root = await tempDirs('cc-mcp-wp-');
    const outside = await tempDirs('cc-mcp-wp-out-');
    try {
      await mkdir(path.join(root, 'out'));
      await symlink(outside, path.join(root, 'escape'));
      expect(await writablePaths(['out'], root)).toEqual([path.join(root, 'out')]);
      await expect(writablePaths(['escape'], root)).rejects.toThrow(/leads outside the project/);
      await expect(writablePaths(['missing'], root)).rejects.toThrow(/does not exist/);
    } finally {
      await rm(root, { recursive: true, force: true });
      await rm(outside, { recursive: true, force: true });
    }
  });
});

describe('MCP results', () => {
  it('passes isError on as a tool error and caps what a server returns', async () => {
    const { toToolResult, MAX_RESULT_CHARS } = await import('./results.js');
    const err = toToolResult('gh', 'push', { content: [{ type: 'text', text: 'no access' }], isError: true });
    expect(err).toMatchObject({ isError: true, content: 'push (MCP server gh) failed: no access' });
    const big = toToolResult('s', 't', {
      content: [
        { type: 'text', text: 'x'.repeat(MAX_RESULT_CHARS + 10) },
        { type: 'text', text: 'more' },
      ],
    });
    expect(big.content.length).toBeLessThan(MAX_RESULT_CHARS + 200);
    expect(big.content).toContain('the rest was dropped');
    const blob = toToolResult('s', 't', {
      content: [{ type: 'resource', resource: { uri: 'file:///a.bin', blob: 'AAAA', mimeType: 'application/x\u001b[31m' } }],
    });
    expect(blob.content).toBe('[resource file:///a.bin (application/x [31m): 3 B of binary data]');
  });
});
