/**
 * The protected-entry walk: every tool × every permission mode × every environment, against the one
 * protected-entry list (fs/protectedEntries.ts). Nothing on the list may be written, deleted or moved
 * without the user being asked for that call — not by a mode, not by a session grant of the very key,
 * not inside the sandbox, a container or a WASI module with write access.
 *
 * Issue 22 item 1: accept-edits mode wrote `.mcp.json` without asking. The first describe fails for
 * write_file/edit_file/delete_path/move_path onto `.mcp.json` wherever the list lacks it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { quote } from 'shell-quote';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectEngineCached, runIn, runWasi, sandboxProblem, type RunEnvironment } from '../env/index.js';
import { wasiWriteModule, WASI_OFLAG_TRUNC } from '../env/wasm/wasiModules.testkit.js';
import { PROTECTED_ENTRIES, READ_ONLY_MOUNT_ENTRIES } from '../fs/index.js';
import { ConversationModes, parseKey, PERMISSION_MODES, type AskAnswer, type Permission, type PermissionMode } from '../permissions/index.js';
import { makeEngine, type Harness } from '../permissions/permissions.testkit.js';
import { toolFacts } from './facts.js';
import { createToolRegistry } from './registry.js';
import { tempProject } from './tools.testkit.js';
import type { Tool } from './types.js';

const p = tempProject();
afterAll(() => p.cleanup());
const registry = createToolRegistry({ projectRoot: p.root, dataDir: p.outside, secretsToScrub: () => [] });

/**
 * A way of reaching a protected entry: `plain` names it (`.mcp.json`, `./.mcp.json`, `.MCP.JSON`,
 * `sub/.mcp.json`, a trailing slash, a folder of that name, `sub/../`, Windows' dropped dot);
 * `link` is a symlink to it, which a write follows and a delete or move acts on itself (so only
 * writes go through it); `holder` is a folder holding one deep inside, which a delete or move takes along.
 */
interface Spelling {
  path: string;
  kind: 'plain' | 'link' | 'holder';
}

function spellings(name: string): Spelling[] {
  const plain = [name, `./${name}`, name.toUpperCase(), `sub/${name}`, `${name}/`, `${name}/inside`, `sub/../${name}`, `${name}.`];
  return [
    ...plain.map((p): Spelling => ({ path: p, kind: 'plain' })),
    { path: `link-to-${name}`, kind: 'link' },
    { path: `holder-of-${name}`, kind: 'holder' },
  ];
}

/** A shell word for `s`, as the model would write it. */
const sh = (s: string) => quote([s]);

/**
 * What each tool is given to reach a protected entry, or why it cannot reach one by its arguments.
 * A tool missing here fails the walk: a new tool must say how it touches files.
 */
const REACH: Record<string, ((s: Spelling) => unknown[]) | { reachesNone: string }> = {
  write_file: (s) => (s.kind === 'holder' ? [] : [{ path: s.path, content: '{"mcpServers":{}}' }]),
  edit_file: (s) => (s.kind === 'holder' ? [] : [{ path: s.path, old_text: '{}', new_text: '{"x":1}' }]),
  delete_path: (s) => (s.kind === 'link' ? [] : [{ path: s.path }]),
  move_path: (s) => [
    ...(s.kind === 'plain'
      ? [
          { from: 'plain.txt', to: s.path },
          { from: 'plain.txt', to: s.path, overwrite: true },
        ]
      : []),
    ...(s.kind === 'link' ? [] : [{ from: s.path, to: 'moved-away' }]),
  ],
  run_command: (s) => shellAttempts(s).map((command) => ({ command })),
  run_sandboxed: (s) => shellAttempts(s).map((command) => ({ command })),
  run_container: (s) => shellAttempts(s).map((command) => ({ command })),
  commit: (s) => (s.kind === 'plain' ? [{ message: 'm', paths: [s.path] }] : []),
  create_capability: { reachesNone: 'writes only .codecoder/capabilities/<name>, itself protected: always asks (asserted below)' },
  run_capability: { reachesNone: "runs a stored capability: its writes are the WASI runtime's, walked below" },
  read_file: { reachesNone: 'reads only' },
  list_dir: { reachesNone: 'reads only' },
  glob: { reachesNone: 'reads only' },
  grep: { reachesNone: 'reads only' },
  diff: { reachesNone: 'reads only' },
  process_output: { reachesNone: 'reads a running command’s output' },
  process_kill: { reachesNone: 'signals a running command' },
  git_status: { reachesNone: 'reads only' },
  git_log: { reachesNone: 'reads only' },
  web_search: { reachesNone: 'no project files' },
  web_fetch: { reachesNone: 'no project files' },
  github_search: { reachesNone: 'no project files' },
  agent: { reachesNone: 'a read-only sub-agent' },
  reason: { reachesNone: 'no files' },
  memory: { reachesNone: 'reads .codecoder/memory only' },
  list_capabilities: { reachesNone: 'reads only' },
};

