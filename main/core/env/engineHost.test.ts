import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { containerCreateOptions, memoryBytes } from './engineApi.js';
import { configuredEngine, EngineHostRefused, parseEngineHost } from './engineHost.js';

const temp = useTempDir();
const verifier = () => () => true;

describe('which engine: setting, then CONTAINER_HOST, then DOCKER_HOST', () => {
  it('takes the setting first, then Podman’s variable, then Docker’s; none configured is undefined', () => {
    const env = { CONTAINER_HOST: 'unix:///run/podman/podman.sock', DOCKER_HOST: 'unix:///var/run/docker.sock' };
    expect(configuredEngine({ setting: 'unix:///s.sock', env })).toMatchObject({ source: 'setting', label: 'unix:///s.sock' });
    expect(configuredEngine({ env })).toMatchObject({ source: 'CONTAINER_HOST', connection: { socketPath: '/run/podman/podman.sock' } });
    expect(configuredEngine({ env: { DOCKER_HOST: env.DOCKER_HOST } })).toMatchObject({ source: 'DOCKER_HOST', remote: false });
    expect(configuredEngine({ setting: '  ', env: {} })).toBeUndefined();
  });

  it('a copy of the project can be asked for (a tunnel to a remote engine on loopback)', () => {
    expect(configuredEngine({ setting: 'tcp://127.0.0.1:2375', env: {} })?.remote).toBe(false);
    expect(configuredEngine({ setting: 'tcp://127.0.0.1:2375', copyProject: true, env: {} })?.remote).toBe(true);
    expect(configuredEngine({ env: { DOCKER_HOST: 'unix:///d.sock', CODECODER_CONTAINER_COPY: '1' } })?.remote).toBe(true);
  });
});

