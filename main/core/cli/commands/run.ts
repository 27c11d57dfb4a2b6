/**
 * `codecoder run`: the same agent in a terminal. Streams the answer to stdout, prints each tool
 * call with its key and decision to stderr, and asks for approvals on a TTY (once / session /
 * project where the ceiling allows / deny, with the diff of a file change). Without a TTY,
 * `--on-ask` answers: stop (the default: refuse and stop, nobody is there to say what to do
 * instead), deny (refuse, tell the model why, let it go on; exit 5 says calls were denied), once,
 * session. The model settings default to the app's saved Settings (savedSettings.ts).
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { CliIo } from '../main.js';
import { jsonText, shown, shownText } from '../output.js';
import { defaultDataDir } from '../../appData.js';
import type { PendingApproval } from '../../approvals/index.js';
import type { AgentEvent, StopReason } from '../../agent/index.js';
import { assembleAgent } from '../../assembly/index.js';
import {
  isLlmError,
  createProvider,
  startScriptedServer,
  type ScriptedServer,
  parseScript,
  type LlmProviderKind,
  type LlmSettings,
} from '../../llm/index.js';
import { runTrustNote, isPermissionMode, type AskAnswer } from '../../permissions/index.js';
import { describeCompaction, formatCost } from '../../../../shared/contract/agentEvents.js';
import { changePreview } from '../approvalPreview.js';
import { resolveRunSettings } from '../savedSettings.js';

export const summary = 'run the agent on a prompt in the terminal (streams the answer, asks for approvals)';

const USAGE = `usage: codecoder run --project DIR [options] "PROMPT"
options:
  --provider anthropic|openai|openai-compatible   (default: anthropic, or openai when only OPENAI_API_KEY is set)
  --model NAME          the model (default: claude-sonnet-4-5 / gpt-4.1; "scripted" with --llm-script)
  --base-url URL        API root (Ollama: http://localhost:11434/v1, LM Studio: http://localhost:1234/v1)
  --api-key-file FILE   read the API key from FILE (one line; beats the environment and Settings)
  --llm-script FILE     replay a scripted model (no key needed), e.g. scripts/demo.llm.json
  --on-ask stop|deny|once|session   how approvals are answered without a TTY (default stop: refuse and
                        stop the run; deny: refuse, tell the model why, and let it go on)
  --conversation ID     continue a conversation of this project
  --mode ask|plan|edits permission mode: plan = read-only, edits = file edits in the project without asking
  --max-turns N         model turns before stopping (default 50)
  --trust-project       honour the folder's codecoder.json as it is now, for this run only (not recorded)
  --events              print every agent event as one JSON line on stdout instead of text
Without flags the provider, model, base URL and key saved in the app's Settings are used; flags
and the environment win.
keys: --api-key-file, ANTHROPIC_API_KEY, OPENAI_API_KEY, or the app's Settings when the web host saved
them (never printed; a key the desktop app saved is in the system keychain, which only the app opens)
exit: 0 finished · 1 error · 2 usage · 3 stopped by a denial · 4 turn limit · 5 finished, but calls
were denied · 130 cancelled
`;

const EXIT: Record<StopReason, number> = { end_turn: 0, max_tokens: 0, error: 1, denied: 3, max_turns: 4, cancelled: 130 };
const EXIT_FINISHED_WITH_DENIALS = 5;

export async function run(argv: string[], io: CliIo): Promise<number> {
  const fail = (msg: string) => {
    io.stderr.write(`codecoder run: ${shown(msg)}\n${USAGE}`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        project: { type: 'string' },
        provider: { type: 'string' },
        model: { type: 'string' },
        'base-url': { type: 'string' },
        'api-key-file': { type: 'string' },
        'llm-script': { type: 'string' },
        'on-ask': { type: 'string', default: 'stop' },
        conversation: { type: 'string' },
        mode: { type: 'string', default: 'ask' },
        'max-turns': { type: 'string' },
        events: { type: 'boolean', default: false },
        'trust-project': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    return fail((err as Error).message);
  }
  const o = parsed.values;
  if (o.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  const prompt = parsed.positionals.join(' ').trim();
  if (!prompt) return fail('missing PROMPT');
  if (!o.project) return fail('--project DIR is required');
  const onAsk = o['on-ask'];
  if (onAsk !== 'stop' && onAsk !== 'deny' && onAsk !== 'once' && onAsk !== 'session')
    return fail(`--on-ask takes stop, deny, once or session, got "${onAsk}"`);
  if (o.provider && !['anthropic', 'openai', 'openai-compatible'].includes(o.provider))
    return fail(`--provider takes anthropic, openai or openai-compatible, got "${o.provider}"`);
  if (!isPermissionMode(o.mode)) return fail(`--mode takes ask, plan or edits, got "${o.mode}"`);
  const mode = o.mode;
  const maxTurns = o['max-turns'] === undefined ? undefined : Number(o['max-turns']);
  if (maxTurns !== undefined && !(Number.isInteger(maxTurns) && maxTurns > 0)) return fail('--max-turns takes a positive integer');

  let root: string;
  try {
    root = await realpath(path.resolve(o.project));
  } catch (err) {
    return fail(`cannot open the project ${o.project}: ${(err as Error).message}`);
  }

  let server: ScriptedServer | undefined;
  const env = io.env;
  const dataDir = defaultDataDir(env);
  const resolved = resolveRunSettings(
    {
      ...(o.provider ? { provider: o.provider as LlmProviderKind } : {}),
      ...(o.model ? { model: o.model } : {}),
      ...(o['base-url'] ? { baseUrl: o['base-url'] } : {}),
    },
    env,
    dataDir,
  );
  const settings: LlmSettings = resolved.settings;
  const providerKind = settings.provider;
  if (o['api-key-file']) {
    const fromFile = await readKeyFile(o['api-key-file']);
    if (typeof fromFile !== 'string') return fail(fromFile.error);
    settings.apiKey = fromFile;
    delete resolved.keyProblem;
  }
  const key = settings.apiKey;

  if (o['llm-script']) {
    let script;
    try {
      script = parseScript(JSON.parse(await readFile(o['llm-script'], 'utf8')), o['llm-script']);
    } catch (err) {
      return fail(`cannot use the script ${o['llm-script']}: ${(err as Error).message}`);
    }
    server = await startScriptedServer({ script });
    settings.model = o.model ?? script.models?.[0] ?? 'scripted';
    settings.baseUrl = providerKind === 'anthropic' ? server.url : server.openaiUrl;
    // The scripted server checks no key; a real key is never sent to it.
    settings.apiKey = 'scripted-no-key';
  } else if (resolved.keyProblem) {
    // Also for openai-compatible servers: the user saved a key, so the server wants one; going on
    // without it would fail later with a less clear "invalid key".
    return fail(resolved.keyProblem);
  } else if (!key && providerKind !== 'openai-compatible') {
    return fail(
      resolved.keyProblem ??
        `no API key for ${providerKind}: set ${providerKind === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY'}, add it in the app's Settings, or use --llm-script FILE`,
    );
  }

  let provider;
  try {
    provider = createProvider(settings);
  } catch (err) {
    await server?.close();
    return fail((err as Error).message);
  }

  const tty = io.stdin.isTTY === true;
  const print = new Printer(io, o.events);
  const { webSearch, githubToken } = resolved.search;
  const agent = await assembleAgent({
    projectRoot: root,
    dataDir,
    provider,
    emit: (e) => print.event(e),
    secrets: [env.ANTHROPIC_API_KEY, env.OPENAI_API_KEY, settings.apiKey, ...resolved.savedSecrets].filter(
      (k): k is string => !!k && k !== 'scripted-no-key',
    ),
    toolDeps: { ...(webSearch ? { webSearch } : {}), ...(githubToken ? { github: { token: githubToken } } : {}) },
    runtime: { ...(maxTurns ? { maxTurns } : {}) },
    trustProjectForRun: o['trust-project'],
    checkpoints: true,
    // MCP servers: the user's and, once trusted, the project's; stopped by agent.close().
    mcp: { env },
  });
  await agent.mcp?.sync();
  for (const p of agent.mcp?.report() ?? []) io.stderr.write(`codecoder run: mcp: ${p}\n`);
  const trustNote = runTrustNote(agent.trust, agent.config.snapshot().allowlist.length, root, o['trust-project']);
  if (trustNote) io.stderr.write(`codecoder run: ${trustNote}\n`);
  const rl = tty ? new LineReader(createInterface({ input: io.stdin, terminal: false }), io.stderr) : undefined;
  let asking = Promise.resolve();
  const unsubscribe = agent.approvals.subscribe((n) => {
    if (n.type !== 'approval.requested') return;
    // One prompt at a time on the terminal, in the order they were asked.
    asking = asking
      .then(() => answerApproval(n.approval))
      .catch((err: unknown) => void io.stderr.write(`codecoder run: ${shown((err as Error).message)}\n`));
  });

  async function answerApproval(a: PendingApproval): Promise<void> {
    if (!agent.approvals.list().some((p) => p.id === a.id)) return; // cancelled meanwhile
    if (a.kind === 'presets') {
      let accept = onAsk === 'session';
      if (rl)
        accept = /^y/i.test(
          await rl.question(`Allow these for this session (from codecoder.json): ${a.presets.map(shown).join(', ')}? [y/N] `),
        );
      agent.approvals.answer(a.id, accept ? { choice: 'session' } : { choice: 'deny' });
      return;
    }
    // The engine lists what it honours for this key (a protected path: once only); ask for no more.
    const offered = a.request.scopes ?? ['once', 'session', a.request.ceiling];
    if (!rl) {
      const answer: AskAnswer =
        onAsk === 'deny' || onAsk === 'stop'
          ? { choice: 'deny', reason: `no one is at the terminal to approve it (--on-ask ${onAsk})` }
          : onAsk === 'session' && offered.includes('session')
            ? { choice: 'session' }
            : { choice: 'once' };
      io.stderr.write(
        `  ? ${shown(a.request.key.raw)} → ${answer.choice} (--on-ask${answer.choice === onAsk || answer.choice === 'deny' ? '' : `; ${onAsk} is not offered for this key`})\n`,
      );
      agent.approvals.answer(a.id, answer);
      return;
    }
    const r = a.request;
    const canSession = offered.includes('session');
    const canProject = offered.includes('project');
    io.stderr.write(
      `\n? ${r.tool} wants ${shown(describeArgs(r.tool, r.args))}\n  key ${shown(r.key.raw)}${r.flags?.notes?.length ? `\n  note: ${shown(r.flags.notes.join('; '))}` : ''}\n`,
    );
    const preview = await changePreview(root, agent.registry.get(r.tool), r.args);
    if (preview) io.stderr.write(`${preview}\n`);
    for (;;) {
      const choice = (
        await rl.question(
          `  allow [o]nce${canSession ? ', for this [s]ession' : ''}${canProject ? ', for this [p]roject' : ''}, or [d]eny? `,
        )
      )
        .trim()
        .toLowerCase();
      if (choice === 'o' || choice === 'once') return agent.approvals.answer(a.id, { choice: 'once' });
      if (canSession && (choice === 's' || choice === 'session')) return agent.approvals.answer(a.id, { choice: 'session' });
      if (canProject && (choice === 'p' || choice === 'project')) return agent.approvals.answer(a.id, { choice: 'project' });
      if (choice === 'd' || choice === 'deny') {
        const reason = (await rl.question('  reason for the agent (optional): ')).trim();
        return agent.approvals.answer(a.id, reason ? { choice: 'deny', reason } : { choice: 'deny' });
      }
      if (rl.ended) return agent.approvals.answer(a.id, { choice: 'deny', reason: 'the terminal closed before an answer' });
      io.stderr.write(`  please answer o${canSession ? ', s' : ''}${canProject ? ', p' : ''} or d\n`);
    }
  }

  let cancel = () => {};
  const onSigint = () => cancel();
  process.on('SIGINT', onSigint);
  try {
    const presets = agent.engine.sessionPresets();
    if (presets.length) agent.engine.acceptPresets(await agent.runtime.offerSessionPresets(presets, o.conversation ?? 'session-start'));
    const handle = await agent.runtime.start({
      prompt,
      ...(o.conversation ? { conversationId: o.conversation } : {}),
      stopOnDenial: !tty && onAsk === 'stop',
      mode,
    });
    cancel = handle.cancel;
    const result = await handle.done;
    if (!o.events) {
      io.stdout.write('\n');
      if (result.error) io.stderr.write(`codecoder run: ${shown(result.error.message)} [${result.error.code}]\n`);
      else if (result.stopReason !== 'end_turn') io.stderr.write(`codecoder run: stopped (${result.stopReason})\n`);
      io.stderr.write(`conversation ${handle.conversationId} · ${result.turns} turns · ${print.costLine()}\n`);
    }
    if (!o.events && print.denials > 0 && result.stopReason !== 'denied')
      io.stderr.write(`codecoder run: ${print.denials} call${print.denials === 1 ? ' was' : 's were'} denied\n`);
    // A run that finished but had calls refused says so in its exit code (scripts can tell).
    return result.stopReason === 'end_turn' && print.denials > 0 ? EXIT_FINISHED_WITH_DENIALS : EXIT[result.stopReason];
  } catch (err) {
    io.stderr.write(`codecoder run: ${shown((err as Error).message)}${isLlmError(err) ? ` [${err.code}]` : ''}\n`);
    return 1;
  } finally {
    process.off('SIGINT', onSigint);
    unsubscribe();
    rl?.close();
    await agent.close();
    await server?.close();
  }
}

/**
 * Questions on the terminal. Lines typed ahead are queued, not lost (readline's question() only
 * sees lines that arrive after it is called); end of input answers "" (which never allows).
 */
