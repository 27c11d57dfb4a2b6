import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { useTempDir } from '../../fs/tempDir.testkit.js';
import type { ToolContext } from '../types.js';
import type { ExecuteDeps } from './deps.js';

/** A project and a data folder side by side; removed when the test (or, at module level, the file) ends. */
export function tempProject(): { root: string; dataDir: string } {
  const base = useTempDir().sync('cc-exec-');
  const root = path.join(base, 'project');
  const dataDir = path.join(base, 'data');
  mkdirSync(root, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  return { root, dataDir };
}

export function testDeps(root: string, dataDir: string, secrets: string[] = []): ExecuteDeps {
  return { projectRoot: root, dataDir, secretsToScrub: () => secrets, execute: { killGraceMs: 300 } };
}

export function testCtx(root: string, dataDir: string, over: Partial<ToolContext> = {}): ToolContext & { chunks: string[] } {
  const chunks: string[] = [];
  return {
    projectRoot: root,
    signal: new AbortController().signal,
    output: (c) => chunks.push(c),
    agentId: 'a1',
    conversationId: 'c1',
    depth: 0,
    logDir: path.join(dataDir, 'logs'),
    chunks,
    ...over,
  };
}
