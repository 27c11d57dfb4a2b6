/** Test helpers for the tools: a temp project, a context, and parse-then-execute like the agent loop. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { toolFacts, type ToolFacts } from './facts.js';
import { createToolRegistry } from './registry.js';
import type { Tool, ToolContext, ToolResult } from './types.js';

export interface TempProject {
  root: string;
  /** A folder next to the project (outside it), for escape tests. */
  outside: string;
  write(rel: string, content: string | Uint8Array): string;
  /** Removes it now; it is removed anyway when the test (or, made at module level, the file) ends. */
  cleanup(): void;
}

export function tempProject(): TempProject {
  const base = useTempDir().sync('cc-tools-');
  const root = path.join(base, 'project');
  const outside = path.join(base, 'outside');
  mkdirSync(root);
  mkdirSync(outside);
  return {
    root,
    outside,
    write(rel, content) {
      const abs = path.join(root, rel);
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, content);
      return abs;
    },
    cleanup: () => rmSync(base, { recursive: true, force: true }),
  };
}

export function toolCtx(root: string, over: Partial<ToolContext> = {}): ToolContext & { chunks: string[] } {
  const chunks: string[] = [];
  return {
    projectRoot: root,
    signal: new AbortController().signal,
    output: (c) => chunks.push(c),
    agentId: 'test-agent',
    conversationId: 'test-conv',
    depth: 0,
    logDir: path.join(root, '..', 'logs'),
    chunks,
    ...over,
  };
}

/** Validates like the registry does, then executes. Throws on invalid arguments. */
export async function call<A>(tool: Tool<A>, raw: unknown, ctx: ToolContext): Promise<ToolResult> {
  const parsed = tool.parameters.safeParse(raw);
  if (!parsed.success) throw new Error(`invalid arguments: ${JSON.stringify(parsed.error.issues)}`);
  return tool.execute(parsed.data, ctx);
}

let facts: ToolFacts | undefined;
/** What the 26 built-in tools declare of themselves (tools/facts.ts), for an engine built in a test. */
export function builtInToolFacts(): ToolFacts {
  facts ??= toolFacts(createToolRegistry({ projectRoot: '/nonexistent-project', dataDir: '/nonexistent-data', secretsToScrub: () => [] }));
  return facts;
}
