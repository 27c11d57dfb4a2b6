/**
 * `codecoder check --project DIR [--grant KEY=session|project]… TOOL ARGS_JSON`: a dry run of the
 * permission engine against the project's codecoder.json. Never asks, never executes, never writes.
 * Prints {"decision","via","key","violations"} (plus "entry"/"reason" when known). A --grant above
 * the ceiling (a shell key at project scope) exits 1 with the CeilingViolation.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { CliIo } from '../main.js';
import { MemoryAuditLog } from '../../permissions/audit.js';
import { CLI_TOOLS, cliEnvironmentOfKey } from '../../permissions/cliTools.js';
import { PermissionEngine, type Grant } from '../../permissions/engine.js';
import { ProjectConfig } from '../../permissions/projectConfig.js';
import { cliProjectTrust } from '../../permissions/trust/cliTrust.js';
import { systemClock } from '../../permissions/types.js';
import { defaultDataDir } from '../../appData.js';
import { staticEnvironmentOfKey, staticMcpTool, staticServers } from '../../mcp/cliSupport.js';

export const summary = 'dry-run a tool call through the permission engine (never executes)';

const USAGE = `usage: codecoder check --project DIR [--grant KEY=session|project]... TOOL ARGS_JSON
tools: ${Object.keys(CLI_TOOLS).join(', ')}, mcp__<server>__<tool> (a configured MCP server's tool)
example: codecoder check --project . run_command '{"command":"git status"}'
`;

export async function run(argv: string[], io: CliIo): Promise<number> {
  let project: string | undefined;
  const grants: Grant[] = [];
  const positional: string[] = [];
  const fail = (msg: string): number => {
    io.stderr.write(`codecoder check: ${msg}\n${USAGE}`);
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
  const config = await ProjectConfig.open({ projectRoot: root });
  // MCP servers are read, never started: their keys' environments and `mcp__…` names.
  const mcp = await staticServers(root, defaultDataDir(io.env), config.snapshot().mcpServers);
  const mcpEnvironment = staticEnvironmentOfKey(mcp);
  const mcpTool = toolName.startsWith('mcp__') ? staticMcpTool(mcp, toolName) : undefined;
  if (mcpTool && 'error' in mcpTool) return fail(mcpTool.error);
  const tool = mcpTool ? { ...mcpTool, permission: () => mcpTool.permission() } : CLI_TOOLS[toolName];
  if (!tool) return fail(`unknown tool "${toolName}"`);
  const parsed = tool.parameters.safeParse(rawArgs);
  if (!parsed.success) {
    const why = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(arguments)'}: ${i.message}`).join('; ');
    return fail(`invalid arguments for ${toolName}: ${why}`);
  }
  const err = config.snapshot().error;
  if (err) io.stderr.write(`codecoder check: warning: ${err.message}; the project allowlist counts as empty\n`);
  const engine = new PermissionEngine({
    projectRoot: root,
    asker: async () => {
      throw new Error('a dry run never asks');
    },
    clock: systemClock,
    config,
    trust: await cliProjectTrust('check', root, config, io),
    audit: new MemoryAuditLog(),
    environmentOfKey: (raw) => mcpEnvironment(raw) ?? cliEnvironmentOfKey(raw),
  });

  let result;
  try {
    const permission = await tool.permission(parsed.data, root);
    result = engine.dryRun({ tool: toolName, environment: tool.environment, permission }, grants);
  } catch (e) {
    return fail((e as Error).message);
  }
  io.stdout.write(JSON.stringify(result) + '\n');
  const grantViolations = engine.checkGrants(grants).violations;
  if (grantViolations.length) {
    for (const v of grantViolations) io.stderr.write(`${v.message}\n`);
    return 1;
  }
  return 0;
}
