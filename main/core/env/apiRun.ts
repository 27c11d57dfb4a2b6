/**
 * One command in a throw-away container through the Engine API: create (the confinement of
 * engineApi.ts), on a remote engine put the project copy in its volume, attach, start, wait, read
 * the exit code, and remove — the container, and the copy's volume, whatever happened. Output goes
 * through the same OutputPipeline as every other environment (UTF-8 whole, batched, logged in
 * full, head + tail, the log's backpressure pausing the engine stream). Cancel and timeout kill the
 * container (SIGKILL: the CLI path's `rm -f --time 0`), then it is removed.
 */
import type Docker from 'dockerode';
import { CONTAINER_WORKDIR } from './container.js';
import { containerCreateOptions, messageOf, statusOf, type ApiContainerSpec } from './engineApi.js';
import { OutputPipeline } from './output.js';
import type { EndReason, PtyRunResult } from './pty.js';
import { readChanges, type CopyChanges, type ProjectCopy } from './remoteCopy.js';
import { wholeCharacters } from './utf8.js';

export interface ApiRunOptions {
  docker: Docker;
  spec: Omit<ApiContainerSpec, 'volume'>;
  /** A remote engine: the project travels as this copy, and its changes come back as a diff. */
  copy?: { projectRoot: string; copy: ProjectCopy };
  timeoutMs?: number;
  signal?: AbortSignal;
  onText?: (text: string) => void;
  logPath?: string;
  headChars?: number;
  tailChars?: number;
}

export interface ApiRunResult extends PtyRunResult {
  /** A remote engine's run: what it changed in the copy (not applied), or why that is unknown. */
  changes?: CopyChanges | { error: string };
}

export interface ApiRunHandle {
  /** No process on this machine runs it: 0. */
  pid: 0;
  done: Promise<ApiRunResult>;
  kill(reason?: EndReason): void;
  readonly running: boolean;
  readonly bytes: number;
}

/** How long the output stream may trail the container's exit before the run ends without it. */
const STREAM_TRAIL_MS = 5_000;

/** How long after the output stream ends the container's state is polled before waiting on the engine alone. */
const EXIT_POLL_MS = 2_000;

/**
 * The exit code: the engine's `wait`, or — usually sooner, since Podman's wait polls every 250 ms —
 * the container's state once its output has ended (the stream ends when the command exits, or
 * when it closes its output: then the state is polled briefly, and `wait` decides).
 */
async function exitOf(c: Docker.Container, streamEnded: Promise<void>): Promise<number | null> {
  let settled = false;
  const code = (v: unknown) => (typeof v === 'number' ? v : null);
  const waited = c.wait().then((w: { StatusCode?: number }) => code(w.StatusCode));
  const polled = streamEnded.then(async () => {
    const until = Date.now() + EXIT_POLL_MS;
    while (!settled && Date.now() < until) {
      const st = (await c.inspect().catch(() => undefined))?.State;
      if (st && !st.Running && st.Status !== 'created') return code(st.ExitCode);
      await new Promise((r) => setTimeout(r, 25));
    }
    return waited;
  });
  try {
    return await Promise.race([waited, polled]);
  } finally {
    settled = true;
    // The loser's rejection (a removed container) is no one's business.
    waited.catch(() => undefined);
    polled.catch(() => undefined);
  }
}

/** Creates and starts the container; throws (everything made removed) when the engine refuses. */
export async function startApiRun(o: ApiRunOptions): Promise<ApiRunHandle> {
  const started = Date.now();
  const { docker } = o;
  const volumeName = o.copy ? `${o.spec.name}-work` : undefined;
  let container: Docker.Container | undefined;
  const removeAll = async () => {
    await container?.remove({ force: true, v: true }).catch((err: unknown) => {
      if (statusOf(err) !== 404) throw err;
    });
    if (volumeName) await docker.getVolume(volumeName).remove({ force: true }).catch(() => undefined);
  };
  const holder: { stream?: NodeJS.ReadableStream } = {};
  const pipeline = new OutputPipeline({
    onText: o.onText,
    logPath: o.logPath,
    headChars: o.headChars,
    tailChars: o.tailChars,
    pause: () => holder.stream?.pause(),
    resume: () => holder.stream?.resume(),
  });
  let stream: NodeJS.ReadableStream;
  try {
    if (volumeName) await docker.createVolume({ Name: volumeName, Labels: { 'codecoder.run': o.spec.name } });
    container = await docker.createContainer(containerCreateOptions({ ...o.spec, ...(volumeName ? { volume: volumeName } : {}) }));
    if (o.copy) await container.putArchive(o.copy.copy.tar(), { path: CONTAINER_WORKDIR });
    stream = holder.stream = await container.attach({ stream: true, stdout: true, stderr: true });
    await container.start();
  } catch (err) {
    await pipeline.close();
    await removeAll().catch(() => undefined);
    throw new Error(`the engine did not start the container: ${messageOf(err)}`, { cause: err });
  }
  const c = container;
  // Two streams into one pipeline: each is cut on whole characters before they meet.
  const out = wholeCharacters((b) => pipeline.write(b));
  const err = wholeCharacters((b) => pipeline.write(b));
  const sink = (s: { write(b: Buffer): void }) => ({ write: (b: Buffer) => (s.write(b), true) }) as unknown as NodeJS.WritableStream;
  docker.modem.demuxStream(stream, sink(out), sink(err));
  const streamEnded = new Promise<void>((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
  });

  let running = true;
  let reason: EndReason = 'exit';
  let killing: Promise<unknown> | undefined;
  const kill = (why: EndReason = 'killed') => {
    if (!running || killing) return;
    reason = why;
    killing = c.kill({ signal: 'SIGKILL' }).catch(() => undefined);
  };
  const timer = o.timeoutMs && o.timeoutMs > 0 ? setTimeout(() => kill('timeout'), o.timeoutMs) : undefined;
  const onAbort = () => kill('cancelled');
  if (o.signal?.aborted) queueMicrotask(onAbort);
  else o.signal?.addEventListener('abort', onAbort, { once: true });

  const done = (async (): Promise<ApiRunResult> => {
    let exitCode: number | null = null;
    let changes: ApiRunResult['changes'];
    try {
      try {
        exitCode = await exitOf(c, streamEnded);
      } catch (e) {
        pipeline.write(Buffer.from(`\n[the engine lost the container: ${messageOf(e)}]\n`));
      }
      running = false;
      if (timer) clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      await killing;
      let trail: NodeJS.Timeout | undefined;
      await Promise.race([streamEnded, new Promise<void>((r) => (trail = setTimeout(r, STREAM_TRAIL_MS)))]);
      clearTimeout(trail);
      out.end();
      err.end();
      if (o.copy) {
        try {
          const archive = (await c.getArchive({ path: CONTAINER_WORKDIR })) as NodeJS.ReadableStream;
          changes = await readChanges(archive, o.copy.copy.manifest, o.copy.projectRoot);
        } catch (e) {
          changes = { error: `the container's changes could not be read back: ${messageOf(e)}` };
        }
      }
    } finally {
      running = false;
      (stream as { destroy?: () => void }).destroy?.();
      await removeAll().catch(() => undefined);
    }
    const summary = await pipeline.close();
    return {
      ...summary,
      exitCode: reason === 'exit' ? exitCode : null,
      signal: reason === 'exit' ? null : 9,
      reason,
      pid: 0,
      durationMs: Date.now() - started,
      ...(changes ? { changes } : {}),
    };
  })();

  return {
    pid: 0,
    done,
    kill,
    get running() {
      return running;
    },
    get bytes() {
      return pipeline.bytes;
    },
  };
}
