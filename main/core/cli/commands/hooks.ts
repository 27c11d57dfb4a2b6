/**
 * `codecoder hooks list --project DIR [--json]`: the hooks that would run around this project's tool
 * calls — the user's (hooks.json in the data folder) and codecoder.json's — each with its event,
 * matcher, key, environment, timeout and command, whether it runs now (and why not), and every
 * declaration that cannot be read. Runs nothing.
 * Exit: 0 listed · 2 usage or a project that cannot be opened.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { CliIo } from '../io.js';
import { jsonText, shown } from '../output.js';
import { Usage } from '../usage.js';
import { defaultDataDir } from '../../appData.js';
import { cliHooks, USER_HOOKS_FILE } from '../../hooks/index.js';
import { CONFIG_FILE, MemoryAuditLog, ProjectConfig, ProjectTrust, systemClock, TrustStore } from '../../permissions/index.js';

export const summary = "list the hooks that run around a project's tool calls (yours and codecoder.json's)";

const USAGE = 'usage: codecoder hooks list --project DIR [--json]\n';

export async function run(argv: string[], io: CliIo): Promise<number> {
  const usage = new Usage('hooks', USAGE, io);
  const args = usage.parse(argv, { project: { type: 'string' }, json: { type: 'boolean', default: false } });
  if (typeof args === 'number') return args;
  const [verb, ...extra] = args.positionals;
  if (verb !== 'list') return usage.fail(verb ? `unknown subcommand ${verb}` : 'missing subcommand (list)');
  if (extra.length) return usage.fail(`unexpected argument ${extra[0]}`);
  const { project, json } = args.values;
  if (!project) return usage.fail('--project DIR is required');
  const fail = (msg: string): number => usage.fail(msg);
  let root: string;
  try {
    root = await realpath(path.resolve(project));
  } catch (err) {
    return fail(`cannot open the project ${project}: ${(err as Error).message}`);
  }
  const dataDir = defaultDataDir(io.env);
  const config = await ProjectConfig.open({ projectRoot: root });
  try {
    const trust = await ProjectTrust.open({ store: TrustStore.forDataDir(dataDir), projectRoot: root, config });
    const hooks = cliHooks({
      projectRoot: root,
      dataDir,
      projectHooks: () => config.snapshot().hooks,
      isTrusted: () => trust.isTrusted(),
      audit: new MemoryAuditLog(),
      clock: systemClock,
      env: io.env,
    });
    const { hooks: declared, problems } = hooks.declared();
    const files = { user: path.join(dataDir, USER_HOOKS_FILE), project: path.join(root, CONFIG_FILE) };
    if (json) {
      io.stdout.write(jsonText({ project: root, files, trust: trust.state().status, hooks: declared, problems }, 2) + '\n');
      return 0;
    }
    io.stdout.write(
      `hooks for ${shown(root)}\n  yours: ${shown(files.user)}\n  the project's: ${shown(files.project)} (${trust.state().status})\n`,
    );
    if (declared.length === 0) io.stdout.write('no hooks declared\n');
    for (const h of declared) {
      const state = h.active ? 'runs' : `does not run: ${h.inactiveReason}`;
      const scope =
        h.event === 'PreToolUse' || h.event === 'PostToolUse' ? ` for ${h.matcher ?? 'every tool'}${h.key ? ` (${h.key})` : ''}` : '';
      io.stdout.write(
        `\n${h.source === 'user' ? 'yours' : 'project'}  ${h.event}${shown(scope)}  [${state}]\n` +
          `  ${shown(h.command)}\n  ${h.environment}, timeout ${h.timeoutMs / 1000} s, id ${h.id}\n`,
      );
    }
    if (problems.length) {
      io.stdout.write(
        `\ncannot be read (${problems.length})${problems.some((p) => (!p.event || p.event === 'PreToolUse') && (p.source === 'user' || trust.isTrusted())) ? ': until fixed, every tool call asks' : ''}:\n`,
      );
      for (const p of problems)
        io.stdout.write(`  ${p.source === 'user' ? USER_HOOKS_FILE : CONFIG_FILE} ${shown(p.at)}: ${shown(p.message)}\n`);
    }
    return 0;
  } finally {
    config.close();
  }
}
