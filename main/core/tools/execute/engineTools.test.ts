/**
 * The execute tools on a container engine reached through its API (Podman's service, started and
 * stopped here): run_container on a copy of the project (a stand-in remote engine on loopback TCP)
 * answers with the diff of its changes, not applied; an agent in a container runs its run_command
 * calls in the container environment, in the folder asked for, with no network, under the same key.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podmanServiceProblem, startPodmanService, type PodmanService } from '../../env/podmanService.testkit.js';
import { useTempDir } from '../../fs/tempDir.testkit.js';
import type { Tool } from '../types.js';
import type { ExecuteDeps } from './deps.js';
import { testCtx, testDeps } from './execute.testkit.js';
import { createExecuteTools } from './index.js';

const temp = useTempDir();
const why = await podmanServiceProblem();

function setup(over: Partial<ExecuteDeps>) {
  const base = temp.sync('cc-engine-tools-');
  const root = path.join(base, 'project');
  const dataDir = path.join(base, 'data');
  mkdirSync(path.join(root, 'src'), { recursive: true });
  mkdirSync(dataDir);
  writeFileSync(path.join(root, 'src', 'a.txt'), 'hi\n');
  const tools = createExecuteTools({ ...testDeps(root, dataDir), ...over }).tools;
  const tool = (name: string) => tools.find((t) => t.name === name) as Tool<Record<string, unknown>>;
  return { root, dataDir, tool, ctx: (conversationId = 'c1') => testCtx(root, dataDir, { conversationId }) };
}

describe.skipIf(why !== undefined)(`execute tools on an engine's API${why ? ` (skipped: ${why})` : ''}`, () => {
  let tcp: PodmanService;
  beforeAll(async () => {
    tcp = await startPodmanService(temp.sync('cc-podman-tools-'), 'tcp', { isolated: true });
  }, 60_000);
  afterAll(async () => {
    await tcp?.stop();
  });

  it('run_container on a remote engine (a copy) reports its changes as a diff to apply with the edit tools; the project is untouched', async () => {
    const s = setup({ containerEngine: () => ({ host: tcp.url, copyProject: true }) });
    const r = await s.tool('run_container').execute({ command: 'echo changed > src/a.txt; echo new > src/b.txt' }, s.ctx());
    expect(r.isError).toBe(false);
    // The first line (the tool card's) says where it ran.
    expect(r.content.split('\n')[0]).toBe(`run_container: exit code 0 · podman at ${tcp.url}, on a copy of the project`);
    expect(r.content).toContain('[copy] The command ran on a copy of the project on a remote engine. Its changes were NOT applied to the project.');
    expect(r.content).toContain('[copy] Changed: 1 modified, 1 added, 0 deleted.');
    expect(r.content).toContain('-hi\n+changed');
    expect(r.data).toMatchObject({ endpoint: tcp.url, remote: true, engine: 'podman', changes: { added: ['src/b.txt'], modified: ['src/a.txt'] } });
    expect(readFileSync(path.join(s.root, 'src', 'a.txt'), 'utf8')).toBe('hi\n');
  }, 180_000);

  it("an agent in a container: that conversation's run_command runs in the container, in its cwd, without network; another conversation's on the host", async () => {
    const s = setup({ containerEngine: () => ({ host: tcp.url }), commandsInContainer: (id) => id === 'boxed' });
    const cmd = s.tool('run_command');
    const args = { command: 'pwd; ls /sys/class/net; test -d /usr || echo busybox-image; echo made > made.txt', cwd: 'src' };
    const boxed = await cmd.execute(args, s.ctx('boxed'));
    expect(boxed.isError).toBe(false);
    const lines = boxed.content.split('\n');
    expect(lines[0]).toBe(`run_command: exit code 0 · podman at ${tcp.url}`);
    expect(lines).toContain('/work/src');
    expect(lines).toContain('busybox-image');
    expect(lines).toContain('lo');
    expect(lines.filter((l) => /^(eth|en|tap)/.test(l))).toEqual([]);
    expect(boxed.data).toMatchObject({ container: { engine: 'podman', endpoint: tcp.url, remote: false } });
    // Local engine: the project is bind-mounted, so the write landed in the real folder.
    expect(readFileSync(path.join(s.root, 'src', 'made.txt'), 'utf8')).toBe('made\n');
    const host = await cmd.execute({ command: 'pwd', cwd: 'src' }, s.ctx('other'));
    expect(host.content.split('\n')).toContain(path.join(s.root, 'src'));
    expect(host.data).not.toHaveProperty('container');
    // The key is the command's, wherever it runs.
    expect(await cmd.permission(args, { projectRoot: s.root })).toMatchObject({ kind: 'ask', key: { tool: 'run_command' } });
  }, 180_000);
});
