/**
 * `codecoder key [--jsonl] [COMMAND]`: how the permission engine keys a shell command.
 * One JSON object: {"kind":"simple"|"compound"|"invalid","key":…,"program"?,"subcommand"?,"reason"?}.
 * With --jsonl: one JSON string per stdin line → one object per stdout line, in order; a line that is
 * not a JSON string gives an invalid object with the reason, and the stream goes on.
 */
import { createInterface } from 'node:readline';
import type { CliIo } from '../io.js';
import { jsonText } from '../output.js';
import { classifyCommand } from '../../permissions/index.js';

export const summary = 'print the permission key of a shell command (--jsonl: one JSON string per stdin line)';

const USAGE = 'usage: codecoder key [--jsonl] [--] [COMMAND]\n';

export interface KeyOutput {
  kind: 'simple' | 'compound' | 'invalid';
  key: string | null;
  program?: string;
  subcommand?: string;
  reason?: string;
}

export function keyOf(command: string): KeyOutput {
  let c;
  try {
    c = classifyCommand(command);
  } catch (err) {
    // The classifier must never throw; if it does, the command must never run.
    return { kind: 'invalid', key: null, reason: `the classifier failed: ${(err as Error).message}` };
  }
  if (c.kind === 'simple') {
    return c.subcommand === undefined
      ? { kind: 'simple', key: c.key, program: c.program }
      : { kind: 'simple', key: c.key, program: c.program, subcommand: c.subcommand };
  }
  if (c.kind === 'compound') return { kind: 'compound', key: c.key, reason: c.reason };
  return { kind: 'invalid', key: null, reason: c.reason };
}

export async function run(argv: string[], io: CliIo): Promise<number> {
  let jsonl = false;
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    if (a === '--jsonl') jsonl = true;
    else if (a === '--help' || a === '-h') {
      io.stdout.write(USAGE);
      return 0;
    } else if (a.startsWith('--') && words.length === 0) {
      io.stderr.write(`codecoder key: unknown option ${a}\n${USAGE}`);
      return 2;
    } else words.push(a);
  }
  if (jsonl) {
    if (words.length) {
      io.stderr.write(`codecoder key: --jsonl reads commands from stdin, not arguments\n${USAGE}`);
      return 2;
    }
    const rl = createInterface({ input: io.stdin, crlfDelay: Infinity });
    let n = 0;
    for await (const line of rl) {
      n++;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = undefined;
      }
      const out: KeyOutput =
        typeof parsed === 'string' ? keyOf(parsed) : { kind: 'invalid', key: null, reason: `line ${n} is not a JSON string` };
      io.stdout.write(jsonText(out) + '\n');
    }
    return 0;
  }
  let command: string;
  if (words.length > 0) {
    // Several words are joined with spaces, as a shell would have passed them to us.
    command = words.join(' ');
  } else if (!io.stdin.isTTY) {
    command = await readAll(io.stdin);
  } else {
    io.stderr.write(USAGE);
    return 2;
  }
  io.stdout.write(jsonText(keyOf(command)) + '\n');
  return 0;
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
