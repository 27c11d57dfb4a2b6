/**
 * `tcp://` with TLS, end to end: Podman's service on a unix socket behind a loopback TLS endpoint
 * that demands a client certificate (what `dockerd --tlsverify` does), certificates made here with
 * openssl. The client reads DOCKER_TLS_VERIFY / DOCKER_CERT_PATH as the docker CLI does, and a
 * server whose certificate the CA did not sign is refused.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import path from 'node:path';
import { createServer, type Server } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { exec } from './container.js';
import { podmanServiceProblem, startPodmanService, type PodmanService } from './podmanService.testkit.js';
import { runIn, RunRefused } from './run.js';

const temp = useTempDir();
const podmanWhy = await podmanServiceProblem();
const opensslWhy = (await exec('openssl', ['version'], 5_000)).code === 0 ? undefined : 'openssl is not installed';
const why = podmanWhy ?? opensslWhy;

/** A CA, a server certificate for 127.0.0.1 and a client certificate, as docker's TLS guide makes them. */
function makeCerts(dir: string): void {
  const ssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  ssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca-key.pem', '-out', 'ca.pem', '-days', '1', '-subj', '/CN=test-ca');
  for (const [name, ext] of [
    ['server', 'subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n'],
    ['client', 'extendedKeyUsage=clientAuth\n'],
  ] as const) {
    ssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}-key.pem`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
    writeFileSync(path.join(dir, `${name}.ext`), ext);
    ssl('x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca-key.pem', '-CAcreateserial', '-out', `${name}-cert.pem`, '-days', '1', '-extfile', `${name}.ext`);
  }
}

describe.skipIf(why !== undefined)(`tcp:// with TLS to the Engine API${why ? ` (skipped: ${why})` : ''}`, () => {
  let service: PodmanService;
  let tls: Server;
  let port = 0;
  const certs = temp.sync('cc-tls-');
  const clientDir = temp.sync('cc-tls-client-');
  const strangerDir = temp.sync('cc-tls-stranger-');
  beforeAll(async () => {
    makeCerts(certs);
    // The client's folder as DOCKER_CERT_PATH wants it: ca.pem, cert.pem, key.pem.
    writeFileSync(path.join(clientDir, 'ca.pem'), readFileSync(path.join(certs, 'ca.pem')));
    writeFileSync(path.join(clientDir, 'cert.pem'), readFileSync(path.join(certs, 'client-cert.pem')));
    writeFileSync(path.join(clientDir, 'key.pem'), readFileSync(path.join(certs, 'client-key.pem')));
    // Another CA: the server's certificate is not one it signed.
    makeCerts(strangerDir);
    writeFileSync(path.join(strangerDir, 'cert.pem'), readFileSync(path.join(certs, 'client-cert.pem')));
    writeFileSync(path.join(strangerDir, 'key.pem'), readFileSync(path.join(certs, 'client-key.pem')));
    service = await startPodmanService(temp.sync('cc-podman-tls-'), 'unix');
    const socket = service.url.slice('unix://'.length);
    tls = createServer(
      {
        key: readFileSync(path.join(certs, 'server-key.pem')),
        cert: readFileSync(path.join(certs, 'server-cert.pem')),
        ca: readFileSync(path.join(certs, 'ca.pem')),
        requestCert: true,
        rejectUnauthorized: true,
      },
      (client) => {
        const engine = connect(socket);
        client.pipe(engine).pipe(client);
        client.on('error', () => engine.destroy());
        engine.on('error', () => client.destroy());
      },
    );
    tls.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    port = (tls.address() as AddressInfo).port;
  }, 90_000);
  afterAll(async () => {
    await new Promise((resolve) => (tls ? tls.close(resolve) : resolve(undefined)));
    await service?.stop();
  });

  const withTls = async <T>(certPath: string, f: () => Promise<T>): Promise<T> => {
    const saved = { v: process.env.DOCKER_TLS_VERIFY, p: process.env.DOCKER_CERT_PATH };
    process.env.DOCKER_TLS_VERIFY = '1';
    process.env.DOCKER_CERT_PATH = certPath;
    try {
      return await f();
    } finally {
      for (const [k, v] of [
        ['DOCKER_TLS_VERIFY', saved.v],
        ['DOCKER_CERT_PATH', saved.p],
      ] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  };

  it('runs a container over TLS with the client certificate of DOCKER_CERT_PATH', async () => {
    const root = temp.sync('cc-tls-project-');
    const r = await withTls(clientDir, async () => {
      const h = await runIn('docker', 'echo over-tls; exit 5', {
        projectRoot: root,
        env: {},
        logPath: path.join(temp.sync('cc-tls-log-'), 'run.log'),
        timeoutMs: 60_000,
        container: { engineHost: `tcp://127.0.0.1:${port}` },
      });
      expect(h.container).toMatchObject({ endpoint: `tcp://127.0.0.1:${port} (TLS)`, engine: 'podman' });
      return h.done;
    });
    expect(r.exitCode).toBe(5);
    expect(r.text).toContain('over-tls');
  }, 90_000);

  it('refuses a server its CA did not sign: nothing runs', async () => {
    const root = temp.sync('cc-tls-project-');
    const started = withTls(strangerDir, () =>
      runIn('docker', 'echo should-not-run', {
        projectRoot: root,
        env: {},
        logPath: path.join(temp.sync('cc-tls-log-'), 'run.log'),
        container: { engineHost: `tcp://127.0.0.1:${port}` },
      }),
    );
    await expect(started).rejects.toBeInstanceOf(RunRefused);
    await expect(started).rejects.toThrow(/does not answer: .*(certificate|self.signed|unable to verify)/i);
  }, 90_000);
});
