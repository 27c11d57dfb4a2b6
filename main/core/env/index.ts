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
export { engineInUse } from './engineApi.js';
export { parseEngineHost } from './engineHost.js';
export { OutputPipeline, type OutputSummary, plainText } from './output.js';
export { groupAlive, killGroup } from './processGroup.js';
export { type EndReason, type PtyHandle, type PtyRunResult } from './pty.js';
export { sandboxProblem, wrapSandboxed } from './sandbox.js';
export { APP_SECRET_NAMES, heldSecrets, scrubEnv } from './secrets.js';
export { REDACTED, createRedactor, type Redactor } from './redact.js';
export { utf8Boundary } from './utf8.js';
export { runQuickJs, type WasmGrant } from './wasm/quickjs.js';
export { runWasi, WASI_PROJECT_DIR, type WasiOutcome } from './wasm/wasi.js';
export { insideProject, prepareCommand, type RunEnvironment, type RunHandle, type RunResult, runIn, RunRefused } from './run.js';
