import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRemoveArgv, buildRunArgv, DEFAULT_IMAGE, detectEngineCached, type Engine } from './container.js';
import { runPty } from './pty.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const docker: Engine = { name: 'docker', bin: 'docker', globalArgs: [] };
const podman: Engine = { name: 'podman', bin: 'podman', globalArgs: ['--runtime', '/usr/sbin/runc'] };

describe('container command construction', () => {
  it('builds docker run with the project mounted, no network and resource limits', () => {
    const argv = buildRunArgv({
      engine: docker,
      image: 'img:1',
      projectRoot: '/home/u/proj',
      command: 'make test',
      name: 'codecoder-abc',
      user: '1000:1000',
    });
    expect(argv.slice(0, 6)).toEqual(['docker', 'run', '--rm', '--name', 'codecoder-abc', '--network']);
    const pairs = (flag: string) => argv.flatMap((a, i) => (a === flag ? [argv[i + 1]] : []));
    expect(pairs('--network')).toEqual(['none']);
    expect(pairs('--memory')).toEqual(['512m']);
    expect(pairs('--cpus')).toEqual(['1']);
    expect(pairs('--pids-limit')).toEqual(['256']);
    expect(pairs('--cap-drop')).toEqual(['ALL']);
    expect(pairs('-v')).toEqual(['/home/u/proj:/work:rw']);
    expect(pairs('-w')).toEqual(['/work']);
    expect(pairs('--user')).toEqual(['1000:1000']);
    expect(argv).toContain('--read-only');
    expect(argv.slice(-4)).toEqual(['img:1', '/bin/sh', '-c', 'make test']);
  });

  it('builds podman run with its global runtime flag before the subcommand, and custom limits', () => {
    const argv = buildRunArgv({
      engine: podman,
      image: DEFAULT_IMAGE,
      projectRoot: '/p',
      command: 'ls',
      name: 'n',
      limits: { memory: '1g', pids: 64 },
      env: { CAPABILITY_ARGS: '{"a":1}' },
    });
    expect(argv.slice(0, 4)).toEqual(['podman', '--runtime', '/usr/sbin/runc', 'run']);
    expect(argv[argv.indexOf('--memory') + 1]).toBe('1g');
    expect(argv[argv.indexOf('--pids-limit') + 1]).toBe('64');
    expect(argv[argv.indexOf('--cpus') + 1]).toBe('1');
    expect(argv[argv.indexOf('-e') + 1]).toBe('CAPABILITY_ARGS={"a":1}');
    expect(argv).not.toContain('--user');
    expect(buildRemoveArgv(podman, 'n')).toEqual(['podman', '--runtime', '/usr/sbin/runc', 'rm', '-f', '--time', '0', 'n']);
  });

  it('keeps stdin open (run -i) only when asked (a hook reads its JSON there), with the same hardening', () => {
    const spec = { engine: podman, image: DEFAULT_IMAGE, projectRoot: '/p', command: 'cat', name: 'n' };
    const plain = buildRunArgv(spec);
    const interactive = buildRunArgv({ ...spec, interactive: true });
    expect(plain).not.toContain('-i');
    expect(interactive.slice(3, 8)).toEqual(['run', '--rm', '--name', 'n', '-i']);
    expect(interactive.filter((a) => a !== '-i')).toEqual(plain);
  });
});

const found = await detectEngineCached();
const why = found.ok ? '' : found.reason;

// Docker has no engine on this machine; podman runs with runc and an image built from busybox.
// Where neither can run a container, these skip with the detection's own reason.
describe.skipIf(!found.ok)(`a real container${why ? ` (skipped: ${why})` : ''}`, () => {
  it('runs with the project mounted and writable, no network, and the exit code passed through', async () => {
    if (!found.ok) return;
    const root = tempDirs.sync('cc-ctr-');
    mkdirSync(path.join(root, 'src'));
    const argv = buildRunArgv({
      engine: found.engine,
      image: found.image,
      projectRoot: root,
      command:
        'echo hi > src/out.txt; ls /sys/class/net; cat /sys/fs/cgroup/pids/pids.max 2>/dev/null || cat /sys/fs/cgroup/pids.max; exit 6',
      name: `codecoder-test-${process.pid}`,
    });
    const r = await runPty({
      argv,
      cwd: root,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/' },
      timeoutMs: 60_000,
    });
    expect(r.exitCode).toBe(6);
    expect(readFileSync(path.join(root, 'src', 'out.txt'), 'utf8')).toBe('hi\n');
    expect(r.text.split(/\r?\n/).map((l) => l.trim())).toContain('lo');
    expect(r.text).not.toMatch(/eth0|tap0/);
    expect(r.text).toContain('256');
  }, 90_000);
});
