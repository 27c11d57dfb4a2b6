/** The public surface of main/core/llm: what other folders may import (build/coreSurfaces.mjs). */
export { detectContextOverflow } from './contextErrors.js';
export { isLlmError, LlmError } from './errors.js';
export { costOf, type ModelPrice, modelPriceSchema, priceOf } from './prices.js';
export { createProvider } from './provider.js';
export { type RetryPolicy } from './retry.js';
export { canonicalPrefix, prefixShare } from './scripted/promptCache.js';
export { parseScript, type ScriptInput } from './scripted/script.js';
export { type ScriptedServer, startScriptedServer } from './scripted/server.js';
export { settingsProvider } from './settingsProvider.js';
export { listModels } from './listModels.js';
export { testConnection } from './testConnection.js';
export {
  type LlmContentBlock,
  type LlmMessage,
  type LlmProvider,
  type LlmProviderKind,
  type LlmRequest,
  type LlmSettings,
  type LlmStopReason,
  type LlmToolSpec,
} from './types.js';
export { withCacheBreakpoints } from './anthropic.js';
