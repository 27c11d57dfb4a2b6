/** Test support for `codecoder run` specs: a fake terminal and scratch folders/servers removed after each test. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach } from 'vitest';
import { startScriptedServer, type ScriptedServer, type ScriptInput } from '../../llm/index.js';
import type { CliIo } from '../main.js';

/** stdin (a TTY when asked, fed `input`), and what was written to stdout and stderr. */
export function cliIo(env: NodeJS.ProcessEnv, opts: { tty?: boolean; input?: string } = {}) {
  const stdin = new PassThrough() as PassThrough & { isTTY?: boolean };
  if (opts.tty) stdin.isTTY = true;
  stdin.end(opts.input ?? '');
  const out: string[] = [];
  const err: string[] = [];
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  stdout.on('data', (c) => out.push(String(c)));
  stderr.on('data', (c) => err.push(String(c)));
  const cli: CliIo = { stdin, stdout, stderr, env };
  return { cli, out: () => out.join(''), err: () => err.join('') };
}

/** Call at module level: temp folders and a scripted server per test, all gone after it. */
export function scratch() {
  const dirs: string[] = [];
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });
  return {
    async temp(prefix: string): Promise<string> {
      const d = await mkdtemp(path.join(tmpdir(), prefix));
      dirs.push(d);
      return d;
    },
    async server(script: ScriptInput): Promise<ScriptedServer> {
      await server?.close();
      server = await startScriptedServer({ script });
      return server;
    },
  };
}
