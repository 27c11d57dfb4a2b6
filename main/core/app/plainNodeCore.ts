import { defaultDataDir } from '../appData.js';
import { createCore, type Core } from './createCore.js';
import { confStore, fileSecretStore } from '../stores/index.js';
import type { LlmSettings } from '../llm/index.js';

/** The core on plain-Node stores (conf + a 0600 key file): the web host's, the CLI's and tests'. */
export function createPlainNodeCore(
  opts: { dataDir?: string; env?: NodeJS.ProcessEnv; version?: string; llmOverride?: () => LlmSettings; llmOverrideWhy?: string } = {},
): Core {
  const env = opts.env ?? process.env;
  const dataDir = opts.dataDir ?? defaultDataDir(env);
  return createCore({
    host: { kind: 'web', version: opts.version ?? '0.1.0' },
    dataDir,
    stores: { settings: confStore(dataDir, 'settings'), recent: confStore(dataDir, 'recent') },
    secrets: fileSecretStore(dataDir, { hideSealed: true }),
    env,
    ...(opts.llmOverride ? { llmOverride: opts.llmOverride } : {}),
    ...(opts.llmOverrideWhy ? { llmOverrideWhy: opts.llmOverrideWhy } : {}),
  });
}
