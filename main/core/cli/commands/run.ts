/**
 * `codecoder run`: the same agent in a terminal. Streams the answer to stdout, prints each tool
 * call with its key and decision to stderr, and asks for approvals on a TTY (once / session /
 * project where the ceiling allows / deny, with the diff of a file change). Without a TTY,
 * `--on-ask` answers: stop (the default: refuse and stop, nobody is there to say what to do
 * instead), deny (refuse, tell the model why, let it go on; exit 5 says calls were denied), once,
 * session. The model settings default to the app's saved Settings (savedSettings.ts).
 *
 * The parts live in cli/run/: the options (options.ts), the model (model.ts), the terminal's
 * approvals (approvals.ts) and what is printed (printer.ts); this file runs them in order.
 */
import type { CliIo } from '../io.js';
import { shown } from '../output.js';
import { Usage } from '../usage.js';
import { defaultDataDir } from '../../appData.js';
import type { StopReason } from '../../agent/index.js';
import { assembleAgent, type AssembleOptions, type AssembledAgent } from '../../assembly/index.js';
import { isLlmError } from '../../llm/index.js';
import { runTrustNote } from '../trustLines.js';
import { answerOnTerminal } from '../run/approvals.js';
import { openRunModel, SCRIPTED_NO_KEY, type RunModel } from '../run/model.js';
import { readRunOptions, USAGE, type RunOptions } from '../run/options.js';
import { Printer } from '../run/printer.js';
import { runInWorktree } from '../run/worktree.js';

export const summary = 'run the agent on a prompt in the terminal (streams the answer, asks for approvals)';

const EXIT: Record<StopReason, number> = { end_turn: 0, max_tokens: 0, error: 1, denied: 3, max_turns: 4, cancelled: 130 };
const EXIT_FINISHED_WITH_DENIALS = 5;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const usage = new Usage('run', USAGE, io);
  const o = readRunOptions(argv, usage);
  if (typeof o === 'number') return o;
  const root = await usage.projectRoot(o.project);
  if (typeof root === 'number') return root;
  const dataDir = defaultDataDir(io.env);
  const model = await openRunModel(o, io.env, dataDir);
  if ('error' in model) return usage.fail(model.error);

  const print = new Printer(io, o.events);
  const agent = await assembleForRun(o, root, dataDir, model, io.env, print);
  await agent.mcp?.sync();
  for (const p of agent.mcp?.report() ?? []) io.stderr.write(`codecoder run: mcp: ${p}\n`);
  const trustNote = runTrustNote(agent.trust, agent.config.snapshot().allowlist.length, root, o.trustProject);
  if (trustNote) io.stderr.write(`codecoder run: ${trustNote}\n`);
  const answering = answerOnTerminal({
    io,
    approvals: agent.approvals,
    onAsk: o.onAsk,
  });

  let cancel = () => {};
  const onSigint = () => cancel();
  process.on('SIGINT', onSigint);
  try {
    if (o.worktree !== undefined)
      return await runInWorktree({
        io,
        root,
        dataDir,
        prompt: o.prompt,
        name: o.worktree,
        main: agent,
        // The agent's own: its worktree as project root, the project's codecoder.json and trust, no MCP servers.
        assemble: (extra) => assembleForRun(o, root, dataDir, model, io.env, print, extra),
        stopOnDenial: io.stdin.isTTY !== true && o.onAsk === 'stop',
        quiet: o.events,
        onEvent: (e) => print.event(e),
      });
    const presets = agent.engine.sessionPresets();
    if (presets.length) agent.engine.acceptPresets(await agent.runtime.offerSessionPresets(presets, o.conversation ?? 'session-start'));
    const handle = await agent.runtime.start({
      prompt: o.prompt,
      ...(o.conversation ? { conversationId: o.conversation } : {}),
      stopOnDenial: io.stdin.isTTY !== true && o.onAsk === 'stop',
      mode: o.mode,
    });
    cancel = handle.cancel;
    const result = await handle.done;
    if (!o.events) {
      io.stdout.write('\n');
      if (result.error) io.stderr.write(`codecoder run: ${shown(result.error.message)} [${result.error.code}]\n`);
      else if (result.stopReason !== 'end_turn') io.stderr.write(`codecoder run: stopped (${result.stopReason})\n`);
      io.stderr.write(`conversation ${handle.conversationId} · ${result.turns} turns · ${print.costLine()}\n`);
      if (print.denials > 0 && result.stopReason !== 'denied')
        io.stderr.write(`codecoder run: ${print.denials} call${print.denials === 1 ? ' was' : 's were'} denied\n`);
    }
    // A run that finished but had calls refused says so in its exit code (scripts can tell).
    return result.stopReason === 'end_turn' && print.denials > 0 ? EXIT_FINISHED_WITH_DENIALS : EXIT[result.stopReason];
  } catch (err) {
    io.stderr.write(`codecoder run: ${shown((err as Error).message)}${isLlmError(err) ? ` [${err.code}]` : ''}\n`);
    return 1;
  } finally {
    process.off('SIGINT', onSigint);
    answering.close();
    await agent.close();
    await model.close();
  }
}

/** The project's agent as the app assembles it, printing its events, with checkpoints and MCP servers. */
function assembleForRun(
  o: RunOptions,
  root: string,
  dataDir: string,
  model: RunModel,
  env: NodeJS.ProcessEnv,
  print: Printer,
  /** A background agent's: its worktree, the project's config, the shared queue (and no MCP servers). */
  worktreeAgent?: Pick<AssembleOptions, 'projectRoot' | 'configRoot' | 'emit' | 'approvals'>,
): Promise<AssembledAgent> {
  const { webSearch, githubToken } = model.search;
  return assembleAgent({
    dataDir,
    provider: model.provider,
    secrets: [env.ANTHROPIC_API_KEY, env.OPENAI_API_KEY, model.settings.apiKey, model.fileKey, ...model.savedSecrets].filter(
      (k): k is string => !!k && k !== SCRIPTED_NO_KEY,
    ),
    toolDeps: {
      ...(webSearch ? { webSearch } : {}),
      ...(githubToken ? { github: { token: githubToken } } : {}),
      containerEngine: () => model.containerEngine,
      // --in-container: every conversation of this run (the one, and its sub-agents') runs its commands in a container.
      ...(o.inContainer ? { commandsInContainer: () => true } : {}),
      // The key file and its key: hidden from the sandbox and the container, redacted from tool output.
      ...(model.keyFilePaths.length ? { hiddenFiles: () => model.keyFilePaths } : {}),
    },
    runtime: { ...(o.maxTurns ? { maxTurns: o.maxTurns } : {}) },
    trustProjectForRun: o.trustProject,
    checkpoints: true,
    // MCP servers: the user's and, once trusted, the project's; stopped by agent.close().
    ...(worktreeAgent ?? { projectRoot: root, emit: (e) => print.event(e), mcp: { env } }),
  });
}
