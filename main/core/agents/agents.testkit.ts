/**
 * Test support: a real git project with the project's own assembled agent (its engine asks for
 * merges) and an AgentsService whose agents run on the scripted model, all on one approval queue,
 * as the app wires them. Folders come from useTempDir; `close()` ends everything.
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ApprovalQueue } from '../approvals/index.js';
import { assembleAgent, type AssembledAgent } from '../assembly/index.js';
import { startScriptedServer, type ScriptedServer, type ScriptInput } from '../llm/index.js';
import { EventLog, instantRetry, scriptedProvider } from '../agent/agent.testkit.js';
import type { TempDirs } from '../fs/tempDir.testkit.js';
import { engineMergeAsker } from './mergeAsk.js';
import { AgentsService } from './service.js';

export const gitIn = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', ...args], { cwd, encoding: 'utf8' });

/** A git repository with `files` committed. */
export async function gitProject(temp: TempDirs, files: Record<string, string>): Promise<string> {
  const root = await temp('cc-agents-proj-');
  gitIn(root, 'init', '-q', '-b', 'main');
  for (const [rel, text] of Object.entries(files)) await writeFile(path.join(root, rel), text);
  gitIn(root, 'add', '-A');
  gitIn(root, 'commit', '-q', '-m', 'base');
  return root;
}

export interface AgentsRig {
  root: string;
  dataDir: string;
  server: ScriptedServer;
  approvals: ApprovalQueue;
  main: AssembledAgent;
  agents: AgentsService;
  log: EventLog;
  close(): Promise<void>;
}

export async function agentsRig(
  temp: TempDirs,
  opts: { files: Record<string, string>; script: ScriptInput; limit?: number; root?: string; dataDir?: string },
): Promise<AgentsRig> {
  const root = opts.root ?? (await gitProject(temp, opts.files));
  const dataDir = opts.dataDir ?? (await temp('cc-agents-data-'));
  const server = await startScriptedServer({ script: opts.script });
  const approvals = new ApprovalQueue();
  const log = new EventLog();
  const provider = scriptedProvider('anthropic', server, instantRetry);
  const main = await assembleAgent({
    projectRoot: root,
    dataDir,
    provider,
    emit: log.emit,
    approvals,
    memoryAudit: true,
    runtime: { memory: null },
  });
  const agents = await AgentsService.open({
    projectRoot: root,
    dataDir,
    limit: () => opts.limit ?? 4,
    approvals,
    askMerge: engineMergeAsker(main.engine),
    onEvent: log.emit,
    assemble: ({ worktree, emit, approvals: queue }) =>
      assembleAgent({
        projectRoot: worktree,
        configRoot: root,
        dataDir,
        provider,
        emit,
        approvals: queue,
        memoryAudit: true,
        checkpoints: true,
        toolDeps: { execute: { killGraceMs: 50 } },
        runtime: { memory: null },
      }),
  });
  return {
    root,
    dataDir,
    server,
    approvals,
    main,
    agents,
    log,
    async close() {
      await agents.close();
      approvals.cancelAll();
      await main.close();
      await server.close();
    },
  };
}
