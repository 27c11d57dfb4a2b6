/**
 * Runs a loaded capability in its own environment. The code run is the snapshot that was approved
 * (never re-read from disk), and its arguments reach it as JSON: the default export's argument in
 * QuickJS, `$1` and $CAPABILITY_ARGS for shell scripts, argv[1] and $CAPABILITY_ARGS for a WASI
 * module.
 */
import { runQuickJs, type WasmGrant } from '../../env/index.js';
import type { ExecuteDeps } from '../execute/deps.js';
import { startRun } from '../execute/startRun.js';
import { runResult } from '../kit/format.js';
import { newLogPath } from '../kit/logs.js';
import { ToolFailure } from '../output.js';
import type { ToolContext, ToolResult } from '../types.js';
import { isWasi, type Capability } from './manifest.js';
import { runWasiCapability } from './wasiRunner.js';

export const DEFAULT_CAPABILITY_TIMEOUT_MS = 60_000;

export async function runCapabilityIn(cap: Capability, args: unknown, ctx: ToolContext, deps: ExecuteDeps): Promise<ToolResult> {
  const m = cap.manifest;
  const timeoutMs = m.timeout_ms ?? DEFAULT_CAPABILITY_TIMEOUT_MS;
  const tool = `run_capability ${m.name}`;
  const argsJson = JSON.stringify(args ?? {});
  const data = { capability: m.name, hash: cap.hash, environment: m.environment };
  if (isWasi(m)) return runWasiCapability({ cap, argsJson, timeoutMs, ctx });
  const code = cap.code;
  if (typeof code !== 'string') throw new ToolFailure(`${m.name}: its code is bytes, but ${m.environment} runs source text`);
  if (m.environment === 'wasm') {
    const r = await runQuickJs({
      code,
      args,
      grants: (m.grants ?? []).filter((g): g is WasmGrant => g === 'read_project'),
      projectRoot: ctx.projectRoot,
      timeoutMs,
      signal: ctx.signal,
      onLog: ctx.output,
    });
    if (!r.ok) return { content: `${tool}: ${r.error}`, isError: true, data: { ...data, kind: r.kind, logs: r.logs } };
    return { content: `${tool}: ${JSON.stringify(r.value, null, 2)}`, data: { ...data, value: r.value, logs: r.logs } };
  }
  // The same runner, child environment and output limits as the execute tools (env/run.ts).
  const logPath = await newLogPath(ctx.logDir, 'run_capability');
  const handle = await startRun(m.environment, code, deps, {
    projectRoot: ctx.projectRoot,
    timeoutMs,
    signal: ctx.signal,
    onText: ctx.output,
    logPath,
    env: { CAPABILITY_ARGS: argsJson },
    args: [m.name, argsJson],
    containerEnv: { CAPABILITY_ARGS: argsJson },
  });
  return withData(runResult(tool, await handle.done), data);
}

function withData(r: ToolResult, extra: Record<string, unknown>): ToolResult {
  return { ...r, data: { ...(r.data as Record<string, unknown>), ...extra } };
}
