/** The public surface of main/core/hooks (docs/hooks.md). */
export { Hooks, type ToolCallFacts } from './hooks.js';
export { afterToolCall, hookedGate, PromptBlocked, withHookContext, type ToolHooks } from './toolCallHooks.js';
export { UserHooksFile, USER_HOOKS_FILE } from './userHooks.js';
export { HookSwitches } from './hookSwitches.js';
export { hookReviewLines } from './review.js';
export { cliHooks } from './cliHooks.js';
export type { HookRun } from './types.js';
