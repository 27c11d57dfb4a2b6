/**
 * `codecoder run`: the same agent in a terminal. Streams the answer to stdout, prints each tool
 * call with its key and decision to stderr, and asks for approvals on a TTY (once / session /
 * project where the ceiling allows / deny). Without a TTY, `--on-ask` answers (default deny, which
 * also stops the run: nobody is there to say what to do instead).
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { CliIo } from '../main.js';
import { defaultDataDir } from '../../appData.js';
import type { PendingApproval } from '../../agent/approvals.js';
import { assembleAgent } from '../../agent/assemble.js';
import type { AgentEvent } from '../../agent/events.js';
import type { StopReason } from '../../agent/events.js';
import { isLlmError } from '../../llm/errors.js';
import { createProvider } from '../../llm/provider.js';
import { startScriptedServer, type ScriptedServer } from '../../llm/scripted/server.js';
import { parseScript } from '../../llm/scripted/script.js';
import type { LlmProviderKind, LlmSettings } from '../../llm/types.js';
import { runTrustNote } from '../../permissions/trust/cliTrust.js';
import type { AskAnswer } from '../../permissions/types.js';

export const summary = 'run the agent on a prompt in the terminal (streams the answer, asks for approvals)';

const USAGE = `usage: codecoder run --project DIR [options] "PROMPT"
options:
  --provider anthropic|openai|openai-compatible   (default: anthropic, or openai when only OPENAI_API_KEY is set)
  --model NAME          the model (default: claude-sonnet-4-5 / gpt-4.1; "scripted" with --llm-script)
  --base-url URL        API root (Ollama: http://localhost:11434/v1, LM Studio: http://localhost:1234/v1)
  --llm-script FILE     replay a scripted model (no key needed), e.g. scripts/demo.llm.json
  --on-ask deny|once|session   how approvals are answered without a TTY (default deny: refuse and stop)
  --conversation ID     continue a conversation of this project
  --max-turns N         model turns before stopping (default 50)
  --trust-project       honour the folder's codecoder.json as it is now, for this run only (not recorded)
  --events              print every agent event as one JSON line on stdout instead of text
keys: ANTHROPIC_API_KEY, OPENAI_API_KEY (never printed)
exit: 0 finished · 1 error · 2 usage · 3 stopped by a denial · 4 turn limit · 130 cancelled
`;

const EXIT: Record<StopReason, number> = { end_turn: 0, max_tokens: 0, error: 1, denied: 3, max_turns: 4, cancelled: 130 };
const DEFAULT_MODEL: Record<LlmProviderKind, string> = {
  anthropic: 'claude-sonnet-4-5',
  openai: 'gpt-4.1',
  'openai-compatible': 'llama3.1',
};

export async function run(argv: string[], io: CliIo): Promise<number> {
  const fail = (msg: string) => {
    io.stderr.write(`codecoder run: ${msg}\n${USAGE}`);
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
        'llm-script': { type: 'string' },
        'on-ask': { type: 'string', default: 'deny' },
        conversation: { type: 'string' },
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
  if (onAsk !== 'deny' && onAsk !== 'once' && onAsk !== 'session') return fail(`--on-ask takes deny, once or session, got "${onAsk}"`);
  if (o.provider && !['anthropic', 'openai', 'openai-compatible'].includes(o.provider))
    return fail(`--provider takes anthropic, openai or openai-compatible, got "${o.provider}"`);
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
  const providerKind =
    (o.provider as LlmProviderKind | undefined) ?? (!env.ANTHROPIC_API_KEY && env.OPENAI_API_KEY ? 'openai' : 'anthropic');
  const settings: LlmSettings = { provider: providerKind, model: o.model ?? DEFAULT_MODEL[providerKind] };
  if (o['base-url']) settings.baseUrl = o['base-url'];
  const key = providerKind === 'anthropic' ? env.ANTHROPIC_API_KEY : env.OPENAI_API_KEY;
  if (key) settings.apiKey = key;

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
  } else if (!key && providerKind !== 'openai-compatible') {
    return fail(
      `no API key for ${providerKind}: set ${providerKind === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY'}, or use --llm-script FILE`,
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
  const agent = await assembleAgent({
    projectRoot: root,
    dataDir: defaultDataDir(env),
    provider,
    emit: (e) => print.event(e),
    secrets: [env.ANTHROPIC_API_KEY, env.OPENAI_API_KEY].filter((k): k is string => !!k),
    runtime: { ...(maxTurns ? { maxTurns } : {}) },
    trustProjectForRun: o['trust-project'],
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
      .catch((err: unknown) => void io.stderr.write(`codecoder run: ${(err as Error).message}\n`));
  });

  async function answerApproval(a: PendingApproval): Promise<void> {
    if (!agent.approvals.list().some((p) => p.id === a.id)) return; // cancelled meanwhile
    if (a.kind === 'presets') {
      let accept = onAsk === 'session';
      if (rl) accept = /^y/i.test(await rl.question(`Allow these for this session (from codecoder.json): ${a.presets.join(', ')}? [y/N] `));
      agent.approvals.answer(a.id, accept ? { choice: 'session' } : { choice: 'deny' });
      return;
    }
    if (!rl) {
      const answer: AskAnswer =
        onAsk === 'deny'
          ? { choice: 'deny', reason: 'no one is at the terminal to approve it (--on-ask deny)' }
          : onAsk === 'once'
            ? { choice: 'once' }
            : { choice: 'session' };
      io.stderr.write(`  ? ${a.request.key.raw} → ${onAsk} (--on-ask)\n`);
      agent.approvals.answer(a.id, answer);
      return;
    }
    const r = a.request;
    const canProject = r.ceiling === 'project';
    io.stderr.write(
      `\n? ${r.tool} wants ${describeArgs(r.tool, r.args)}\n  key ${r.key.raw}${r.flags?.notes?.length ? `\n  note: ${r.flags.notes.join('; ')}` : ''}\n`,
    );
    for (;;) {
      const choice = (await rl.question(`  allow [o]nce, for this [s]ession${canProject ? ', for this [p]roject' : ''}, or [d]eny? `))
        .trim()
        .toLowerCase();
      if (choice === 'o' || choice === 'once') return agent.approvals.answer(a.id, { choice: 'once' });
      if (choice === 's' || choice === 'session') return agent.approvals.answer(a.id, { choice: 'session' });
      if (canProject && (choice === 'p' || choice === 'project')) return agent.approvals.answer(a.id, { choice: 'project' });
      if (choice === 'd' || choice === 'deny') {
        const reason = (await rl.question('  reason for the agent (optional): ')).trim();
        return agent.approvals.answer(a.id, reason ? { choice: 'deny', reason } : { choice: 'deny' });
      }
      if (rl.ended) return agent.approvals.answer(a.id, { choice: 'deny', reason: 'the terminal closed before an answer' });
      io.stderr.write(`  please answer o, s${canProject ? ', p' : ''} or d\n`);
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
      stopOnDenial: !tty && onAsk === 'deny',
    });
    cancel = handle.cancel;
    const result = await handle.done;
    if (!o.events) {
      io.stdout.write('\n');
      if (result.error) io.stderr.write(`codecoder run: ${result.error.message} [${result.error.code}]\n`);
      else if (result.stopReason !== 'end_turn') io.stderr.write(`codecoder run: stopped (${result.stopReason})\n`);
      io.stderr.write(
        `conversation ${handle.conversationId} · ${result.turns} turns · ${result.usage.inputTokens} in / ${result.usage.outputTokens} out tokens\n`,
      );
    }
    return EXIT[result.stopReason];
  } catch (err) {
    io.stderr.write(`codecoder run: ${(err as Error).message}${isLlmError(err) ? ` [${err.code}]` : ''}\n`);
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
  constructor(
    private readonly io: CliIo,
    private readonly json: boolean,
  ) {}

  event(e: AgentEvent): void {
    if (this.json) {
      this.io.stdout.write(`${JSON.stringify(e)}\n`);
      return;
    }
    const pad = e.depth > 0 ? '    ' : '';
    const err = (s: string) => {
      if (!this.atLineStart) this.io.stdout.write('\n');
      this.atLineStart = true;
      this.io.stderr.write(s);
    };
    switch (e.type) {
      case 'text.delta':
        if (e.depth === 0) {
          this.io.stdout.write(e.text);
          this.atLineStart = e.text.endsWith('\n');
        }
        break;
      case 'tool.call':
        err(
          `${pad}⏺ ${e.tool} ${clip(JSON.stringify(e.args), 160)}  [${e.key ?? 'no key'}: ${e.decision} via ${e.via}${e.reason ? ` — ${clip(e.reason, 160)}` : ''}]\n`,
        );
        break;
      case 'tool.result':
        err(
          `${pad}  ⎿ ${e.cancelled ? 'cancelled by user' : clip(e.content.split('\n')[0] ?? '', 160)}${e.isError && !e.cancelled ? '  (error)' : ''}${e.fullLogPath ? `  (full log: ${e.fullLogPath})` : ''}\n`,
        );
        break;
      case 'subagent.started':
        err(`${pad}  ↳ sub-agent ${e.childAgentId}: ${clip(e.prompt, 120)}\n`);
        break;
      case 'subagent.finished':
        err(`${pad}  ↲ sub-agent ${e.childAgentId} ${e.stopReason}: ${clip(e.answer.split('\n')[0] ?? '', 160)}\n`);
        break;
      case 'model.retry':
        err(`${pad}  (model: ${e.code}, retry ${e.attempt} in ${e.delayMs} ms)\n`);
        break;
      default:
        break;
    }
  }
}

function clip(s: string, n: number): string {
  return s.length > n ? `${s.slice(0, n)}…` : s;
}
