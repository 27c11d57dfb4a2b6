import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ToolContext } from '../types.js';
import type { ExecuteDeps } from './deps.js';

export function tempProject(): { root: string; dataDir: string } {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'cc-exec-')));
  const root = path.join(base, 'project');
  const dataDir = path.join(base, 'data');
  require_mkdir(root);
  require_mkdir(dataDir);
  return { root, dataDir };
}

import { mkdirSync } from 'node:fs';
function require_mkdir(p: string) {
  mkdirSync(p, { recursive: true });
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
