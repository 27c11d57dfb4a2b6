/**
 * Test support for the agent: fake tools and a fake gate shaped like the real ones, an event
 * recorder, and providers pointed at the scripted server. (Integration tests use the real engine
 * and registry; these keep the loop's own tests independent of them.)
 */
import { z } from 'zod';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { createProvider, type RetryPolicy, type ScriptedServer, type LlmProvider } from '../llm/index.js';
import { type AskAnswer, type Decision, type PermissionCheckRequest, type PermissionGate, ceilingOf } from '../permissions/index.js';
import { defineTool, ToolFailure, type Tool, type ToolRegistry } from '../tools/index.js';
import type { ApprovalQueue } from '../approvals/index.js';
import { agentEventSchema, type AgentEvent, type AgentEventOf, type AgentEventType } from './events.js';
import { DEPTH_LIMIT_MESSAGE } from './subagents.js';

/** What marks a sub-agent's system prompt, for tests outside this folder that tell a child's requests apart. */
export { SUBAGENT_MARKER } from './systemPrompt.js';

export const noRetry: RetryPolicy = { maxRetries: 0, backoffMs: () => 0, sleep: async () => {} };
export const instantRetry: RetryPolicy = { maxRetries: 3, backoffMs: () => 1, sleep: async () => {} };

export function scriptedProvider(
  kind: 'anthropic' | 'openai',
  server: ScriptedServer,
  retry: RetryPolicy = noRetry,
  apiKey = 'sk-test-key-0000',
): LlmProvider {
  return createProvider(
    kind === 'anthropic'
      ? { provider: 'anthropic', model: 'scripted', baseUrl: server.url, apiKey }
      : { provider: 'openai', model: 'scripted', baseUrl: server.openaiUrl, apiKey },
    { retry },
  );
}

export class EventLog {
  readonly events: AgentEvent[] = [];
  private readonly waiters: { test: (e: AgentEvent) => boolean; resolve: (e: AgentEvent) => void }[] = [];
  readonly emit = (e: AgentEvent) => {
    // Every event must satisfy the contract's schema.
    agentEventSchema.parse(e);
    this.events.push(e);
    for (const w of [...this.waiters]) {
      if (!w.test(e)) continue;
      this.waiters.splice(this.waiters.indexOf(w), 1);
      w.resolve(e);
    }
  };
  of<T extends AgentEventType>(type: T): AgentEventOf<T>[] {
    return this.events.filter((e): e is AgentEventOf<T> => e.type === type);
  }
  /** Resolves on the first matching event (past or future). */
  next<T extends AgentEventType>(type: T, test: (e: AgentEventOf<T>) => boolean = () => true): Promise<AgentEventOf<T>> {
    const past = this.of(type).find(test);
    if (past) return Promise.resolve(past);
    return new Promise((resolve) =>
      this.waiters.push({ test: (e) => e.type === type && test(e as AgentEventOf<T>), resolve: resolve as (e: AgentEvent) => void }),
    );
  }
  types(): string[] {
    return this.events.map((e) => e.type);
  }
}

export function registryOf(tools: Tool[]): ToolRegistry {
  const map = new Map(tools.map((t) => [t.name, t]));
  return { list: () => [...map.values()], get: (n) => map.get(n) };
}

/** Shaped like the engine: none → allow; ask → the asker (via once/session/project or user-deny with the reason). */
export function fakeGate(approvals: ApprovalQueue): PermissionGate & { requests: PermissionCheckRequest[] } {
  const requests: PermissionCheckRequest[] = [];
  return {
    requests,
    async check(req): Promise<Decision> {
      requests.push(req);
      const p = req.permission;
      if (p.kind === 'none') return { allowed: true, via: 'none' };
      if (p.kind === 'invalid') return { allowed: false, via: 'invalid', reason: p.reason };
      const answer: AskAnswer = await approvals.ask(
        {
          tool: req.tool,
          environment: req.environment,
          key: p.key,
          args: req.args,
          agentId: req.agentId,
          conversationId: req.conversationId,
          depth: req.depth,
          ceiling: ceilingOf(req.environment),
        },
        req.signal,
      );
      if (answer.choice === 'deny')
        return {
          allowed: false,
          via: 'user-deny',
          key: p.key.raw,
          reason: answer.reason ? `the user refused: ${answer.reason}` : 'the user refused',
        };
      return { allowed: true, via: answer.choice, key: p.key.raw };
    },
  };
}

/** Removed when the test (or, called at module level, the file) ends. */
export async function tempDir(prefix = 'cc-agent-'): Promise<string> {
  return useTempDir()(prefix);
}

/** A read-only tool: echoes its argument. */
export function echoTool(name = 'read_note'): Tool {
  return defineTool({
    name,
    description: 'Reads a note',
    category: 'read',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: z.object({ path: z.string() }).strict(),
    permission: () => ({ kind: 'none' }),
    execute: async (args: { path: string }) => ({ content: `contents of ${args.path}` }),
  }) as Tool;
}

