/**
 * `codecoder agents list|diff|stop|merge|discard --project DIR`: the project's background agents
 * (docs/agents.md) from a terminal. Opening them reconciles what a crash left (main/core/agents/
 * reconcile.ts). A merge that changes a protected entry asks on the terminal, or per `--on-ask`
 * (default deny) without one; the decision lands in the project's audit log like the app's.
 */
import type { AgentView } from '../../../../shared/contract/index.js';
import { AgentsService, engineMergeAsker } from '../../agents/index.js';
import { defaultDataDir } from '../../appData.js';
import { assembleAgent } from '../../assembly/index.js';
import type { LlmProvider } from '../../llm/index.js';
import type { CliIo } from '../io.js';
import { shown } from '../output.js';
import { answerOnTerminal } from '../run/approvals.js';
import { Usage } from '../usage.js';

export const summary = "list a project's background agents, show one's diff, stop, merge or discard it";

const USAGE = `usage: codecoder agents list --project DIR [--json]
       codecoder agents diff|stop|merge|discard --project DIR [--json] [--on-ask deny|once] AGENT
  list      every agent: status, files changed, tokens, cost, branch
  diff      the agent's changes against the commit it started from
  stop      stop an agent this command can reach (one run by the app is stopped there)
  merge     merge its branch into the project: fast-forward or a merge commit; a conflict is shown and
            nothing is changed; refused over uncommitted changes in the files it touches. A protected
            entry (.git, codecoder.json, …) asks first: on the terminal, or per --on-ask (default deny)
  discard   remove its worktree, its branch and its record
exit: 0 done · 1 error, refused or conflict · 2 usage
`;

const SUBS = ['list', 'diff', 'stop', 'merge', 'discard'] as const;

/** Agents need no model to be listed, merged or discarded: a provider that refuses, should anything ask it. */
const NO_MODEL: LlmProvider = {
  kind: 'anthropic',
  model: 'none',
  stream: () => {
    throw new Error('codecoder agents runs no model');
  },
};

export async function run(argv: string[], io: CliIo): Promise<number> {
  const usage = new Usage('agents', USAGE, io);
  const parsed = usage.parse(argv, {
    project: { type: 'string' },
    json: { type: 'boolean', default: false },
    'on-ask': { type: 'string', default: 'deny' },
  });
  if (typeof parsed === 'number') return parsed;
  const o = parsed.values;
  const [sub, id, ...extra] = parsed.positionals;
  const verb = SUBS.find((s) => s === sub);
  if (!verb) return usage.fail(sub ? `unknown subcommand "${sub}"` : `missing ${SUBS.join(', ')}`);
  if (extra.length) return usage.fail(`unexpected arguments: ${extra.join(' ')}`);
  if (verb === 'list' ? id !== undefined : id === undefined)
    return usage.fail(verb === 'list' ? `unexpected argument ${id}` : 'missing AGENT');
  if (!o.project) return usage.fail('--project DIR is required');
  if (o['on-ask'] !== 'deny' && o['on-ask'] !== 'once') return usage.fail(`--on-ask takes deny or once, got "${o['on-ask']}"`);
  const root = await usage.projectRoot(o.project);
  if (typeof root === 'number') return root;
  const dataDir = defaultDataDir(io.env);
  const say = (text: string) => io.stderr.write(`codecoder agents: ${shown(text)}\n`);
  // The project's own engine: a merge's protected entries ask through it, audited in the project's log.
  const main = await assembleAgent({ projectRoot: root, dataDir, provider: NO_MODEL, emit: () => {}, hooks: false });
  const answering = answerOnTerminal({ io, approvals: main.approvals, onAsk: o['on-ask'] });
  let agents: AgentsService | undefined;
  try {
    agents = await AgentsService.open({
      projectRoot: root,
      dataDir,
      limit: () => 1,
      approvals: main.approvals,
      askMerge: engineMergeAsker(main.engine),
      assemble: () => Promise.reject(new Error('codecoder agents starts no agent')),
    });
    const r = agents.reconciled;
    if (r.interrupted.length) say(`interrupted when CodeCoder stopped: ${r.interrupted.join(', ')}`);
    if (r.removed.length) say(`removed half-made or stray worktrees: ${r.removed.join(', ')}`);
    if (r.killed.length) say(`ended ${r.killed.length} command${r.killed.length === 1 ? '' : 's'} left running by interrupted agents`);
    if (r.locks.length) say(`removed ${r.locks.length} stale git lock${r.locks.length === 1 ? '' : 's'}`);
    for (const p of r.problems) say(`unreadable record (left as it is): ${p}`);
    const out = (value: unknown, text: string) => io.stdout.write(o.json ? `${JSON.stringify(value)}\n` : text);
    switch (verb) {
      case 'list': {
        const list = await agents.list();
        out(list, list.length ? `${list.map(line).join('\n')}\n` : 'no agents\n');
        return 0;
      }
      case 'diff': {
        const d = await agents.diff(id!);
        out(
          d,
          `${d.files.map((f) => `${f.change.padEnd(8)} ${shown(f.path)}${f.protected ? '  (protected)' : ''}`).join('\n')}\n\n${shown(d.diff)}${d.truncated ? '\n… (cut)\n' : ''}`,
        );
        return 0;
      }
      case 'stop': {
        const before = agents.get(id!);
        const after = await agents.stop(id!);
        if ((after.status === 'running' || after.status === 'waiting' || after.status === 'queued') && before.status === after.status) {
          say(`agent ${id} is run by another CodeCoder process: stop it there`);
          return 1;
        }
        out(after, `${line(after)}\n`);
        return 0;
      }
      case 'merge': {
        const m = await agents.merge(id!);
        const conflicts = m.conflicts.map((c) => `\n--- conflict in ${shown(c.path)}\n${shown(c.diff)}`).join('');
        out(m, `${m.outcome}: ${shown(m.message)}\n${conflicts}`);
        return m.outcome === 'fast-forward' || m.outcome === 'merged' || m.outcome === 'up-to-date' ? 0 : 1;
      }
      case 'discard':
        await agents.discard(id!);
        out({ ok: true }, `discarded ${id}\n`);
        return 0;
    }
    return 2;
  } catch (err) {
    say((err as Error).message);
    return 1;
  } finally {
    answering.close();
    await agents?.close();
    await main.close();
  }
}

function line(a: AgentView): string {
  const cost = a.usage.costUsd === null || a.usage.costUsd === undefined ? 'cost unknown' : `$${a.usage.costUsd.toFixed(4)}`;
  const tokens = `${a.usage.inputTokens + a.usage.outputTokens} tokens`;
  return [
    a.id.padEnd(20),
    a.status.padEnd(11),
    `${a.filesChanged} files`.padEnd(9),
    tokens,
    cost,
    a.branch,
    a.message ? `— ${a.message.split('\n')[0]}` : '',
  ]
    .filter(Boolean)
    .map((s) => shown(s))
    .join('  ');
}
