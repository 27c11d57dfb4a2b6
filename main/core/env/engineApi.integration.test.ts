/**
 * Containers through the Engine API against Podman's own service (`podman system service`), on a
 * unix socket (a local engine: the project bind-mounted) and on a loopback TCP port with its own
 * image store (standing in for another machine: the image imported through the API, the project
 * sent as a copy, its changes back as a diff). Each service is started and stopped here.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { checkEnvironments } from './doctor.js';
import { engineClient, statusOf } from './engineApi.js';
import { parseEngineHost } from './engineHost.js';
import { expectNothingPlanted, PLANTING_ATTEMPTS, plantingTarget } from './planting.testkit.js';
import { startPodmanService, podmanServiceProblem, type PodmanService } from './podmanService.testkit.js';
import { runIn, RunRefused, type RunHandle } from './run.js';

const temp = useTempDir();
const why = await podmanServiceProblem();
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

function project(): string {
  const root = temp.sync('cc-engine-');
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src', 'a.txt'), 'hi\n');
  return root;
}

async function until<T>(f: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(why !== undefined)(`the Engine API on a unix socket (local engine)${why ? ` (skipped: ${why})` : ''}`, () => {
  let service: PodmanService;
  const serviceDir = temp.sync('cc-podman-sock-');
  beforeAll(async () => {
    service = await startPodmanService(serviceDir, 'unix');
  }, 60_000);
  afterAll(async () => {
    await service?.stop();
  });
  const run = (command: string, root: string, extra: Partial<Parameters<typeof runIn>[2]> = {}) =>
    runIn('docker', command, {
      projectRoot: root,
      env,
      logPath: path.join(temp.sync('cc-engine-log-'), 'run.log'),
      timeoutMs: 60_000,
      container: { engineHost: service.url },
      ...extra,
    });

  it('runs through the API: output of both streams, the exit code, the project mounted writable, protected entries read-only', async () => {
    const root = project();
    mkdirSync(path.join(root, '.git'));
    writeFileSync(path.join(root, '.git', 'config'), '[core]\n');
    const h = await run(
      // The refused writes' own messages are silenced: the shell writes them in pieces, which the two
      // streams may interleave with the next line.
      'cat src/a.txt; echo err >&2; echo made > src/b.txt; { echo x >> .git/config; } 2>/dev/null || echo git-ro; { echo x > codecoder.json; } 2>/dev/null || echo cfg-ro; exit 7',
      root,
    );
    expect(h.container).toMatchObject({ engine: 'podman', endpoint: service.url, remote: false });
    expect(h.pid).toBe(0);
    const r = await h.done;
    expect(r.exitCode).toBe(7);
    expect(r.reason).toBe('exit');
    expect(r.text.split('\n')).toEqual(expect.arrayContaining(['hi', 'err', 'git-ro', 'cfg-ro']));
    expect(readFileSync(path.join(root, 'src', 'b.txt'), 'utf8')).toBe('made\n');
    expect(readFileSync(path.join(root, '.git', 'config'), 'utf8')).toBe('[core]\n');
    // The placeholder made for the absent codecoder.json is gone with the container.
    expect(existsSync(path.join(root, 'codecoder.json'))).toBe(false);
    expect(r.changes).toBeUndefined();
  }, 90_000);

  it("the created container's HostConfig, read back through the API, carries the whole confinement", async () => {
    const root = project();
    const secret = path.join(root, 'key.txt');
    writeFileSync(secret, 'sk-test\n');
    const h = await run('grep CapEff /proc/self/status; cat key.txt; sleep 60', root, {
      container: { engineHost: service.url, hidden: [secret], limits: { memory: '256m', cpus: '0.5', pids: 64 } },
    });
    const docker = engineClient(parseEngineHost(service.url, 'setting', { env: {} }));
    const info = await until(async () => {
      const i = await docker.getContainer(h.container!.name).inspect();
      return i.State.Running ? i : undefined;
    });
    const hc = info.HostConfig;
    expect(hc.NetworkMode).toBe('none');
    expect(hc.ReadonlyRootfs).toBe(true);
    expect(hc.Privileged).toBe(false);
    expect(hc.SecurityOpt).toContain('no-new-privileges');
    expect(hc.Memory).toBe(256 * 1024 * 1024);
    expect(hc.NanoCpus).toBe(5e8);
    expect(hc.PidsLimit).toBe(64);
    expect(hc.CapAdd ?? []).toEqual([]);
    // Podman lists "ALL" as each default capability dropped.
    expect(hc.CapDrop).toEqual(expect.arrayContaining(['CHOWN', 'DAC_OVERRIDE', 'NET_RAW', 'SETUID', 'SYS_CHROOT']));
    expect(Object.keys(hc.Tmpfs ?? {})).toContain('/tmp');
    const binds = (hc.Binds ?? []).map((b) => b.split(',')[0]);
    expect(binds).toEqual(
      expect.arrayContaining([
        `${root}:/work:rw`,
        `${path.join(root, '.git')}:/work/.git:ro`,
        `${path.join(root, 'codecoder.json')}:/work/codecoder.json:ro`,
        '/dev/null:/work/key.txt:ro',
      ]),
    );
    expect(info.Config.WorkingDir).toBe('/work');
    h.kill('cancelled');
    const r = await h.done;
    expect(r.reason).toBe('cancelled');
    expect(r.text).toMatch(/CapEff:\s+0+\n/);
    expect(r.text).not.toContain('sk-test');
    // Killed and removed: the engine no longer knows the container.
    const gone = await docker
      .getContainer(h.container!.name)
      .inspect()
      .then(
        () => 200,
        (err: unknown) => statusOf(err),
      );
    expect(gone).toBe(404);
  }, 90_000);

  it('what a container tries to plant for the host to run later stays out, as on the CLI path', async () => {
    const root = temp.sync('cc-engine-plant-');
    plantingTarget(root);
    const r = await (await run(PLANTING_ATTEMPTS, root)).done;
    expectNothingPlanted(root, r.text);
  }, 90_000);

  it('doctor names the engine, its version and where it is, and really runs a container there', async () => {
    const reports = await checkEnvironments({ engineHost: service.url });
    const docker = reports.find((r) => r.environment === 'docker')!;
    expect(docker.detail).toMatch(new RegExp(`^podman \\S+ through the Engine API at ${service.url} \\(setting\\), image `));
    expect(docker.ok).toBe(true);
  }, 120_000);

  it('a timeout and an abort end the run and remove the container; output caps and the log apply', async () => {
    const root = project();
    const log = path.join(temp.sync('cc-engine-log-'), 'cap.log');
    const capped = await run('i=0; while [ $i -lt 300 ]; do echo "line $i"; i=$((i+1)); done', root, { headChars: 40, tailChars: 40, logPath: log });
    const c = await capped.done;
    expect(c.omittedChars).toBeGreaterThan(0);
    expect(c.text).toContain('line 0');
    expect(c.text).toContain('line 299');
    expect(readFileSync(log, 'utf8')).toContain('line 150');
    const timed = await run('sleep 60', root, { timeoutMs: 1_000 });
    expect((await timed.done).reason).toBe('timeout');
    const ac = new AbortController();
    const aborted: RunHandle = await run('sleep 60', root, { signal: ac.signal });
    ac.abort();
    expect((await aborted.done).reason).toBe('cancelled');
    const docker = engineClient(parseEngineHost(service.url, 'setting', { env: {} }));
    const left = await docker.listContainers({ all: true, filters: { name: [timed.container!.name, aborted.container!.name] } });
    expect(left).toEqual([]);
  }, 90_000);
});

describe.skipIf(why !== undefined)(`the Engine API on a loopback TCP port, another image store (a stand-in remote engine)${why ? ` (skipped: ${why})` : ''}`, () => {
  let service: PodmanService;
  const serviceDir = temp.sync('cc-podman-tcp-');
  beforeAll(async () => {
    service = await startPodmanService(serviceDir, 'tcp', { isolated: true });
  }, 60_000);
  afterAll(async () => {
    await service?.stop();
  });

  it('imports the default image through the API, runs on a copy of the project, and gives its changes back as a diff, not applied', async () => {
    const root = project();
    writeFileSync(path.join(root, 'src', 'gone.txt'), 'bye\n');
    mkdirSync(path.join(root, '.git'));
    writeFileSync(path.join(root, '.git', 'config'), '[core]\n');
    writeFileSync(path.join(root, 'codecoder.json'), '{}\n');
    const key = path.join(root, 'key.txt');
    writeFileSync(key, 'sk-test\n');
    const h = await runIn(
      'docker',
      'ls -a; cat key.txt 2>&1; echo changed > src/a.txt; echo new > src/c.txt; rm src/gone.txt; mkdir -p .git; echo evil > .git/config; echo evil > codecoder.json; exit 3',
      {
        projectRoot: root,
        env,
        logPath: path.join(temp.sync('cc-engine-log-'), 'remote.log'),
        timeoutMs: 120_000,
        container: { engineHost: service.url, copyProject: true, hidden: [key] },
      },
    );
    expect(h.container).toMatchObject({ engine: 'podman', endpoint: service.url, remote: true });
    const r = await h.done;
    expect(r.exitCode).toBe(3);
    const listing = r.text.split('\n');
    expect(listing).toContain('src');
    // The copy has no protected entries and no key file.
    expect(listing).not.toContain('.git');
    expect(listing).not.toContain('codecoder.json');
    expect(r.text).not.toContain('sk-test');
    // Nothing came back into the project by itself.
    expect(readFileSync(path.join(root, 'src', 'a.txt'), 'utf8')).toBe('hi\n');
    expect(existsSync(path.join(root, 'src', 'c.txt'))).toBe(false);
    expect(readFileSync(path.join(root, 'src', 'gone.txt'), 'utf8')).toBe('bye\n');
    expect(readFileSync(path.join(root, '.git', 'config'), 'utf8')).toBe('[core]\n');
    expect(r.changes).toMatchObject({ added: ['src/c.txt'], modified: ['src/a.txt'], deleted: ['src/gone.txt'] });
    const changes = r.changes as { dropped: string[]; diff: string };
    expect(changes.dropped).toEqual(expect.arrayContaining(['.git/config', 'codecoder.json']));
    expect(changes.diff).toContain('--- a/src/a.txt\n+++ b/src/a.txt');
    expect(changes.diff).toContain('-hi\n+changed');
    expect(changes.diff).toContain('+++ b/src/c.txt');
    expect(changes.diff).not.toContain('evil');
    // Neither the container nor the copy's volume stays on the engine.
    const docker = engineClient(parseEngineHost(service.url, 'setting', { env: {} }));
    expect(await docker.listContainers({ all: true })).toEqual([]);
    expect((await docker.listVolumes()).Volumes ?? []).toEqual([]);
  }, 180_000);

  it('a bind mount on the same TCP engine (no copy asked) works too: loopback is this machine', async () => {
    const root = project();
    const h = await runIn('docker', 'echo via-tcp > src/t.txt', {
      projectRoot: root,
      env,
      logPath: path.join(temp.sync('cc-engine-log-'), 'tcp.log'),
      timeoutMs: 120_000,
      container: { engineHost: service.url },
    });
    expect(h.container?.remote).toBe(false);
    expect((await h.done).exitCode).toBe(0);
    expect(readFileSync(path.join(root, 'src', 't.txt'), 'utf8')).toBe('via-tcp\n');
  }, 180_000);
});

describe('an engine address that cannot be used refuses the run, nothing started', () => {
  it.each([
    ['tcp://203.0.113.5:2375', /plain TCP to another machine is refused/],
    ['npipe:////./pipe/docker_engine', /npipe:\/\/ is not supported/],
    ['docker.example:2375', /not an engine address/],
  ])('%s', async (engineHost, message) => {
    const root = project();
    const started = runIn('docker', 'true', { projectRoot: root, env, logPath: path.join(temp.sync('cc-engine-log-'), 'x.log'), container: { engineHost } });
    await expect(started).rejects.toBeInstanceOf(RunRefused);
    await expect(started).rejects.toThrow(message);
  });
});
