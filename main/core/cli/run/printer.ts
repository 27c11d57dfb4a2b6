/**
 * What a `codecoder run` prints: the answer on stdout, each tool call with its key and decision,
 * results, sub-agents, checkpoints and retries on stderr (escaped), and the token and cost line at
 * the end; or, with --events, every agent event as one JSON line on stdout.
 */
import { describeCompaction, formatCost } from '../../../../shared/contract/agentEvents.js';
import type { AgentEvent } from '../../agent/index.js';
import type { CliIo } from '../io.js';
import { jsonText, shown, shownText } from '../output.js';

/** Human rendering of the event stream (or JSON lines with --events). */
export class Printer {
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
function commandOutput(content: string): string[] | undefined {
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