class LineReader {
  private readonly lines: string[] = [];
  private readonly waiters: ((line: string) => void)[] = [];
  private closed = false;
  constructor(
    private readonly rl: Interface,
    private readonly out: NodeJS.WritableStream,
  ) {
    rl.on('line', (line) => {
      const w = this.waiters.shift();
      if (w) w(line);
      else this.lines.push(line);
    });
    rl.on('close', () => {
      this.closed = true;
      for (const w of this.waiters.splice(0)) w('');
    });
  }
  question(q: string): Promise<string> {
    this.out.write(q);
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    if (this.closed) return Promise.resolve('');
    return new Promise((resolve) => this.waiters.push(resolve));
  }
  get ended(): boolean {
    return this.closed && this.lines.length === 0;
  }
  close(): void {
    this.rl.close();
  }
}

function describeArgs(tool: string, args: unknown): string {
  const a = (args ?? {}) as Record<string, unknown>;
  if (typeof a.command === 'string') return `to run: ${a.command}`;
  if (typeof a.path === 'string' && typeof a.content === 'string') return `to write ${a.path} (${a.content.split('\n').length} lines)`;
  const json = JSON.stringify(args);
  return `to run ${tool} ${json.length > 300 ? `${json.slice(0, 300)}…` : json}`;
}

