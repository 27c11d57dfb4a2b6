/**
 * Test doubles for the permission engine: a manual clock, a scripted asker that records every
 * prompt, hand-built command permissions (the classifier's output shape) and temp projects.
 * Imported only by tests.
 */
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach } from 'vitest';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { MemoryAuditLog } from './audit.js';
import { PermissionEngine, type EngineChange, type EngineDecision, type EngineDeps } from './engine.js';
import { formatKey } from './keyGrammar.js';
import { commandPermission } from './keys.js';
import { ProjectConfig } from './projectConfig.js';
import type { TrustSource, TrustState } from './trust/projectTrust.js';
import type { AskAnswer, AskRequest, Clock, Environment, Permission, ToolFactsView } from './types.js';

/**
 * A folder trust that honours codecoder.json: the engine's own tests exercise the chain on a
 * trusted file (folder trust itself is tested in trust/*.test.ts and trust.engine.test.ts).
 */
export function alwaysTrusted(): TrustSource {
  const state = (): TrustState => ({ status: 'trusted', sha256: null, trustedAt: null, runOnly: false, error: null });
  return {
    honoured: () => true,
    isTrusted: () => true,
    state,
    refresh: async () => state(),
    afterOwnWrite: async () => state(),
    trust: async () => state(),
    revoke: async () => state(),
  };
}

export class ManualClock implements Clock {
  constructor(public t = 1_700_000_000_000) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export class ScriptedAsker {
  readonly asked: AskRequest[] = [];
  private readonly answers: AskAnswer[] = [];
  answer(...a: AskAnswer[]): this {
    this.answers.push(...a);
    return this;
  }
  readonly fn = async (req: AskRequest): Promise<AskAnswer> => {
    this.asked.push(req);
    const a = this.answers.shift();
    if (!a) throw new Error(`unexpected prompt for ${req.key.raw}`);
    return a;
  };
}

export const TOOL_ENV: Record<string, Environment> = {
  run_command: 'shell',
  write_file: 'host',
  edit_file: 'host',
  read_file: 'host',
  commit: 'host',
  wasm_run: 'wasm',
  docker_run: 'docker',
};
export const envOfKey = (raw: string): Environment | undefined => TOOL_ENV[raw.slice(0, raw.indexOf(':'))];

/** What commandPermission returns for a simple command. */
export function simple(program: string, subcommand?: string): Permission {
  const ref = subcommand === undefined ? { program } : { program, subcommand };
  return {
    kind: 'ask',
    key: formatKey('run_command', program),
    flags: subcommand === undefined ? { programs: [ref] } : { programs: [ref], subcommand },
  };
}

/** What commandPermission returns for a compound command. */
export function compound(action: string, programs: { program: string; subcommand?: string }[]): Permission {
  return { kind: 'ask', key: formatKey('run_command', action), flags: { compound: true, programs, notes: ['compound'] } };
}

export function pathKey(rel: string, flags?: { protectedPath?: boolean; outsideProject?: boolean }): Permission {
  return flags ? { kind: 'ask', key: formatKey('write_file', rel), flags } : { kind: 'ask', key: formatKey('write_file', rel) };
}

export async function tempProject(): Promise<{ root: string; cleanup: () => Promise<void> }> {
  const root = await useTempDir()('cc-perm-');
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) };
}

export interface Harness {
  engine: PermissionEngine;
  config: ProjectConfig;
  asker: ScriptedAsker;
  clock: ManualClock;
  audit: MemoryAuditLog;
  changes: EngineChange[];
  root: string;
}

/**
 * The tools' own declarations are the registry's (tools/facts.ts), which permissions may not import:
 * a test whose engine needs them passes `tools: builtInToolFacts()` (tools/tools.testkit.ts).
 */
export const UNDECLARED_TOOLS: ToolFactsView = {
  editsInProject: (tool) => {
    throw new Error(`this engine was given no tool facts (asked whether ${tool} edits): pass tools: builtInToolFacts()`);
  },
  toolsOfAccess: (access) => {
    throw new Error(`this engine was given no tool facts (asked for the ${access} tools): pass tools: builtInToolFacts()`);
  },
};

export async function makeEngine(root: string, overrides: Partial<EngineDeps> = {}): Promise<Harness> {
  const config = await ProjectConfig.open({ projectRoot: root });
  const asker = new ScriptedAsker();
  const clock = new ManualClock();
  const audit = new MemoryAuditLog();
  const changes: EngineChange[] = [];
  const engine = new PermissionEngine({
    projectRoot: root,
    asker: asker.fn,
    clock,
    config,
    trust: alwaysTrusted(),
    audit,
    environmentOfKey: envOfKey,
    onChange: (c) => changes.push(c),
    tools: UNDECLARED_TOOLS,
    ...overrides,
  });
  return { engine, config, asker, clock, audit, changes, root };
}

export function request(tool: string, permission: Permission, environment: Environment = TOOL_ENV[tool] ?? 'host') {
  return { tool, environment, permission, args: {}, agentId: 'agent-1', conversationId: 'conv-1', depth: 0 };
}

/**
 * For a describe block: a fresh engine in a temp project before each test (removed after it), and
 * `check(command)` through the real classifier.
 */
export function commandEngine(overrides: Partial<EngineDeps> = {}): { harness: () => Harness; check: (command: string) => Promise<EngineDecision> } {
  let h: Harness | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    const t = await tempProject();
    cleanup = t.cleanup;
    h = await makeEngine(t.root, overrides);
  });
  afterEach(async () => cleanup?.());
  const harness = (): Harness => {
    if (!h) throw new Error('commandEngine: used outside a test');
    return h;
  };
  return { harness, check: (command) => harness().engine.check(request('run_command', commandPermission(command))) };
}
