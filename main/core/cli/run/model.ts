/**
 * The model a `codecoder run` talks to: the saved Settings, the environment and the flags resolved
 * (savedSettings.ts), the key from `--api-key-file`, or a scripted model server for `--llm-script`.
 */
import { realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  createProvider,
  parseScript,
  startScriptedServer,
  type LlmProvider,
  type LlmSettings,
  type ScriptedServer,
} from '../../llm/index.js';
import { resolveRunSettings, type ResolvedSettings } from '../savedSettings.js';
import type { RunOptions } from './options.js';

/** The scripted server checks no key; a real key is never sent to it. */
export const SCRIPTED_NO_KEY = 'scripted-no-key';

export interface RunModel {
  provider: LlmProvider;
  settings: LlmSettings;
  /** Secrets the app saved (API keys, search tokens): scrubbed from every child process. */
  savedSecrets: string[];
  search: ResolvedSettings['search'];
  containerEngine: ResolvedSettings['containerEngine'];
  /** The key read from `--api-key-file`, when one was: redacted from tool output like every secret. */
  fileKey?: string;
  /** The key file as named and where it really is: hidden from the sandbox and the container. */
  keyFilePaths: string[];
  /** Closes the scripted server, when there is one. */
  close(): Promise<void>;
}

/** The model, or why there is none (a usage error: no key, an unreadable key file or script). */
export async function openRunModel(o: RunOptions, env: NodeJS.ProcessEnv, dataDir: string): Promise<RunModel | { error: string }> {
  const resolved = resolveRunSettings(
    {
      ...(o.provider ? { provider: o.provider } : {}),
      ...(o.model ? { model: o.model } : {}),
      ...(o.baseUrl ? { baseUrl: o.baseUrl } : {}),
    },
    env,
    dataDir,
  );
  const settings: LlmSettings = resolved.settings;
  const providerKind = settings.provider;
  const keyFile = o.apiKeyFile ? keyFilePaths(o.apiKeyFile) : [];
  let fileKey: string | undefined;
  if (o.apiKeyFile) {
    const fromFile = await readKeyFile(o.apiKeyFile);
    if (typeof fromFile !== 'string') return fromFile;
    settings.apiKey = fileKey = fromFile;
    delete resolved.keyProblem;
  }
  const key = settings.apiKey;

  let server: ScriptedServer | undefined;
  if (o.llmScript) {
    let script;
    try {
      script = parseScript(JSON.parse(await readFile(o.llmScript, 'utf8')), o.llmScript);
    } catch (err) {
      return { error: `cannot use the script ${o.llmScript}: ${(err as Error).message}` };
    }
    server = await startScriptedServer({ script });
    settings.model = o.model ?? script.models?.[0] ?? 'scripted';
    settings.baseUrl = providerKind === 'anthropic' ? server.url : server.openaiUrl;
    settings.apiKey = SCRIPTED_NO_KEY;
  } else if (resolved.keyProblem) {
    // Also for openai-compatible servers: the user saved a key, so the server wants one; going on
    // without it would fail later with a less clear "invalid key".
    return { error: resolved.keyProblem };
  } else if (!key && providerKind !== 'openai-compatible') {
    return {
      error: `no API key for ${providerKind}: set ${providerKind === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY'}, add it in the app's Settings, or use --llm-script FILE`,
    };
  }

  try {
    const provider = createProvider(settings);
    return {
      provider,
      settings,
      savedSecrets: resolved.savedSecrets,
      search: resolved.search,
      containerEngine: resolved.containerEngine,
      ...(fileKey ? { fileKey } : {}),
      keyFilePaths: keyFile,
      close: async () => server?.close(),
    };
  } catch (err) {
    await server?.close();
    return { error: (err as Error).message };
  }
}

/** The key file as named and, links followed, where it really is: both are hidden. */
function keyFilePaths(file: string): string[] {
  const named = path.resolve(file);
  try {
    return [...new Set([named, realpathSync(named)])];
  } catch {
    return [named];
  }
}

/** The key in a `--api-key-file`: its first line, trimmed. An empty or unreadable file is a usage error naming it. */
async function readKeyFile(file: string): Promise<string | { error: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    return { error: `cannot read the key file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` };
  }
  const key = (text.split(/\r?\n/)[0] ?? '').trim();
  return key ? key : { error: `the key file ${file} is empty (it should hold the key on its first line)` };
}
