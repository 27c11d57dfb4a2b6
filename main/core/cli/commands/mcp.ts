/**
 * `codecoder mcp list --project DIR [--json]`: the project's MCP servers (user-level, codecoder.json,
 * .mcp.json) with their status, and each ready server's tools with the model-facing name, the
 * permission key and its level — what the engine would do with a call now (ask, allowed for the
 * project by codecoder.json, or denied) and the highest scope the key can be granted (its ceiling).
 *
 * Servers of a project file start only when that file is trusted (as in the app); they are stopped
 * before the command exits.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { defaultDataDir } from '../../appData.js';
import { McpManager, type McpServerView } from '../../mcp/index.js';
import {
  MemoryAuditLog,
  PermissionEngine,
  parseKey,
  ProjectConfig,
  TrustStore,
  ceilingOf,
  systemClock,
} from '../../permissions/index.js';
import { cliTools } from '../toolRegistry.js';
import { cliProjectTrust } from '../trustLines.js';
import { jsonText, shown } from '../output.js';
import type { CliIo } from '../io.js';
import { Usage } from '../usage.js';

export const summary = "list the project's MCP servers, their tools, keys and levels (mcp list --project DIR [--json])";

const USAGE = 'usage: codecoder mcp list --project DIR [--json]\n';

export async function run(argv: string[], io: CliIo): Promise<number> {
  const usage = new Usage('mcp', USAGE, io);
  const args = usage.parse(argv, { project: { type: 'string', default: '.' }, json: { type: 'boolean', default: false } });
  if (typeof args === 'number') return args;
  const { project, json } = args.values;
  const [sub, ...extra] = args.positionals;
  if (sub !== 'list') return usage.fail(`unknown subcommand ${JSON.stringify(sub ?? '')}`);
  if (extra.length) return usage.fail(`unexpected argument ${extra[0]}`);
  let root: string;
  try {
    root = await realpath(path.resolve(project));
  } catch (err) {
    return usage.fail(`cannot open the project ${project}: ${(err as Error).message}`);
  }
  const dataDir = defaultDataDir(io.env);
  const config = await ProjectConfig.open({ projectRoot: root });
  const trust = await cliProjectTrust('mcp', root, config, io);
  const manager = await McpManager.open({
    projectRoot: root,
    dataDir,
    project: { servers: () => config.snapshot().mcpServers, isTrusted: () => trust.isTrusted() },
    trustStore: TrustStore.forDataDir(dataDir),
    expand: { env: io.env, appSecrets: [io.env.ANTHROPIC_API_KEY, io.env.OPENAI_API_KEY].filter((k): k is string => !!k) },
    timeouts: { initializeMs: 15_000, listToolsMs: 10_000 },
    // One attempt each: a listing does not wait for restarts.
    backoff: { maxRestarts: 0 },
  });
  const { environmentOfKey: builtIn, facts } = cliTools(root, io.env);
  const engine = new PermissionEngine({
    projectRoot: root,
    asker: async () => {
      throw new Error('a listing never asks');
    },
    clock: systemClock,
    config,
    trust,
    audit: new MemoryAuditLog(),
    environmentOfKey: (raw) => manager.environmentOfKey(raw) ?? builtIn(raw),
    tools: facts,
  });
  try {
    await manager.sync();
    const servers = manager.servers().map((s) => withLevels(s, engine));
    const report = manager.report();
    if (json) io.stdout.write(`${jsonText({ project: root, servers, problems: report }, 2)}\n`);
    else io.stdout.write(format(servers, report));
    return 0;
  } finally {
    engine.close();
    config.close();
    await manager.close();
  }
}

type Level = { decision: 'ask' | 'allow' | 'deny'; via: string; ceiling: 'session' | 'project' };

function withLevels(
  s: McpServerView,
  engine: PermissionEngine,
): McpServerView & { ceiling: 'session' | 'project'; tools: (McpServerView['tools'][number] & Level)[] } {
  const ceiling = ceilingOf(s.environment);
  return {
    ...s,
    ceiling,
    tools: s.tools.map((t) => {
      const r = engine.dryRun({ tool: t.name, environment: s.environment, permission: { kind: 'ask', key: parseKey(t.key) } });
      return { ...t, decision: r.decision, via: r.via, ceiling };
    }),
  };
}

function format(servers: ReturnType<typeof withLevels>[], problems: string[]): string {
  const lines: string[] = [];
  if (servers.length === 0)
    lines.push('no MCP servers configured (codecoder.json "mcpServers", .mcp.json, or mcp.json in the data folder)');
  for (const s of servers) {
    lines.push(`${shown(s.name)}  [${s.status}]  ${s.source}, ${s.transport}, environment ${s.environment} (ceiling: ${s.ceiling})`);
    lines.push(`  runs: ${shown(s.target)}`);
    if (s.reason) lines.push(`  ${shown(s.reason)}`);
    if (s.stderrTail && s.status === 'failed') lines.push(`  stderr: ${shown(s.stderrTail.trim().split('\n').slice(-3).join(' | '))}`);
    for (const t of s.tools) {
      const level = t.decision === 'allow' ? `allowed (${t.via})` : t.decision === 'deny' ? 'denied' : 'ask';
      lines.push(
        `  ${shown(t.name)}  key ${shown(JSON.stringify(t.key))}  ${level}${t.hints.length ? `  hints: ${shown(t.hints.join('; '))}` : ''}`,
      );
    }
  }
  for (const p of problems) lines.push(`problem: ${shown(p)}`);
  return `${lines.join('\n')}\n`;
}
