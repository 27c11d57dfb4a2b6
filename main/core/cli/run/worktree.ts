/**
 * `codecoder run --worktree[=NAME]`: the prompt runs as a background agent of the project — its own
 * branch and worktree in the app's data folder, the project's codecoder.json and trust, approvals
 * on this terminal — and what it changed is committed on its branch for `codecoder agents merge`.
 */
import type { AssembleOptions, AssembledAgent } from '../../assembly/index.js';
import { AgentsService, engineMergeAsker } from '../../agents/index.js';
import type { Emit } from '../../agent/index.js';
import type { CliIo } from '../io.js';
import { shown } from '../output.js';

const EXIT = { finished: 0, merged: 0, failed: 1, stopped: 130, interrupted: 130, queued: 1, running: 1, waiting: 1 } as const;

export async function runInWorktree(opts: {
  io: CliIo;
  root: string;
  dataDir: string;
  prompt: string;
  name: string;
  /** The project's own agent: its queue takes the approvals, its engine asks for merges. */
  main: AssembledAgent;
  assemble(extra: Pick<AssembleOptions, 'projectRoot' | 'configRoot' | 'emit' | 'approvals'>): Promise<AssembledAgent>;
  stopOnDenial: boolean;
  quiet: boolean;
  /** Prints each of the agent's events, as a plain run's. */
  onEvent: Emit;
}): Promise<number> {
  const { io } = opts;
  const agents = await AgentsService.open({
    projectRoot: opts.root,
    dataDir: opts.dataDir,
    limit: () => 1,
    approvals: opts.main.approvals,
    askMerge: engineMergeAsker(opts.main.engine),
    stopOnDenial: opts.stopOnDenial,
    onEvent: opts.onEvent,
    assemble: ({ worktree, emit, approvals }) => opts.assemble({ projectRoot: worktree, configRoot: opts.root, emit, approvals }),
  });
  for (const id of agents.reconciled.interrupted) io.stderr.write(`codecoder run: agent ${id} was interrupted when CodeCoder stopped\n`);
  let id: string | undefined;
  const onSigint = () => void (id && agents.stop(id));
  process.on('SIGINT', onSigint);
  try {
    const started = await agents.start({ prompt: opts.prompt, ...(opts.name ? { name: opts.name } : {}) });
    id = started.id;
    if (!opts.quiet) io.stderr.write(`codecoder run: agent ${started.id} on branch ${started.branch} in ${shown(started.worktree)}\n`);
    await agents.idle();
    const done = agents.get(started.id);
    if (!opts.quiet) {
      io.stdout.write('\n');
      io.stderr.write(
        `agent ${done.id} ${done.status}${done.message && done.status !== 'finished' ? ` (${shown(done.message)})` : ''} · ${done.filesChanged} file${done.filesChanged === 1 ? '' : 's'} changed on ${done.branch}\n` +
          `review: codecoder agents diff ${done.id} --project ${shown(opts.root)} · merge: codecoder agents merge ${done.id} --project ${shown(opts.root)}\n`,
      );
    }
    return EXIT[done.status];
  } finally {
    process.off('SIGINT', onSigint);
    await agents.close();
  }
}