/** Human rendering of the event stream (or JSON lines with --events). */
class Printer {
  private atLineStart = true;
  private carry = '';
  /** Calls refused (by the user, a rule or --on-ask) in the main agent and its sub-agents. */
  denials = 0;
  /** Every model call of the run, sub-agents and summaries included (depth 0 = the main agent). */
  private readonly totals = [0, 1].map(() => ({ calls: 0, input: 0, cached: 0, output: 0, cost: 0 as number | null }));
  constructor(
    private readonly io: CliIo,
    private readonly json: boolean,
  ) {}

  event(e: AgentEvent): void {
    if (this.json) {
      this.io.stdout.write(`${jsonText(e)}\n`);
      return;
    }
    const pad = e.depth > 0 ? '    ' : '';
    if (e.type === 'usage') {
      const t = this.totals[e.depth > 0 ? 1 : 0]!;
      t.calls++;
      t.input += e.inputTokens;
      t.cached += e.cacheReadTokens ?? 0;
      t.output += e.outputTokens;
      t.cost = t.cost === null || e.costUsd == null ? null : t.cost + e.costUsd;
    }
    const err = (s: string) => {
      if (!this.atLineStart) this.io.stdout.write('\n');
      this.atLineStart = true;
      this.io.stderr.write(s);
    };
    switch (e.type) {
      case 'text.delta':
        if (e.depth === 0) {
          // A surrogate pair split across deltas is held back, not escaped as two halves.
          let text = this.carry + e.text;
          this.carry = /[\ud800-\udbff]$/.test(text) ? text.slice(-1) : '';
          if (this.carry) text = text.slice(0, -1);
          this.io.stdout.write(shownText(text));
          if (text) this.atLineStart = text.endsWith('\n');
        }
        break;
      case 'tool.call':
        if (e.decision === 'denied') this.denials++;
        err(
          `${pad}⏺ ${e.tool} ${shown(clip(JSON.stringify(e.args), 160))}  [${shown(e.key ?? 'no key')}: ${e.decision} via ${e.via}${e.reason ? ` — ${shown(clip(e.reason, 160))}` : ''}]\n`,
        );
        break;
      case 'tool.result':
        err(
          `${pad}  ⎿ ${e.cancelled ? 'cancelled by user' : shown(clip(e.content.split('\n')[0] ?? '', 160))}${e.isError && !e.cancelled ? '  (error)' : ''}${e.fullLogPath ? `  (full log: ${shown(e.fullLogPath)})` : ''}\n`,
        );
        // A command's output (what the model read after its first line), bounded.
        if (!e.cancelled && isCommandResult(e.data)) {
          const out = commandOutput(e.content);
          if (out) err(`${out.map((l) => `${pad}    │ ${l}`).join('\n')}\n`);
        }
        break;
      case 'subagent.started':
        err(`${pad}  ↳ sub-agent ${e.childAgentId}: ${shown(clip(e.prompt, 120))}\n`);
        break;
      case 'subagent.finished':
        err(
          `${pad}  ↲ sub-agent ${e.childAgentId} ${e.stopReason}: ${shown(clip(e.answer.split('\n')[0] ?? '', 160))}${e.usage ? `  (${this.usageText(e.usage)})` : ''}\n`,
        );
        break;
      case 'checkpoint':
        err(
          e.error
            ? `${pad}  (no checkpoint before ${e.label}: ${e.error})\n`
            : `${pad}  (checkpoint ${e.checkpointId} before ${e.label})\n`,
        );
        break;
      case 'context.compacted':
        err(`${pad}  (context: ${describeCompaction(e).replace(/^./, (c) => c.toLowerCase())})\n`);
        break;
      case 'model.retry':
        err(`${pad}  (model: ${e.code}, retry ${e.attempt} in ${e.delayMs} ms)\n`);
        break;
      default:
        break;
    }
  }

