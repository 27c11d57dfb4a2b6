/**
 * `codecoder check --project DIR [--grant KEY=session|project]… TOOL ARGS_JSON`: a dry run of the
 * permission engine against the project's codecoder.json. Never asks, never executes, never writes.
 * TOOL is any of the app's 26 tools; its arguments are validated and keyed by the tool itself
 * (`tool.permission()`, which may resolve paths or, for web_fetch, the host name).
 * Prints {"decision","via","key","violations"} (plus "entry"/"reason" when known). A --grant above
 * the ceiling (a shell key at project scope) exits 1 with the CeilingViolation.
 * The PreToolUse hooks that apply are run (their programs, never the tool) and what they say is
 * added as "hooks" — {"decision" after them, "reason", "runs"}; `--no-hooks` skips them.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { CliIo } from '../io.js';
import { jsonText, shown } from '../output.js';
import { cliTools } from '../toolRegistry.js';
import { Usage } from '../usage.js';
import { TOOL_NAMES, parseToolArgs } from '../../tools/index.js';
import {
  JsonlAuditLog,
  MemoryAuditLog,
  PermissionEngine,
  type Grant,
  ProjectConfig,
  isPermissionMode,
  systemClock,
} from '../../permissions/index.js';
import { defaultDataDir } from '../../appData.js';
import { cliProjectTrust } from '../trustLines.js';
import { cliHooks, type ToolCallFacts } from '../../hooks/index.js';
import { staticEnvironmentOfKey, staticMcpTool, staticServers } from '../../mcp/index.js';

export const summary = 'dry-run a tool call through the permission engine (never executes)';

const USAGE = `usage: codecoder check --project DIR [--grant KEY=session|project]... [--mode ask|plan|edits] [--no-hooks] TOOL ARGS_JSON
tools: ${TOOL_NAMES.join(', ')}, mcp__<server>__<tool> (a configured MCP server's tool)
example: codecoder check --project . run_command '{"command":"git status"}'
`;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const usage = new Usage('check', USAGE, io);
  const args = usage.parse(argv, {
    project: { type: 'string' },
    grant: { type: 'string', multiple: true, default: [] },
    mode: { type: 'string', default: 'ask' },
    'no-hooks': { type: 'boolean', default: false },
  });
  if (typeof args === 'number') return args;
  const { project } = args.values;
  if (project === '') return usage.fail('--project needs a directory');
  const grants: Grant[] = [];
  for (const g of args.values.grant) {
    const eq = g.lastIndexOf('=');
    const scope = g.slice(eq + 1);
    if (eq <= 0 || (scope !== 'session' && scope !== 'project'))
      return usage.fail(`--grant takes KEY=session or KEY=project, got ${JSON.stringify(g)}`);
    grants.push({ key: g.slice(0, eq), scope });
  }
  const mode = args.values.mode;
  if (!isPermissionMode(mode)) return usage.fail(`--mode takes ask, plan or edits, got ${JSON.stringify(mode)}`);
  const [toolName, argsJson = '{}', ...extra] = args.positionals;
  if (!toolName) return usage.fail('missing TOOL');
  if (extra.length) return usage.fail(`unexpected arguments: ${extra.join(' ')} (quote ARGS_JSON as one argument)`);
  let rawArgs: unknown;
  try {
    rawArgs = JSON.parse(argsJson);
  } catch (err) {
    return usage.fail(`ARGS_JSON is not valid JSON: ${(err as Error).message}`);
  }

  let root: string;
  try {
    root = await realpath(path.resolve(project ?? '.'));
  } catch (err) {
    return usage.fail(`cannot open the project ${project ?? '.'}: ${(err as Error).message}`);
  }
  const { registry, environmentOfKey, facts } = cliTools(root, io.env);
  const config = await ProjectConfig.open({ projectRoot: root });
  // MCP servers are read, never started: their keys' environments and `mcp__…` names.
  const mcp = await staticServers(root, defaultDataDir(io.env), config.snapshot().mcpServers);
  const mcpEnvironment = staticEnvironmentOfKey(mcp);
  const mcpTool = toolName.startsWith('mcp__') ? staticMcpTool(mcp, toolName) : undefined;
  if (mcpTool && 'error' in mcpTool) return usage.fail(mcpTool.error);
  const builtIn = mcpTool ? undefined : registry.get(toolName);
  if (!mcpTool && !builtIn) return usage.fail(`unknown tool "${toolName}"`);
  // The same validation as a model's call: a bad field is named, and nothing is checked.
  const parsed = builtIn ? parseToolArgs(builtIn, rawArgs) : { ok: true as const, args: rawArgs };
  if (!parsed.ok) return usage.fail(parsed.error);
  if (mcpTool && !mcpTool.parameters.safeParse(rawArgs).success) return usage.fail(`${toolName}: invalid arguments: an object is expected`);
  const err = config.snapshot().error;
  if (err) io.stderr.write(`codecoder check: warning: ${shown(err.message)}; the project allowlist counts as empty\n`);
  const trust = await cliProjectTrust('check', root, config, io);
  const engine = new PermissionEngine({
    projectRoot: root,
    asker: async () => {
      throw new Error('a dry run never asks');
    },
    clock: systemClock,
    config,
    trust,
    audit: new MemoryAuditLog(),
    environmentOfKey: (raw) => mcpEnvironment(raw) ?? environmentOfKey(raw),
    tools: facts,
  });

  let result;
  let permission;
  let environment;
  try {
    permission = builtIn ? await builtIn.permission(parsed.args, { projectRoot: root }) : mcpTool!.permission();
    environment = builtIn ? builtIn.environment : mcpTool!.environment;
    result = engine.dryRun({ tool: toolName, environment, permission }, grants, mode);
  } catch (e) {
    return usage.fail((e as Error).message);
  }
  const said = !args.values['no-hooks']
    ? await preToolUseSays(root, io, config, trust, engine, { tool: toolName, environment, permission, args: parsed.args }, result.decision)
    : undefined;
  io.stdout.write(jsonText({ ...result, ...(said ? { hooks: said } : {}) }) + '\n');
  const grantViolations = engine.checkGrants(grants).violations;
  if (grantViolations.length) {
    for (const v of grantViolations) io.stderr.write(`${shown(v.message)}\n`);
    return 1;
  }
  return 0;
}

/** What the PreToolUse hooks that apply would say about this call (undefined when none applies and none is unreadable). */
async function preToolUseSays(
  root: string,
  io: CliIo,
  config: ProjectConfig,
  trust: { isTrusted(): boolean },
  engine: PermissionEngine,
  call: Omit<ToolCallFacts, 'conversationId'>,
  decision: 'allow' | 'ask' | 'deny',
): Promise<{ decision: 'allow' | 'ask' | 'deny'; reason?: string; runs: object[] } | undefined> {
  const dataDir = defaultDataDir(io.env);
  const audit = JsonlAuditLog.forProject(dataDir, root);
  const hooks = cliHooks({
    projectRoot: root,
    dataDir,
    projectHooks: () => config.snapshot().hooks,
    isTrusted: () => trust.isTrusted(),
    audit,
    clock: systemClock,
    env: io.env,
    decisionSoFar: (c) => {
      const v = engine.decide(c);
      return { outcome: v.outcome, via: v.via };
    },
  });
  const v = await hooks.preToolUse({ ...call, conversationId: 'codecoder-check' });
  await audit.flush();
  const runs = hooks.lastRuns();
  if (runs.length === 0 && v.effect === 'none') return undefined;
  // Hooks only tighten: a deny stays a deny, an ask turns an allow into an ask.
  const after = decision === 'deny' || v.effect === 'deny' ? 'deny' : v.effect === 'ask' ? 'ask' : decision;
  return {
    decision: after,
    ...(v.reason ? { reason: v.reason } : {}),
    runs: runs.map((r) => ({
      command: r.command,
      source: r.source,
      effect: r.effect,
      ...(r.message ? { message: r.message } : {}),
      exitCode: r.exitCode,
      durationMs: r.durationMs,
    })),
  };
}
