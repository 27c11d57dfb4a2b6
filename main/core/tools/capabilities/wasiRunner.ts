/**
 * Runs a WASI capability: the approved snapshot's bytes go to the worker in memory (no file is
 * read again, not main.wasm and not a temp copy), with the project at /project — read-only unless
 * the manifest grants write_project. argv is [name, argsJson] and CAPABILITY_ARGS=argsJson is its
 * only environment variable.
 *
 * The module writes stdout and stderr straight into the run's log file from its worker thread; the
 * log is tailed while it runs (every TAIL_INTERVAL_MS) into an OutputPipeline, which streams the
 * text to ctx.output and keeps the head and tail for the model, as for a command.
 */
import { open, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { plainText, OutputPipeline, type OutputSummary, runWasi, WASI_PROJECT_DIR, type WasiOutcome } from '../../env/index.js';
import { newLogPath } from '../kit/logs.js';
import { ToolFailure } from '../output.js';
import type { ToolContext, ToolResult } from '../types.js';
import type { Capability } from './manifest.js';

export const TAIL_INTERVAL_MS = 25;

export interface WasiCapabilityRun {
  cap: Capability;
  argsJson: string;
  timeoutMs: number;
  ctx: ToolContext;
}

export async function runWasiCapability({ cap, argsJson, timeoutMs, ctx }: WasiCapabilityRun): Promise<ToolResult> {
  const m = cap.manifest;
  if (typeof cap.code === 'string') throw new ToolFailure(`${m.name}: a WASI capability has no module bytes`);
  const writable = m.grants?.includes('write_project') === true;
  const logPath = await newLogPath(ctx.logDir, 'run_capability');
  // Made here, before the worker opens it for appending, so the tail can open it first.
  await writeFile(logPath, '', { mode: 0o600, flag: 'wx' });
  const pipeline = new OutputPipeline({ onText: ctx.output });
  const tail = await tailFile(logPath, (chunk) => pipeline.write(chunk));
  const started = performance.now();
  let outcome: WasiOutcome;
  try {
    outcome = await runWasi({
      module: cap.code,
      projectRoot: ctx.projectRoot,
      argv0: m.name,
      args: [argsJson],
      env: { CAPABILITY_ARGS: argsJson },
      writable,
      timeoutMs,
      signal: ctx.signal,
      logPath,
    });
  } finally {
    await tail.stop();
  }
  const durationMs = Math.round(performance.now() - started);
  const summary = { ...(await pipeline.close()), logPath };
  return wasiResult(`run_capability ${m.name}`, outcome, summary, durationMs, {
    capability: m.name,
    hash: cap.hash,
    environment: m.environment,
    runtime: 'wasi',
    projectAccess: writable ? 'read-write' : 'read-only',
  });
}

/** Like kit/format.ts runResult (how it ended, then head + tail), in a worker's words. */
export function wasiResult(
  tool: string,
  o: WasiOutcome,
  s: OutputSummary & { logPath: string },
  durationMs: number,
  extra: Record<string, unknown>,
): ToolResult {
  const how = o.ok
    ? `exit code ${o.exitCode}`
    : o.kind === 'timeout'
      ? `timed out after ${durationMs} ms; the module was stopped`
      : o.kind === 'cancelled'
        ? 'cancelled; the module was stopped'
        : `the module failed: ${o.error}`;
  const cut = s.omittedChars > 0 ? ` (output cut: ${s.omittedChars} characters omitted, full log at ${s.logPath})` : '';
  return {
    content: `${tool}: ${how}${cut}\n${plainText(s.text)}`,
    isError: !o.ok || o.exitCode !== 0,
    data: {
      exitCode: o.ok ? o.exitCode : null,
      reason: o.ok ? 'exit' : o.kind,
      bytes: s.totalBytes,
      durationMs,
      logPath: s.logPath,
      ...extra,
    },
    fullLogPath: s.logPath,
  };
}

/**
 * Follows a file that another thread appends to: reads what is new every TAIL_INTERVAL_MS, and on
 * stop() once more to the end. Reads never overlap.
 */
async function tailFile(file: string, onChunk: (b: Buffer) => void): Promise<{ stop(): Promise<void> }> {
  const h = await open(file, 'r');
  const buf = Buffer.alloc(64 * 1024);
  let pos = 0;
  let reading: Promise<void> | undefined;
  const readNew = async () => {
    for (;;) {
      const { bytesRead } = await h.read(buf, 0, buf.length, pos);
      if (bytesRead === 0) return;
      pos += bytesRead;
      onChunk(Buffer.from(buf.subarray(0, bytesRead)));
    }
  };
  // A tick while a read is still going is skipped: that read goes on to the end anyway.
  const timer = setInterval(() => {
    // A failed read is retried next tick; the read in stop() reports one that keeps failing.
    reading ??= readNew()
      .catch(() => undefined)
      .finally(() => (reading = undefined));
  }, TAIL_INTERVAL_MS);
  return {
    async stop() {
      clearInterval(timer);
      try {
        await reading;
        await readNew();
      } finally {
        await h.close();
      }
    },
  };
}

/** For the permission prompt and list_capabilities: what the module sees. */
export function wasiAccessNote(cap: Capability): string {
  return cap.manifest.grants?.includes('write_project')
    ? `WASI module; the project is WRITABLE at ${WASI_PROJECT_DIR} (write_project: anywhere in it, codecoder.json and .git included)`
    : `WASI module; the project is read-only at ${WASI_PROJECT_DIR}`;
}
