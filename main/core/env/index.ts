/** The public surface of main/core/env: what other folders may import (build/coreSurfaces.mjs). */
export {
  buildRemoveArgv,
  CONTAINER_WORKDIR,
  type ContainerLimits,
  containerName,
  containerUser,
  DEFAULT_IMAGE,
  detectEngineCached,
  type Engine,
  exec,
  hardeningArgs,
} from './container.js';
export { checkEnvironments } from './doctor.js';
export { OutputPipeline, type OutputSummary, plainText } from './output.js';
export { groupAlive, killGroup } from './processGroup.js';
export { ProtectedEntryRefused } from './protectedEntries.js';
export { type EndReason, type PtyHandle, type PtyRunResult, startCommand, startPty } from './pty.js';
export { sandboxProblem, SandboxUnavailable, wrapSandboxed } from './sandbox.js';
export { APP_SECRET_NAMES, scrubEnv } from './secrets.js';
export { utf8Boundary } from './utf8.js';
export { runQuickJs, type WasmGrant } from './wasm/quickjs.js';
export { runWasi, WASI_PROJECT_DIR, type WasiOutcome } from './wasm/wasi.js';
export {
  buildWasmModule,
  WASI_ERRNO_NOTCAPABLE,
  WASI_OFLAG_TRUNC,
  wasiEchoModule,
  wasiSpinModule,
  wasiWriteModule,
} from './wasm/wasiTestModule.js';
export { prepareCommand, type PreparedCommand, type RunEnvironment, type RunHandle, runIn, RunRefused } from './run.js';