/** What a command tries; `mkdir` is not among them: an empty folder holds nothing the host runs. */
function shellAttempts(s: Spelling): string[] {
  const t = sh(s.path);
  const writes = [`echo y > ${t}`, `mv plain.txt ${t}`, `cp plain.txt ${t}`, `tee ${t}`];
  const takes = [`rm -rf ${t}`, `mv ${t} moved-away`];
  return s.kind === 'plain' ? [...writes, ...takes] : s.kind === 'link' ? writes.filter((c) => !c.startsWith('mv')) : takes;
}

beforeAll(() => {
  writeFileSync(path.join(p.root, 'plain.txt'), 'plain\n');
  mkdirSync(path.join(p.root, 'sub'), { recursive: true });
  for (const e of PROTECTED_ENTRIES) {
    // Present at the root (so edit_file and delete find it), a symlink to it, a folder holding one.
    const abs = path.join(p.root, e.name);
    if (e.mount === 'dir') mkdirSync(abs, { recursive: true });
    else writeFileSync(abs, '{}');
    symlinkSync(e.name, path.join(p.root, `link-to-${e.name}`));
    mkdirSync(path.join(p.root, `holder-of-${e.name}`, 'deep'), { recursive: true });
    writeFileSync(path.join(p.root, `holder-of-${e.name}`, 'deep', e.name), '{}');
  }
});

describe('every tool × every mode against the one protected-entry list', () => {
  it('names how every tool of the registry reaches files', () => {
    expect(registry.list().map((t) => t.name).filter((n) => !(n in REACH))).toEqual([]);
  });

  for (const e of PROTECTED_ENTRIES) {
    it(`no tool writes, deletes or moves ${e.name} without asking, in any mode, even with its key granted for the session`, async () => {
      const modes = new ConversationModes();
      const h: Harness = await makeEngine(p.root, { modeOf: (c) => modes.get(c), asker: askedAndRefused, tools: toolFacts(registry) });
      const leaks: string[] = [];
      try {
        for (const tool of registry.list()) {
          const reach = REACH[tool.name]!;
          if (!(reach instanceof Function)) continue;
          for (const target of spellings(e.name)) {
            for (const raw of reach(target)) {
              const parsed = tool.parameters.safeParse(raw);
              if (!parsed.success) throw new Error(`${tool.name} ${JSON.stringify(raw)}: ${parsed.error.message}`);
              const permission = await (tool as Tool).permission(parsed.data, { projectRoot: p.root });
              if (permission.kind === 'invalid') continue; // refused outright
              expect(permission.kind, `${tool.name} ${JSON.stringify(raw)}`).toBe('ask');
              if (permission.kind !== 'ask') continue;
              // The user granted this very key for the session earlier, and a glob of the whole tool.
              h.engine.session.add(permission.key);
              h.engine.session.add(parseKey(`${tool.name}:**`));
              for (const mode of PERMISSION_MODES) {
                const verdict = await decided(h, modes, mode, tool, permission, parsed.data);
                if (verdict) leaks.push(`${mode} ${tool.name} ${JSON.stringify(raw)}: ${verdict}`);
              }
            }
          }
        }
      } finally {
        h.engine.close();
      }
      expect(leaks).toEqual([]);
    });
  }

  it('create_capability (it writes inside .codecoder) always asks', async () => {
    const tool = registry.get('create_capability')!;
    const parsed = tool.parameters.parse({ name: 'cap', description: 'd', code: 'export default () => 1', parameters: { type: 'object' }, environment: 'wasm' });
    const permission = await tool.permission(parsed, { projectRoot: p.root });
    expect(permission.kind === 'ask' && permission.flags?.protectedPath).toBe(true);
  });
});

let asked = 0;
/** The user, asked: counted, and refused. */
const askedAndRefused = async (): Promise<AskAnswer> => {
  asked++;
  return { choice: 'deny' };
};