  /** "12,345 in (9,000 cached) / 1,234 out tokens · $0.0123" of one sub-agent. */
  private usageText(u: NonNullable<Extract<AgentEvent, { type: 'subagent.finished' }>['usage']>): string {
    return usageLine({ input: u.inputTokens, cached: u.cacheReadTokens ?? 0, output: u.outputTokens, cost: u.costUsd ?? null });
  }

  /** "12,345 in (9,000 cached) / 1,234 out tokens · $0.0123", plus the sub-agents' share when any ran. */
  costLine(): string {
    const line = usageLine;
    const [main, sub] = this.totals as [Printer['totals'][number], Printer['totals'][number]];
    if (sub.calls === 0) return line(main);
    const all = {
      calls: main.calls + sub.calls,
      input: main.input + sub.input,
      cached: main.cached + sub.cached,
      output: main.output + sub.output,
      cost: main.cost === null || sub.cost === null ? null : main.cost + sub.cost,
    };
    return `${line(all)} (sub-agents: ${line(sub)})`;
  }
}

function usageLine(t: { input: number; cached: number; output: number; cost: number | null }): string {
  const f = (n: number) => n.toLocaleString('en-US');
  return `${f(t.input)} in${t.cached ? ` (${f(t.cached)} cached)` : ''} / ${f(t.output)} out tokens · ${formatCost(t.cost)}`;
}

function isCommandResult(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'exitCode' in data;
}

const OUTPUT_HEAD = 10;
const OUTPUT_TAIL = 20;

/** The lines after a command result's first line: the first 10 and last 20, each clipped. */
export function commandOutput(content: string): string[] | undefined {
  const lines = content.split('\n').slice(1);
  while (lines.length && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (lines.length === 0) return undefined;
  const shown =
    lines.length <= OUTPUT_HEAD + OUTPUT_TAIL
      ? lines
      : [...lines.slice(0, OUTPUT_HEAD), `… ${lines.length - OUTPUT_HEAD - OUTPUT_TAIL} lines not shown …`, ...lines.slice(-OUTPUT_TAIL)];
  return shown.map((l) => clip(l, 200));
}

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}

/** The key in a `--api-key-file`: its first line, trimmed. An empty or unreadable file is a usage error naming it. */
async function readKeyFile(file: string): Promise<string | { error: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    return { error: `cannot read the key file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}` };
  }
  const key = (text.split(/\r?\n/)[0] ?? '').trim();
  return key ? key : { error: `the key file ${file} is empty (it should hold the key on its first line)` };
}
