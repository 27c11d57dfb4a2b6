/**
 * The stdio transport for MCP servers: the SDK's wire format (its ReadBuffer and serializeMessage,
 * newline-delimited JSON-RPC) over a child we spawn ourselves, because the SDK's
 * StdioClientTransport cannot give us three things we need:
 *
 * - the exact environment: it always adds the parent's HOME, LOGNAME, PATH, SHELL, TERM and USER,
 *   where a server must get only what its entry names plus a minimal PATH and HOME (serverEnv.ts);
 * - the whole process group: the child leads its own group (detached), and stopping it ends every
 *   descendant (`npx` → node → the server), not just the direct child;
 * - a bound on what the server writes: one stdout message over `maxMessageBytes`, or more than
 *   `maxBadLines` lines that are not JSON-RPC, ends the server with that reason (a flood never
 *   grows memory or spins the app); stderr is kept as a bounded tail for the UI.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { groupAlive, killGroup } from '../env/index.js';

export interface StdioSpawn {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

export interface StdioTransportOptions {
  maxMessageBytes?: number;
  maxBadLines?: number;
  stderrTailChars?: number;
  killGraceMs?: number;
  /** Told of each process started (tests count spawns). */
  onSpawn?: (pid: number) => void;
}

export const DEFAULT_MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child: ChildProcess | undefined;
  private readonly buffer: ReadBuffer;
  private badLines = 0;
  private stderrTail = '';
  private closed = false;
  /** Why we ended the server (a flood), when we did. */
  private fatal: string | undefined;
  private exitInfo: string | undefined;
  readonly opts: Required<Omit<StdioTransportOptions, 'onSpawn'>> & Pick<StdioTransportOptions, 'onSpawn'>;

  constructor(
    private readonly spec: StdioSpawn,
    opts: StdioTransportOptions = {},
  ) {
    this.opts = {
      maxMessageBytes: opts.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
      maxBadLines: opts.maxBadLines ?? 50,
      stderrTailChars: opts.stderrTailChars ?? 4000,
      killGraceMs: opts.killGraceMs ?? 1500,
      ...(opts.onSpawn ? { onSpawn: opts.onSpawn } : {}),
    };
    this.buffer = new ReadBuffer({ maxBufferSize: this.opts.maxMessageBytes });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }
  /** The last few thousand characters the server wrote to stderr. */
  stderr(): string {
    return this.stderrTail;
  }
  /** Why the connection ended: our reason (a flood), else how the process exited. */
  endReason(): string | undefined {
    return this.fatal ?? this.exitInfo;
  }

  start(): Promise<void> {
    if (this.child) throw new Error('already started');
    return new Promise((resolve, reject) => {
      const child = spawn(this.spec.command, this.spec.args, {
        env: this.spec.env,
        cwd: this.spec.cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
        // Its own process group: stop() reaches every descendant.
        detached: true,
        shell: false,
        windowsHide: true,
      });
      this.child = child;
      child.once('error', (err) => {
        this.exitInfo = `could not start ${this.spec.command}: ${err.message}`;
        reject(err);
        this.finish();
      });
      child.once('spawn', () => {
        if (child.pid) this.opts.onSpawn?.(child.pid);
        resolve();
      });
      child.once('exit', (code, signal) => {
        this.exitInfo ??= signal ? `the server was ended by ${signal}` : `the server exited with code ${code}`;
      });
      child.once('close', () => {
        // A crashed server's children are in its group: end them too.
        if (child.pid !== undefined && groupAlive(child.pid)) void killGroup(child.pid, 0);
        this.finish();
      });
      child.stdin?.on('error', (err) => this.onerror?.(err));
      child.stdout?.on('data', (chunk: Buffer) => this.onStdout(chunk));
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (s: string) => {
        this.stderrTail = (this.stderrTail + s).slice(-this.opts.stderrTailChars);
      });
    });
  }

  private onStdout(chunk: Buffer): void {
    if (this.fatal) return;
    try {
      this.buffer.append(chunk);
    } catch {
      return this.abort(`the server wrote more than ${this.opts.maxMessageBytes} bytes to stdout without a line break (not JSON-RPC)`);
    }
    for (;;) {
      let msg: JSONRPCMessage | null;
      try {
        msg = this.buffer.readMessage();
      } catch (err) {
        if (++this.badLines > this.opts.maxBadLines) {
          return this.abort(`the server wrote more than ${this.opts.maxBadLines} lines to stdout that are not JSON-RPC`);
        }
        this.onerror?.(new Error(`stdout line is not JSON-RPC: ${(err as Error).message.slice(0, 200)}`));
        continue;
      }
      if (msg === null) break;
      this.onmessage?.(msg);
    }
  }

  private abort(reason: string): void {
    this.fatal = reason;
    this.buffer.clear();
    this.child?.stdout?.pause();
    this.onerror?.(new Error(reason));
    void this.close();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || this.closed || stdin.destroyed) return reject(new Error('not connected'));
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Ends the whole process group (SIGTERM, SIGKILL after the grace) and waits for it. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return this.finish();
    try {
      child.stdin?.end();
    } catch {
      /* already gone */
    }
    const pgid = child.pid;
    const exited = new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('close', () => resolve());
    });
    if (groupAlive(pgid)) await killGroup(pgid, this.opts.killGraceMs).done;
    await Promise.race([exited, new Promise((r) => setTimeout(r, this.opts.killGraceMs).unref())]);
    this.finish();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
}
