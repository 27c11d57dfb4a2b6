import { spawn } from 'node:child_process';
import { rgPath } from '@vscode/ripgrep';

export interface RgRun {
  /** 0: found, 1: nothing found, 2: an error (possibly with partial results). null: killed. */
  code: number | null;
  stderr: string;
}

/**
 * Runs ripgrep (the binary shipped by @vscode/ripgrep, never a shell) and hands each complete
 * stdout line to `onLine` as it arrives. Cancelling the signal kills rg; the promise then rejects
 * with an AbortError. `onLine` returning false stops reading early and kills rg (caps that need no
 * count of the rest).
 */
export function runRg(
  args: string[],
  opts: { cwd: string; signal: AbortSignal; onLine: (line: string) => boolean | void },
): Promise<RgRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(rgPath, args, { cwd: opts.cwd, signal: opts.signal, stdio: ['ignore', 'pipe', 'pipe'] });
    let rest = '';
    let stderr = '';
    let stopped = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (stopped) return;
      const buf = rest + chunk;
      let start = 0;
      let nl: number;
      while ((nl = buf.indexOf('\n', start)) !== -1) {
        const line = buf.slice(start, nl);
        start = nl + 1;
        if (opts.onLine(line) === false) {
          stopped = true;
          child.kill('SIGTERM');
          return;
        }
      }
      rest = buf.slice(start);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (c: string) => {
      if (stderr.length < 8192) stderr += c;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (opts.signal.aborted) {
        reject(Object.assign(new Error('cancelled'), { name: 'AbortError' }));
        return;
      }
      if (!stopped && rest) opts.onLine(rest);
      resolve({ code: stopped ? 0 : code, stderr });
    });
  });
}
