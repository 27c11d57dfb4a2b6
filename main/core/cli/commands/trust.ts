/**
 * `codecoder trust --project DIR`: prints what the folder's codecoder.json would allow (each entry in
 * words, ceiling violations, ignored entries, deny rules) and records that this user trusts exactly
 * that content. `--revoke` removes the record. The record lives in the data folder, never the project.
 * Exit: 0 done (or nothing to trust) · 2 usage, or a file or trust store that cannot be used.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { CliIo } from '../io.js';
import { defaultDataDir } from '../../appData.js';
import { hookReviewLines } from '../../hooks/index.js';
import { CONFIG_FILE, ProjectConfig, compileProject, needsTrust, ProjectTrust, trustReview, TrustStore } from '../../permissions/index.js';
import { shown as printable } from '../output.js';
import { cliKeyEnvironment } from '../toolRegistry.js';
import { serverList, serverReviewLine } from '../../mcp/index.js';
import { Usage } from '../usage.js';

export const summary = "trust a folder's codecoder.json (prints what it allows, records it) or --revoke that trust";

const USAGE = 'usage: codecoder trust --project DIR [--revoke]\n';

/**
 * The programs trusting the file would start, by kind: each kind is one list of entries, each entry
 * its lines (the first says what runs; the rest where and with what). A new kind is one more list.
 */
async function startsOnTrust(
  root: string,
  env: NodeJS.ProcessEnv,
  snap: { mcpServers?: unknown; hooks?: unknown },
): Promise<{ title: string; lines: string[][] }[]> {
  // The file's own servers only (the user's mcp.json and .mcp.json are not what is being trusted here).
  const servers = serverList({ project: snap.mcpServers }).servers.filter((s) => s.source === 'project').map(serverReviewLine);
  return [
    {
      title: 'MCP servers it would start',
      lines: servers.map((s) => [
        `${s.name}: ${s.runs}`,
        `runs in: ${s.environment}${s.cwd !== null ? `, folder ${s.cwd}` : ''}`,
        `environment names: ${s.passes.length ? s.passes.join(', ') : '(none)'}`,
        ...(s.hosts.length ? [`network hosts: ${s.hosts.join(', ')}`] : []),
      ]),
    },
    {
      title: 'hooks it would run on this computer',
      lines: hookReviewLines(snap.hooks).map((h) => [
        `${h.event} for ${h.runsFor} (${h.environment}): ${h.command}${h.problem ? `  (${h.problem})` : ''}`,
      ]),
    },
  ];
}

export async function run(argv: string[], io: CliIo): Promise<number> {
  const usage = new Usage('trust', USAGE, io);
  const args = usage.parse(argv, { project: { type: 'string' }, revoke: { type: 'boolean', default: false } });
  if (typeof args === 'number') return args;
  const { project, revoke } = args.values;
  if (args.positionals.length) return usage.fail(`unexpected argument ${args.positionals[0]}`);
  if (!project) return usage.fail('--project DIR is required');
  let root: string;
  try {
    root = await realpath(path.resolve(project));
  } catch (err) {
    return usage.fail(`cannot open the project ${project}: ${(err as Error).message}`);
  }

  const store = TrustStore.forDataDir(defaultDataDir(io.env));
  const config = await ProjectConfig.open({ projectRoot: root });
  try {
    const trust = await ProjectTrust.open({ store, projectRoot: root, config });
    if (revoke) {
      const had = await store.remove(trust.folder);
      io.stdout.write(
        had
          ? `no longer trusting ${printable(root)}: its ${CONFIG_FILE} allow entries will ask again\n`
          : `${printable(root)} was not trusted\n`,
      );
      return 0;
    }
    const snap = config.snapshot();
    if (snap.error) {
      io.stderr.write(
        `codecoder trust: ${printable(snap.error.message)}\nA malformed ${CONFIG_FILE} grants nothing; nothing was trusted.\n`,
      );
      return 2;
    }
    const review = trustReview(compileProject(snap, await cliKeyEnvironment(root, io.env, snap.mcpServers)));
    if (!needsTrust(snap)) {
      io.stdout.write(
        `${printable(path.join(root, CONFIG_FILE))} ${snap.exists ? 'has no allow entries, servers or hooks' : 'does not exist'}: nothing to trust (deny rules always count)\n`,
      );
      return 0;
    }
    io.stdout.write(`This folder's ${CONFIG_FILE} would allow:${review.allow.length === 0 ? ' (no allow entries)' : ''}\n`);
    for (const e of review.allow) {
      const note = e.violation
        ? `\n      never honoured: ${printable(e.violation)}`
        : e.problem
          ? `\n      ignored: ${printable(e.problem)}`
          : '';
      io.stdout.write(`  ${printable(e.key)}  ${e.value}\n      ${printable(e.meaning)}${note}\n`);
    }
    // What trusting would start: one list per kind of thing (servers, hooks, …), each line as written.
    for (const list of await startsOnTrust(root, io.env, snap)) {
      if (list.lines.length === 0) continue;
      io.stdout.write(`${list.title} (${list.lines.length}):\n`);
      for (const line of list.lines) io.stdout.write(`  ${line.map(printable).join('\n      ')}\n`);
    }
    io.stdout.write(`deny rules (${review.deny.length}, honoured whether trusted or not):\n`);
    for (const d of review.deny) io.stdout.write(`  ${printable(d.pattern)}${d.problem ? `  (ignored: ${printable(d.problem)})` : ''}\n`);
    const state = await trust.trust(trust.state().sha256 ?? undefined);
    io.stdout.write(`trusted ${printable(root)} with ${CONFIG_FILE} sha256 ${state.sha256} (recorded in ${printable(store.file)})\n`);
    return 0;
  } catch (err) {
    io.stderr.write(`codecoder trust: ${printable((err as Error).message)}\n`);
    return 2;
  } finally {
    config.close();
  }
}
