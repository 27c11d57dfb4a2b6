/**
 * `npm run start:web -- --project DIR [--port N] [--host 127.0.0.1] [--data-dir DIR]`
 * Serves the built renderer on loopback and prints the URL (with this launch's token) to open.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { readFile } from 'node:fs/promises';
import { parseScript } from '../core/llm/scripted/script.js';
import { startScriptedServer } from '../core/llm/scripted/server.js';
import { createPlainNodeCore } from './plainNodeCore.js';
import { startWebHost } from './server.js';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      project: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      'data-dir': { type: 'string' },
      'renderer-dir': { type: 'string' },
      'llm-script': { type: 'string' },
    },
    strict: true,
  });
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
    ...(values.project ? { projectPath: path.resolve(values.project) } : {}),
  });
  if (scripted) console.log(`Using the scripted model from ${values['llm-script']} (no API key needed).`);
  console.log(`CodeCoder is running. Open this address in your browser:\n\n  ${host.url}\n`);
  const stop = () => void Promise.all([host.close(), core.runtimes.closeAll(), scripted?.close()]).then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(`codecoder web host: ${(err as Error).message}`);
  process.exit(2);
});
