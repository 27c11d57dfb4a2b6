/** Test support for `codecoder run` specs: a fake terminal and scratch folders/servers removed after each test. */
import { PassThrough } from 'node:stream';
import { afterEach } from 'vitest';
import { useTempDir } from '../../fs/tempDir.testkit.js';
import { startScriptedServer, type ScriptedServer, type ScriptInput } from '../../llm/index.js';
import type { CliIo } from '../io.js';

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
  const tempDirs = useTempDir();
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return {
    temp: (prefix: string): Promise<string> => tempDirs(prefix),
    async server(script: ScriptInput): Promise<ScriptedServer> {
      await server?.close();
      server = await startScriptedServer({ script });
      return server;
    },
  };
}
