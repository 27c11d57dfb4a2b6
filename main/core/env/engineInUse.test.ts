import { createServer } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { engineInUse } from './engineApi.js';

const temp = useTempDir();

describe('engineInUse: what Settings shows as the engine in use now', () => {
  it('names the endpoint and what chose it: the setting over CONTAINER_HOST over DOCKER_HOST', async () => {
    const env = { CONTAINER_HOST: 'unix:///run/podman/podman.sock', DOCKER_HOST: 'unix:///var/run/docker.sock' };
    expect(await engineInUse({ setting: 'unix:///s.sock', env, sockets: [] })).toEqual({
      via: 'api',
      address: 'unix:///s.sock',
      source: 'setting',
      copyProject: false,
    });
    expect(await engineInUse({ env, sockets: [] })).toMatchObject({
      via: 'api',
      source: 'CONTAINER_HOST',
      address: 'unix:///run/podman/podman.sock',
    });
    expect(await engineInUse({ env: { DOCKER_HOST: env.DOCKER_HOST }, sockets: [] })).toMatchObject({ via: 'api', source: 'DOCKER_HOST' });
  });

  it('says the project travels as a copy when asked, and for an ssh engine', async () => {
    expect(await engineInUse({ setting: 'tcp://127.0.0.1:2375', copyProject: true, env: {}, sockets: [] })).toMatchObject({
      via: 'api',
      copyProject: true,
    });
    // The host key is checked when connecting (known_hosts); choosing the endpoint needs no network.
    expect(await engineInUse({ setting: 'ssh://dev@build.example', env: { HOME: await temp() }, sockets: [] })).toEqual({
      via: 'api',
      address: 'ssh://dev@build.example',
      source: 'setting',
      copyProject: true,
    });
  });

  it('a configured address that cannot be used is the reason, not a fallback', async () => {
    const r = await engineInUse({ env: { DOCKER_HOST: 'tcp://10.0.0.5:2375' }, sockets: [] });
    expect(r.via).toBe('refused');
    expect(r.via === 'refused' && r.reason).toMatch(/DOCKER_HOST .*plain TCP to another machine is refused/);
  });

  it('a local socket that answers, else the CLI', async () => {
    const dir = await temp();
    const sock = path.join(dir, 'engine.sock');
    expect(await engineInUse({ env: {}, sockets: [sock] })).toEqual({ via: 'cli' });
    const server = createServer((c) => c.end());
    await new Promise<void>((resolve) => server.listen(sock, resolve));
    try {
      expect(await engineInUse({ env: {}, sockets: [sock] })).toEqual({
        via: 'api',
        address: `unix://${sock}`,
        source: 'default socket',
        copyProject: false,
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
