/** The public surface of main/core/agent: what other folders may import (build/coreSurfaces.mjs). */
export { ContextWindows } from './context/window.js';
export { ConversationStore } from './conversations.js';
export { type AgentEvent, type Emit, type StopReason } from './events.js';
export { runAgent } from './loop.js';
export { loadTokenizer } from './context/tokenizer.js';
export { TokenCounter } from './context/tokens.js';
export { runToolChecked } from './runChecked.js';
export { createAgentRuntime, type AgentRuntime, type AgentRuntimeDeps } from './runtime.js';
