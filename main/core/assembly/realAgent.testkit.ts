/**
 * Test support: the real agent (engine, registry, runtime) on a temp project and data folder, driven
 * by the scripted server over the Anthropic SDK. `realAgentHarness()` registers an afterEach that
 * closes the agent and the server and removes both folders. Imported only by tests.
 */
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach } from 'vitest';
import { startScriptedServer, type ScriptedServer, type ScriptInput } from '../llm/index.js';
import { assembleAgent, type AssembleOptions, type AssembledAgent } from './assemble.js';
import { EventLog, instantRetry, scriptedProvider, tempDir } from '../agent/agent.testkit.js';

export interface RealAgent {
  agent: AssembledAgent;
  server: ScriptedServer;
  log: EventLog;
  root: string;
}

export function realAgentHarness(): (
  script: ScriptInput,
  opts?: { files?: Record<string, string>; assemble?: Partial<AssembleOptions> },
) => Promise<RealAgent> {
  const open: { agent?: AssembledAgent; server?: ScriptedServer; dirs: string[] } = { dirs: [] };
  afterEach(async () => {
    await open.agent?.close();
    await open.server?.close();
    open.agent = undefined;
    open.server = undefined;
    await Promise.all(open.dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
  });
  return async (script, opts = {}) => {
    const server = (open.server = await startScriptedServer({ script }));
    const root = await tempDir('cc-real-proj-');
    const dataDir = await tempDir('cc-real-data-');
    open.dirs.push(root, dataDir);
    for (const [rel, content] of Object.entries(opts.files ?? {})) await writeFile(path.join(root, rel), content);
    const log = new EventLog();
    const agent = (open.agent = await assembleAgent({
      projectRoot: root,
      dataDir,
      provider: scriptedProvider('anthropic', server, instantRetry),
      emit: log.emit,
      memoryAudit: true,
      toolDeps: { execute: { killGraceMs: 50 } },
      runtime: { memory: null },
      ...opts.assemble,
    }));
    return { agent, server, log, root };
  };
}
