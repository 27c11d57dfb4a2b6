/**
 * `codecoder check --project DIR [--grant KEY=session|project]… TOOL ARGS_JSON`: a dry run of the
 * permission engine against the project's codecoder.json. Never asks, never executes, never writes.
 * TOOL is any of the app's 26 tools; its arguments are validated and keyed by the tool itself
 * (`tool.permission()`, which may resolve paths or, for web_fetch, the host name).
 * Prints {"decision","via","key","violations"} (plus "entry"/"reason" when known). A --grant above
 * the ceiling (a shell key at project scope) exits 1 with the CeilingViolation.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { CliIo } from '../main.js';
import { jsonText, shown } from '../output.js';
import { cliTools } from '../toolRegistry.js';
import { TOOL_NAMES, parseToolArgs } from '../../tools/index.js';
import {
  MemoryAuditLog,
  PermissionEngine,
  type Grant,
  ProjectConfig,
  cliProjectTrust,
  isPermissionMode,
  type PermissionMode,
  systemClock,
} from '../../permissions/index.js';
import { defaultDataDir } from '../../appData.js';
import { staticEnvironmentOfKey, staticMcpTool, staticServers } from '../../mcp/index.js';

export const summary = 'dry-run a tool call through the permission engine (never executes)';

const USAGE = `usage: codecoder check --project DIR [--grant KEY=session|project]... [--mode ask|plan|edits] TOOL ARGS_JSON
tools: ${TOOL_NAMES.join(', ')}, mcp__<server>__<tool> (a configured MCP server's tool)
example: codecoder check --project . run_command '{"command":"git status"}'
`;

export async function run(argv: string[], io: CliIo): Promise<number> {
  let project: string | undefined;
  const grants: Grant[] = [];
  let mode: PermissionMode = 'ask';
  const positional: string[] = [];
  const fail = (msg: string): number => {
    io.stderr.write(`codecoder check: ${shown(msg)}\n${USAGE}`);
    return 2;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string | undefined => {
      const eq = a.indexOf('=');
      if (a.startsWith('--') && eq > 0) return a.slice(eq + 1);
      return argv[++i];
    };
    if (a === '--help' || a === '-h') {
      io.stdout.write(USAGE);
      return 0;
    } else if (a === '--project' || a.startsWith('--project=')) {
      project = value();
      if (!project) return fail('--project needs a directory');
    } else if (a === '--grant' || a.startsWith('--grant=')) {
      const g = value();
      const eq = g?.lastIndexOf('=') ?? -1;
      const scope = g?.slice(eq + 1);
      if (!g || eq <= 0 || (scope !== 'session' && scope !== 'project'))
        return fail(`--grant takes KEY=session or KEY=project, got ${JSON.stringify(g ?? '')}`);
      grants.push({ key: g.slice(0, eq), scope });
    } else if (a === '--mode' || a.startsWith('--mode=')) {
      const m = value();
      if (!isPermissionMode(m)) return fail(`--mode takes ask, plan or edits, got ${JSON.stringify(m ?? '')}`);
      mode = m;
    } else if (a === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    } else if (a.startsWith('--')) return fail(`unknown option ${a}`);
    else positional.push(a);
  }
  const [toolName, argsJson = '{}', ...extra] = positional;
  if (!toolName) return fail('missing TOOL');
  if (extra.length) return fail(`unexpected arguments: ${extra.join(' ')} (quote ARGS_JSON as one argument)`);
  let rawArgs: unknown;
  try {
    rawArgs = JSON.parse(argsJson);
  } catch (err) {
    return fail(`ARGS_JSON is not valid JSON: ${(err as Error).message}`);
  }

  let root: string;
  try {
    root = await realpath(path.resolve(project ?? '.'));
  } catch (err) {
    return fail(`cannot open the project ${project ?? '.'}: ${(err as Error).message}`);
  }
  const { registry, environmentOfKey, facts } = cliTools(root, io.env);
  const config = await ProjectConfig.open({ projectRoot: root });
  // MCP servers are read, never started: their keys' environments and `mcp__…` names.
  const mcp = await staticServers(root, defaultDataDir(io.env), config.snapshot().mcpServers);
  const mcpEnvironment = staticEnvironmentOfKey(mcp);
  const mcpTool = toolName.startsWith('mcp__') ? staticMcpTool(mcp, toolName) : undefined;
  if (mcpTool && 'error' in mcpTool) return fail(mcpTool.error);
  const builtIn = mcpTool ? undefined : registry.get(toolName);
  if (!mcpTool && !builtIn) return fail(`unknown tool "${toolName}"`);
  // The same validation as a model's call: a bad field is named, and nothing is checked.
  const parsed = builtIn ? parseToolArgs(builtIn, rawArgs) : { ok: true as const, args: rawArgs };
  if (!parsed.ok) return fail(parsed.error);
  if (mcpTool && !mcpTool.parameters.safeParse(rawArgs).success) return fail(`${toolName}: invalid arguments: an object is expected`);
  const err = config.snapshot().error;
  if (err) io.stderr.write(`codecoder check: warning: ${shown(err.message)}; the project allowlist counts as empty\n`);
  const engine = new PermissionEngine({
    projectRoot: root,
    asker: async () => {
      throw new Error('a dry run never asks');
    },
    clock: systemClock,
    config,
    trust: await cliProjectTrust('check', root, config, io),
    audit: new MemoryAuditLog(),
    environmentOfKey: (raw) => mcpEnvironment(raw) ?? environmentOfKey(raw),
    tools: facts,
  });

  let result;
  try {
    const permission = builtIn ? await builtIn.permission(parsed.args, { projectRoot: root }) : mcpTool!.permission();
    const environment = builtIn ? builtIn.environment : mcpTool!.environment;
    result = engine.dryRun({ tool: toolName, environment, permission }, grants, mode);
  } catch (e) {
    return fail((e as Error).message);
  }
  io.stdout.write(jsonText(result) + '\n');
  const grantViolations = engine.checkGrants(grants).violations;
  if (grantViolations.length) {
    for (const v of grantViolations) io.stderr.write(`${shown(v.message)}\n`);
    return 1;
  }
  return 0;
}