/** An Ask tool that records what it wrote. */
export function writeTool(written: { path: string; text: string }[]): Tool {
  return defineTool({
    name: 'write_note',
    description: 'Writes a note',
    category: 'edit',
    environment: 'host',
    touches: { changesFiles: true, fileAccess: 'write', keyFromCommand: false },
    parameters: z.object({ path: z.string(), text: z.string() }).strict(),
    permission: (args: { path: string }) => ({
      kind: 'ask',
      key: { tool: 'write_note', action: args.path, raw: `write_note:${args.path}` },
    }),
    execute: async (args: { path: string; text: string }) => {
      written.push(args);
      return { content: `wrote ${args.text.length} characters to ${args.path}` };
    },
  }) as Tool;
}

/** A tool that prints a lot. */
export function bigTool(chars: number): Tool {
  return defineTool({
    name: 'big_output',
    description: 'Prints a lot',
    category: 'read',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: z.object({}).strict(),
    permission: () => ({ kind: 'none' }),
    execute: async () => ({ content: Array.from({ length: chars / 10 }, (_, i) => `line ${String(i).padStart(4, '0')}`).join('\n') }),
  }) as Tool;
}

/** Runs until aborted; reports that it saw the abort. */
export function waitTool(seen: { started: number; aborted: number }): Tool {
  return defineTool({
    name: 'wait_forever',
    description: 'Waits',
    category: 'execute',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: z.object({}).strict(),
    permission: () => ({ kind: 'none' }),
    execute: (_args: unknown, ctx) =>
      new Promise((resolve) => {
        seen.started++;
        ctx.output('waiting…\n');
        ctx.signal.addEventListener('abort', () => {
          seen.aborted++;
          resolve({ content: 'wait_forever: cancelled', isError: true });
        });
      }),
  }) as Tool;
}

/** Shaped like the tools helper's `agent` tool: checks the depth, then delegates. */
export function fakeAgentTool(
  runSubAgent: (req: { prompt: string; parentCtx: import('../tools/types.js').ToolContext }) => Promise<string>,
): Tool {
  return defineTool({
    name: 'agent',
    description: 'Starts a read-only sub-agent',
    category: 'agent',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: z.object({ prompt: z.string() }).strict(),
    permission: () => ({ kind: 'none' }),
    execute: async (args: { prompt: string }, ctx) => {
      if (ctx.depth >= 1) throw new ToolFailure(DEPTH_LIMIT_MESSAGE);
      return { content: await runSubAgent({ prompt: args.prompt, parentCtx: ctx }) };
    },
  }) as Tool;
}

/** The text of every tool_result the model was sent in a recorded request (both wire formats). */
export function toolResultsSent(body: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const m of (body.messages as { role: string; content: unknown }[]) ?? []) {
    if (m.role === 'tool') out.push(String(m.content));
    if (m.role === 'user' && Array.isArray(m.content)) {
      for (const b of m.content as { type: string; content?: unknown }[]) if (b.type === 'tool_result') out.push(String(b.content));
    }
  }
  return out;
}

/** A clock and timers that move only when told: `advance(ms)` runs what falls due, in order. */
export function manualTime(start = 0) {
  let t = start;
  let seq = 0;
  const due: { at: number; id: number; fn: () => void }[] = [];
  return {
    now: () => t,
    timers: {
      setTimeout(fn: () => void, ms: number): unknown {
        due.push({ at: t + ms, id: ++seq, fn });
        return seq;
      },
      clearTimeout(h: unknown) {
        const i = due.findIndex((d) => d.id === h);
        if (i >= 0) due.splice(i, 1);
      },
    },
    advance(ms: number) {
      const end = t + ms;
      for (;;) {
        due.sort((a, b) => a.at - b.at || a.id - b.id);
        if (!due[0] || due[0].at > end) break;
        const d = due.shift()!;
        t = d.at;
        d.fn();
      }
      t = end;
    },
    pending: () => due.length,
  };
}

/**
 * A long command's output, generated chunk by chunk (never held whole): numbered lines of 100
 * bytes, `linesPerChunk` to a chunk, until `totalBytes`. Line n reads `line 000000042 xxx…\n`.
 */
export function* numberedLines(totalBytes: number, linesPerChunk = 655): Generator<string> {
  const fill = 'x'.repeat(100 - 'line 000000000 \n'.length);
  const lines = Math.ceil(totalBytes / 100);
  for (let n = 0; n < lines; n += linesPerChunk) {
    const parts: string[] = [];
    for (let i = n; i < Math.min(lines, n + linesPerChunk); i++) parts.push(`line ${String(i).padStart(9, '0')} ${fill}\n`);
    yield parts.join('');
  }
}

/** The text of line `n` of numberedLines. */
export function numberedLine(n: number): string {
  return `line ${String(n).padStart(9, '0')} ${'x'.repeat(100 - 'line 000000000 \n'.length)}\n`;
}
