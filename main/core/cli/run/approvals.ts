/**
 * Approvals of a `codecoder run` on the terminal: one question at a time, in the order they were
 * asked, offering only the scopes the engine will keep for the key (a protected path: once only),
 * with the diff of a file change. Without a TTY, `--on-ask` answers.
 */
import { createInterface, type Interface } from 'node:readline';
import type { ApprovalQueue, PendingApproval } from '../../approvals/index.js';
import type { AskAnswer } from '../../permissions/index.js';
import { changePreview } from '../approvalPreview.js';
import type { CliIo } from '../io.js';
import { shown } from '../output.js';
import type { OnAsk } from './options.js';

export interface TerminalApprovalsDeps {
  io: CliIo;
  approvals: ApprovalQueue;
  onAsk: OnAsk;
}

/** Answers every approval the queue asks for until `close()`: on the terminal when stdin is a TTY, else per `--on-ask`. */
export function answerOnTerminal(deps: TerminalApprovalsDeps): { close(): void } {
  const { io, approvals, onAsk } = deps;
  const rl = io.stdin.isTTY === true ? new LineReader(createInterface({ input: io.stdin, terminal: false }), io.stderr) : undefined;
  let asking = Promise.resolve();
  const unsubscribe = approvals.subscribe((n) => {
    if (n.type !== 'approval.requested') return;
    // One prompt at a time on the terminal, in the order they were asked.
    asking = asking
      .then(() => answer(n.approval))
      .catch((err: unknown) => void io.stderr.write(`codecoder run: ${shown((err as Error).message)}\n`));
  });

  async function answer(a: PendingApproval): Promise<void> {
    if (!approvals.list().some((p) => p.id === a.id)) return; // cancelled meanwhile
    if (a.kind === 'presets') {
      let accept = onAsk === 'session';
      if (rl)
        accept = /^y/i.test(
          await rl.question(`Allow these for this session (from codecoder.json): ${a.presets.map(shown).join(', ')}? [y/N] `),
        );
      approvals.answer(a.id, accept ? { choice: 'session' } : { choice: 'deny' });
      return;
    }
    // The engine lists what it honours for this key (a protected path: once only); ask for no more.
    const offered = a.request.scopes ?? ['once', 'session', a.request.ceiling];
    if (!rl) return answerUnattended(a, offered);
    const r = a.request;
    const canSession = offered.includes('session');
    const canProject = offered.includes('project');
    io.stderr.write(
      `\n? ${r.tool} wants ${shown(describeArgs(r.tool, r.args))}\n  key ${shown(r.key.raw)}${r.flags?.notes?.length ? `\n  note: ${shown(r.flags.notes.join('; '))}` : ''}\n`,
    );
    const preview = await changePreview(r);
    if (preview) io.stderr.write(`${preview}\n`);
    for (;;) {
      const choice = (
        await rl.question(
          `  allow [o]nce${canSession ? ', for this [s]ession' : ''}${canProject ? ', for this [p]roject' : ''}, or [d]eny? `,
        )
      )
        .trim()
        .toLowerCase();
      if (choice === 'o' || choice === 'once') return approvals.answer(a.id, { choice: 'once' });
      if (canSession && (choice === 's' || choice === 'session')) return approvals.answer(a.id, { choice: 'session' });
      if (canProject && (choice === 'p' || choice === 'project')) return approvals.answer(a.id, { choice: 'project' });
      if (choice === 'd' || choice === 'deny') {
        const reason = (await rl.question('  reason for the agent (optional): ')).trim();
        return approvals.answer(a.id, reason ? { choice: 'deny', reason } : { choice: 'deny' });
      }
      if (rl.ended) return approvals.answer(a.id, { choice: 'deny', reason: 'the terminal closed before an answer' });
      io.stderr.write(`  please answer o${canSession ? ', s' : ''}${canProject ? ', p' : ''} or d\n`);
    }
  }

  function answerUnattended(a: Extract<PendingApproval, { kind: 'tool' }>, offered: readonly string[]): void {
    const answer: AskAnswer =
      onAsk === 'deny' || onAsk === 'stop'
        ? { choice: 'deny', reason: `no one is at the terminal to approve it (--on-ask ${onAsk})` }
        : onAsk === 'session' && offered.includes('session')
          ? { choice: 'session' }
          : { choice: 'once' };
    io.stderr.write(
      `  ? ${shown(a.request.key.raw)} → ${answer.choice} (--on-ask${answer.choice === onAsk || answer.choice === 'deny' ? '' : `; ${onAsk} is not offered for this key`})\n`,
    );
    approvals.answer(a.id, answer);
  }

  return {
    close() {
      unsubscribe();
      rl?.close();
    },
  };
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
