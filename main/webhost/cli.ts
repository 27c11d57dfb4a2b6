/**
 * `npm run start:web -- --project DIR [--port N] [--host 127.0.0.1] [--data-dir DIR]`
 * Serves the built renderer on loopback and prints the URL (with this launch's token) to open.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readFile, stat } from 'node:fs/promises';
import { expandHome, createPlainNodeCore } from '../core/app/index.js';
import { parseScript, startScriptedServer } from '../core/llm/index.js';
import { startWebHost } from './server.js';

const here = path.dirname(fileURLToPath(import.meta.url));

const HELP = `CodeCoder web host: the desktop app's window, served to your browser on this machine only.

Usage: npm run start:web -- [options]

  --project DIR       open this folder (an error if it does not exist); without it, the start screen
  --port N            listen on this port (default: a free one); the token still changes each start
  --host ADDR         loopback address to bind: 127.0.0.1 (default), ::1 or localhost
  --data-dir DIR      settings, keys (a 0600 file), conversations and logs (default ~/.config/codecoder,
                      or CODECODER_DATA_DIR)
  --llm-script FILE   talk to a scripted model (a demo without an API key)
  --renderer-dir DIR  serve another renderer build (default out/renderer)
  -h, --help          this help

It prints the address to open, with this start's token: the page needs that token.`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      project: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'data-dir': { type: 'string' },
      'renderer-dir': { type: 'string' },
      'llm-script': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  // A folder that is not there is a typo to report, not a silent start screen.
  const projectPath = values.project ? path.resolve(expandHome(values.project)) : undefined;
  if (projectPath) {
    const st = await stat(projectPath).catch(() => undefined);
    if (!st) throw new Error(`--project ${values.project}: no such folder (${projectPath}).`);
    if (!st.isDirectory()) throw new Error(`--project ${values.project}: not a folder (${projectPath}).`);
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number (got ${values.port}).`);
  // A scripted model server instead of a real provider: the whole loop, without an API key.
  const scripted = values['llm-script']
    ? await startScriptedServer({ script: parseScript(JSON.parse(await readFile(values['llm-script'], 'utf8')), values['llm-script']) })
    : undefined;
  const core = createPlainNodeCore({
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
    ...(scripted
      ? {
          llmOverride: () => ({ provider: 'anthropic' as const, model: 'scripted', baseUrl: scripted.url, apiKey: 'scripted-demo-key' }),
          llmOverrideWhy: `the --llm-script flag (a scripted model from ${values['llm-script']})`,
        }
      : {}),
  });
  const host = await startWebHost({
    core,
    rendererDir: values['renderer-dir'] ?? path.resolve(here, '../../out/renderer'),
    host: values.host!,
    port,
    ...(projectPath ? { projectPath } : {}),
  });
  if (scripted) console.log(`Using the scripted model from ${values['llm-script']} (no API key needed).`);
  console.log(`CodeCoder is running. Open this address in your browser:\n\n  ${host.url}\n`);
  console.log(
    port === 0
      ? 'Each start has a new address and token: after a restart, open the new address (pass --port N to keep the port).'
      : 'Each start has a new token: after a restart, open the new address printed here.',
  );
  const stop = () => void Promise.all([host.close(), core.runtimes.closeAll(), scripted?.close()]).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(`codecoder web host: ${(err as Error).message}`);
  process.exit(2);
});
