/**
 * Runs a loaded capability in its own environment. The code run is the snapshot that was approved
 * (never re-read from disk), and its arguments reach it as JSON: the default export's argument in
 * QuickJS, `$1` and $CAPABILITY_ARGS for shell scripts, argv[1] and $CAPABILITY_ARGS for a WASI
 * module.
 */
import {
  containerName,
  containerUser,
  DEFAULT_IMAGE,
  detectEngineCached,
  runInContainer,
  ProtectedEntryRefused,
  startPty,
  SandboxUnavailable,
  wrapSandboxed,
  runQuickJs,
  type WasmGrant,
} from '../../env/index.js';
import { childEnv } from '../execute/childEnv.js';
import type { ExecuteDeps } from '../execute/deps.js';
import { runResult } from '../execute/format.js';
import { newLogPath } from '../execute/logs.js';
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
  const logPath = await newLogPath(ctx.logDir, 'run_capability');
  const common = {
    cwd: ctx.projectRoot,
    timeoutMs,
    signal: ctx.signal,
    onText: ctx.output,
    logPath,
    killGraceMs: deps.execute?.killGraceMs,
  };
  if (m.environment === 'shell') {
    const env = { ...childEnv(deps), CAPABILITY_ARGS: argsJson };
    const r = await startPty({ ...common, argv: ['/bin/bash', '-c', code, m.name, argsJson], env }).done;
    return withData(runResult(tool, r), data);
  }
  if (m.environment === 'sandbox') {
    const env = { ...childEnv(deps), CAPABILITY_ARGS: argsJson };
    let wrapped;
    try {
      wrapped = await wrapSandboxed(code, { projectRoot: ctx.projectRoot, denyRead: [deps.dataDir], allowedDomains: [] }, env, ctx.signal);
    } catch (err) {
      if (err instanceof SandboxUnavailable) throw new ToolFailure(`the OS sandbox cannot run on this machine: ${err.message}`);
      throw err;
    }
    try {
      const r = await startPty({ ...common, argv: wrapped.argv, env: wrapped.env }).done;
      return withData(runResult(tool, r), data);
    } finally {
      wrapped.release();
    }
  }
  const image = deps.execute?.containerImage ?? DEFAULT_IMAGE;
  const found = await detectEngineCached(image);
  if (!found.ok) throw new ToolFailure(`no container engine can run here: ${found.reason}`);
  const name = containerName();
  let r;
  try {
    r = await runInContainer(
      {
        engine: found.engine,
        image,
        projectRoot: ctx.projectRoot,
        command: code,
        name,
        limits: deps.execute?.containerLimits,
        user: containerUser(found.engine),
        env: { CAPABILITY_ARGS: argsJson },
      },
      { ...common, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/' } },
    );
  } catch (err) {
    if (err instanceof ProtectedEntryRefused) throw new ToolFailure(err.message);
    throw err;
  }
  return withData(runResult(tool, r), data);
}

function withData(r: ToolResult, extra: Record<string, unknown>): ToolResult {
  return { ...r, data: { ...(r.data as Record<string, unknown>), ...extra } };
}
