/** The public surface of main/core/hooks (docs/hooks.md). */
export { readHooks, matchesTool, type HookProblem, type ReadHooks } from './declarations.js';
export {
  Hooks,
  HOOK_OUTPUT_MAX_BYTES,
  type DeclaredHook,
  type DeclaredHooks,
  type HooksDeps,
  type PreToolVerdict,
  type ToolCallFacts,
} from './hooks.js';
export {
  afterToolCall,
  beforeToolCall,
  hookedGate,
  PromptBlocked,
  withHookContext,
  type BeforeCall,
  type ToolHooks,
} from './toolCallHooks.js';
export { UserHooksFile, USER_HOOKS_FILE, type HookFileRead } from './userHooks.js';
export * from './types.js';
export { hookReviewLines, type HookReviewLine } from './review.js';
export { HookSwitches, HOOK_SWITCHES_FILE } from './hookSwitches.js';
export { cliHooks } from './cliHooks.js';
export { HookError } from './errors.js';
