import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runPty } from './pty.js';
import { resetSandbox, sandboxProblem, wrapSandboxed } from './sandbox.js';

const problem = await sandboxProblem();
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root', LANG: 'C.UTF-8' };

function dirs() {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'cc-sbx-')));
  const root = path.join(base, 'project');
  const outside = path.join(base, 'outside');
  mkdirSync(root);
  mkdirSync(outside);
  return { root, outside };
}

async function sandboxed(command: string, root: string, allowedDomains: string[] = []) {
  const w = await wrapSandboxed(command, { projectRoot: root, allowedDomains }, env);
  try {
    return await runPty({ argv: w.argv, env: w.env, cwd: root, timeoutMs: 30_000 });
  } finally {
    w.release();
  }
}

// Runs for real wherever bubblewrap and socat are installed (here, and in CI through .ci/run).
describe.skipIf(problem !== undefined)(`the sandbox environment${problem ? ` (skipped: ${problem})` : ''}`, () => {
  afterAll(() => resetSandbox());

  it('writes inside the project, is refused outside it, and passes the exit code through', async () => {
    const { root, outside } = dirs();
    const r = await sandboxed(`echo in > inside.txt; echo out > ${outside}/escape.txt; exit 5`, root);
    expect(r.exitCode).toBe(5);
    expect(readFileSync(path.join(root, 'inside.txt'), 'utf8')).toBe('in\n');
    expect(existsSync(path.join(outside, 'escape.txt'))).toBe(false);
    expect(r.text).toMatch(/Read-only file system|Permission denied|Operation not permitted/);
  });

  it('has no network: a server on the host loopback is unreachable, and the proxy refuses unlisted hosts', async () => {
    const server = createServer((_q, s) => s.end('reached'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    try {
      const { root } = dirs();
      // Direct: the sandbox has its own network namespace, whose loopback is not the host's.
      const direct = await sandboxed(`curl -s -m 5 --noproxy '*' http://127.0.0.1:${port}/; echo "rc=$?"`, root);
      expect(direct.text).not.toContain('reached');
      expect(direct.text).toMatch(/rc=[1-9]/);
      // Through the proxy the sandbox sets up: a host not allowed is refused.
      const proxied = await sandboxed(`curl -s -m 5 -o /dev/null -w '%{http_code}' http://example.com/; echo " rc=$?"`, root);
      expect(proxied.text).not.toContain('200');
    } finally {
      server.close();
    }
  });
});