/** undefined when the call was asked (or refused); else how it got through without asking. */
async function decided(
  h: Harness,
  modes: ConversationModes,
  mode: PermissionMode,
  tool: Tool,
  permission: Permission,
  args: unknown,
): Promise<string | undefined> {
  const conversationId = `c-${mode}`;
  modes.set(conversationId, mode);
  const before = asked;
  const d = await h.engine.check({ tool: tool.name, environment: tool.environment, permission, args, agentId: 'a', conversationId, depth: 0 });
  return d.allowed && asked === before ? `allowed via ${d.via}` : undefined;
}

// ------------------------------------------------------------------ environments

/** What a command in an environment tries against each entry the list mounts read-only. */
function plantEvery(): string {
  return READ_ONLY_MOUNT_ENTRIES.flatMap((e) => [
    `echo planted > ${sh(e.name)}`,
    `mkdir -p ${sh(e.name)}/x && echo planted > ${sh(e.name)}/x/f`,
    `mv ${sh(e.name)} ${sh(e.name)}.aside`,
    `rm -rf ${sh(e.name)}`,
  ])
    .map((c) => `(${c}) 2>/dev/null`)
    .concat(['echo ok > ordinary.txt'])
    .join('; ');
}

/** What is at `abs`: absent, a folder (with its names), or a file's text. */
function contentOf(abs: string): string {
  if (!existsSync(abs)) return 'absent';
  return statSync(abs).isDirectory() ? `dir [${readdirSync(abs).sort().join(', ')}]` : readFileSync(abs, 'utf8');
}

function stateOf(root: string): string[] {
  return READ_ONLY_MOUNT_ENTRIES.map((e) => `${e.name}: ${contentOf(path.join(root, e.name))}`);
}

const sandboxWhy = await sandboxProblem();
const container = await detectEngineCached();
const ENVIRONMENTS: { env: RunEnvironment; skip?: string }[] = [
  { env: 'sandbox', ...(sandboxWhy ? { skip: sandboxWhy } : {}) },
  { env: 'docker', ...(container.ok ? {} : { skip: container.reason }) },
];

for (const { env, skip } of ENVIRONMENTS) {
  // The same attempts run wherever the environment can start (bubblewrap, podman); the shell has no
  // mounts, so its protection is the permission walk above (run_command's targets are flagged).
  describe.skipIf(skip !== undefined)(`the ${env} environment keeps every listed entry read-only${skip ? ` (skipped: ${skip})` : ''}`, () => {
    it('whether the entry exists (a file or folder) or not', async () => {
      for (const present of [true, false]) {
        const root = p.write(`env-${env}-${present}/plain.txt`, 'plain\n').replace(/\/plain\.txt$/, '');
        if (present)
          for (const e of READ_ONLY_MOUNT_ENTRIES) {
            if (e.mount === 'dir') mkdirSync(path.join(root, e.name));
            else writeFileSync(path.join(root, e.name), '{}');
          }
        const before = stateOf(root);
        const h = await runIn(env, plantEvery(), { projectRoot: root, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, logPath: path.join(p.outside, `${env}.log`), timeoutMs: 60_000 });
        const r = await h.done;
        expect(readFileSync(path.join(root, 'ordinary.txt'), 'utf8'), r.text).toBe('ok\n');
        expect(stateOf(root)).toEqual(before);
      }
    });
  });
}

describe('a WASI module with write access to the project', () => {
  const targets = PROTECTED_ENTRIES.flatMap((e) => [e.name, e.name.toUpperCase(), `sub/${e.name}`, `${e.name}/inside`, `link-to-${e.name}`]);
  it.each(targets)('cannot create or overwrite %s', async (target) => {
    const root = p.root;
    const abs = path.join(root, target);
    const before = contentOf(abs);
    for (const oflags of [1 /* CREAT */, WASI_OFLAG_TRUNC, 0]) {
      const outcome = await runWasi({
        module: wasiWriteModule({ path: target, content: 'planted', oflags }),
        projectRoot: root,
        writable: true,
        logPath: path.join(p.outside, 'wasi.log'),
      });
      expect(outcome.ok && outcome.exitCode, `${target} oflags ${oflags}`).not.toBe(0);
      expect(contentOf(abs)).toBe(before);
    }
  });

  it('still writes an ordinary file', async () => {
    const outcome = await runWasi({
      module: wasiWriteModule({ path: 'wasi-ordinary.txt', content: 'ok', oflags: 1 }),
      projectRoot: p.root,
      writable: true,
      logPath: path.join(p.outside, 'wasi.log'),
    });
    expect(outcome).toEqual({ ok: true, exitCode: 0 });
    expect(readFileSync(path.join(p.root, 'wasi-ordinary.txt'), 'utf8')).toBe('ok');
  });
});