describe('engine addresses: an allowlist of forms', () => {
  const parse = (v: string, env: NodeJS.ProcessEnv = {}) => parseEngineHost(v, 'DOCKER_HOST', { env, sshHostVerifier: verifier });

  it('plain tcp only to loopback; another host needs TLS', () => {
    expect(parse('tcp://127.0.0.1:2375').connection).toEqual({ protocol: 'http', host: '127.0.0.1', port: 2375 });
    expect(parse('tcp://[::1]:2375').connection).toMatchObject({ host: '::1', protocol: 'http' });
    expect(parse('tcp://localhost:2375').remote).toBe(false);
    for (const v of ['tcp://10.0.0.5:2375', 'tcp://docker.example:2375', 'tcp://0.0.0.0:2375', 'tcp://127.0.0.1.nip.io:2375'])
      expect(() => parse(v), v).toThrow(/plain TCP to another machine is refused/);
  });

  it('TLS from DOCKER_CERT_PATH / DOCKER_TLS_VERIFY: the three files, the server always verified', () => {
    const certs = temp.sync('cc-certs-');
    for (const f of ['ca.pem', 'cert.pem', 'key.pem']) writeFileSync(path.join(certs, f), `${f}\n`);
    const e = parse('tcp://docker.example:2376', { DOCKER_TLS_VERIFY: '1', DOCKER_CERT_PATH: certs });
    expect(e).toMatchObject({ remote: true, label: 'tcp://docker.example:2376 (TLS)', connection: { protocol: 'https', host: 'docker.example', port: 2376 } });
    expect(e.connection.ca?.toString()).toBe('ca.pem\n');
    expect(e.connection.key?.toString()).toBe('key.pem\n');
    // DOCKER_TLS_VERIFY alone reads ~/.docker, as the docker CLI does.
    const home = temp.sync('cc-home-');
    mkdirSync(path.join(home, '.docker'));
    expect(() => parse('tcp://docker.example:2376', { DOCKER_TLS_VERIFY: '1', HOME: home })).toThrow(/TLS needs ca.pem in .*\.docker/);
  });

  it('ssh://user@host[:port] with the agent and a host key check; no check, no connection', () => {
    const e = parse('ssh://dev@build.example:2222', { SSH_AUTH_SOCK: '/tmp/agent' });
    expect(e).toMatchObject({ remote: true, label: 'ssh://dev@build.example:2222', connection: { protocol: 'ssh', host: 'build.example', port: 2222, username: 'dev' } });
    expect(e.connection.sshOptions?.agent).toBe('/tmp/agent');
    expect(typeof e.connection.sshOptions?.hostVerifier).toBe('function');
    expect(() => parseEngineHost('ssh://dev@build.example', 'setting', { env: {} })).toThrow(/no way to check the host's SSH key/);
    expect(() => parse('ssh://dev:pw@build.example')).toThrow(/password in the address is refused/);
    expect(() => parse('ssh://dev@build.example/run/podman/podman.sock')).toThrow(/socket path after the host/);
  });

  it('anything else is refused with the forms that work', () => {
    for (const [v, m] of [
      ['npipe:////./pipe/docker_engine', /npipe:\/\/ is not supported/],
      ['http://127.0.0.1:2375', /http:\/\/ is not supported/],
      ['unix://relative.sock', /absolute path/],
      ['tcp://127.0.0.1', /needs a port/],
      ['tcp://u@127.0.0.1:2375', /user name/],
      ['tcp://127.0.0.1:2375/x', /path after/],
      ['127.0.0.1:2375', /not an engine address/],
    ] as const) {
      expect(() => parse(v), v).toThrow(EngineHostRefused);
      expect(() => parse(v), v).toThrow(m);
    }
  });
});

describe('the create request: the same confinement as the CLI flags', () => {
  it('maps every hardening flag, the bind mounts in order, the user and the environment', () => {
    const o = containerCreateOptions({
      image: 'img:1',
      command: 'make test',
      name: 'codecoder-x',
      user: '1000:1000',
      env: { A: '1' },
      bind: { projectRoot: '/p', readOnly: ['.git', 'codecoder.json'], masked: ['key.txt'] },
    });
    expect(o).toMatchObject({ name: 'codecoder-x', Image: 'img:1', Cmd: ['/bin/sh', '-c', 'make test'], WorkingDir: '/work', User: '1000:1000', Env: ['A=1'], Tty: false, OpenStdin: false, NetworkDisabled: true });
    expect(o.HostConfig).toEqual({
      NetworkMode: 'none',
      Memory: 512 * 1024 * 1024,
      NanoCpus: 1e9,
      PidsLimit: 256,
      Ulimits: [
        { Name: 'nofile', Soft: 4096, Hard: 4096 },
        { Name: 'nproc', Soft: 4096, Hard: 4096 },
      ],
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      ReadonlyRootfs: true,
      Tmpfs: { '/tmp': '' },
      Privileged: false,
      Binds: ['/p:/work:rw', '/p/.git:/work/.git:ro', '/p/codecoder.json:/work/codecoder.json:ro', '/dev/null:/work/key.txt:ro'],
    });
  });

  it('a remote engine gets a volume at /work and no bind mount; a container without the project is an error', () => {
    const o = containerCreateOptions({ image: 'i', command: 'ls', name: 'n', volume: 'n-work' });
    expect(o.HostConfig?.Binds).toBeUndefined();
    expect(o.HostConfig?.Mounts).toEqual([{ Type: 'volume', Source: 'n-work', Target: '/work' }]);
    expect(() => containerCreateOptions({ image: 'i', command: 'ls', name: 'n' })).toThrow(/needs the project/);
  });

  it('reads memory and CPU limits as the CLI does, and refuses what it cannot read', () => {
    expect(memoryBytes('512m')).toBe(536870912);
    expect(memoryBytes('1g')).toBe(1073741824);
    expect(memoryBytes('1.5G')).toBe(1610612736);
    expect(memoryBytes('4096')).toBe(4096);
    expect(() => memoryBytes('lots')).toThrow(/not understood/);
    expect(() => containerCreateOptions({ image: 'i', command: 'ls', name: 'n', volume: 'v', limits: { cpus: 'x' } })).toThrow(/cpu limit/);
  });
});
