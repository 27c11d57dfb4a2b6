/**
 * `codecoder run --worktree` and `codecoder agents` as a user runs them. The kill -9 case runs the
 * real bin in its own process, kills it mid-run (a command of the agent still running), and the
 * next start — `codecoder agents list` — finds it: the agent marked interrupted and kept for
 * review, the command it left killed, the lock a killed git leaves removed, nothing else left.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../fs/tempDir.testkit.js';
import { gitIn, gitProject } from '../../agents/agents.testkit.js';
import { main } from '../main.js';
import { cliIo } from './run.testkit.js';

const temp = useTempDir();
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Processes whose working folder is inside `dir` (Linux /proc). */
function processesIn(dir: string): number[] {
  const out: number[] = [];
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const cwd = readlinkSync(`/proc/${e}/cwd`);
      if (cwd === dir || cwd.startsWith(dir + path.sep)) out.push(Number(e));
    } catch {
      /* gone, or not ours */
    }
  }
  return out;
}

/** A git project holding a.txt, an empty data folder, and a model script with these turns. */
async function scriptedProject(turns: unknown[]): Promise<{ project: string; dataDir: string; script: string }> {
  const project = await gitProject(temp, { 'a.txt': 'a\n' });
  const dataDir = await temp('cc-agents-cli-data-');
  const script = path.join(await temp('cc-agents-cli-script-'), 'script.json');
  await writeFile(script, JSON.stringify({ models: ['scripted'], turns }));
  return { project, dataDir, script };
}

async function until<T>(what: string, fn: () => T | undefined, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const noProc = !existsSync('/proc/self/cwd');
describe.skipIf(noProc)(
  `codecoder run --worktree and codecoder agents${noProc ? ' (skipped: leftover commands are found through /proc, which this system lacks)' : ''}`,
  () => {
    it('kill -9 mid-run, then a restart: interrupted and kept, no orphan process, lock or worktree', async () => {
      const { project, dataDir, script } = await scriptedProject([
        { toolCalls: [{ id: 't1', name: 'write_file', input: { path: 'b.txt', content: 'b\n' } }] },
        { toolCalls: [{ id: 't2', name: 'run_command', input: { command: 'nohup sleep 300', timeout_ms: 600000 } }] },
        { text: 'never reached' },
      ]);
      const env = { ...process.env, CODECODER_DATA_DIR: dataDir };
      const child = spawn(
        process.execPath,
        [
          path.join(repo, 'bin', 'codecoder.mjs'),
          'run',
          '--project',
          project,
          '--llm-script',
          script,
          '--on-ask',
          'once',
          '--worktree=sleeper',
          'write b then wait',
        ],
        { cwd: repo, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      child.stdout.on('data', (c) => (out += String(c)));
      child.stderr.on('data', (c) => (out += String(c)));
      const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
      let fifo: string | undefined;
      try {
        const home = path.join(dataDir, 'projects');
        // Mid-run: the agent's command is running in its worktree.
        const sleeper = await until(`the agent's sleep 300 (${out})`, () =>
          processesIn(home).find((pid) => readFileSync(`/proc/${pid}/cmdline`, 'latin1').startsWith('sleep\x00300')),
        );
        // The output pipe's folder, named by the command's wrapper (removed at the end, see below).
        fifo = processesIn(home)
          .map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\x00'))
          .flat()
          .find((a) => /cc-fifo-[^/]+\/out$/.test(a));
        child.kill('SIGKILL');
        await exited;
        // What a git killed mid-call leaves: its index lock in the worktree's folder under .git/worktrees.
        const admin = path.join(project, '.git', 'worktrees');
        const [adminName] = readdirSync(admin);
        await writeFile(path.join(admin, adminName!, 'index.lock'), '');

        const io = cliIo(env);
        expect(await main(['agents', 'list', '--project', project, '--json'], io.cli), io.err()).toBe(0);
        const [agent, ...others] = JSON.parse(io.out()) as Array<{ id: string; status: string; worktree: string; branch: string }>;
        expect(others).toEqual([]);
        expect(agent).toMatchObject({ id: 'sleeper', status: 'interrupted', branch: 'codecoder/sleeper' });
        expect(io.err()).toMatch(/interrupted when CodeCoder stopped: sleeper/);
        // The command it left is gone, and so is every process in its worktree.
        await until(
          'the orphan to end',
          () => (existsSync(`/proc/${sleeper}`) && !readFileSync(`/proc/${sleeper}/stat`, 'latin1').includes(') Z ') ? undefined : true),
          10_000,
        );
        expect(processesIn(agent!.worktree)).toEqual([]);
        expect(io.err()).toMatch(/ended 1 command left running by interrupted agents/);
        expect(existsSync(path.join(admin, adminName!, 'index.lock'))).toBe(false);
        // What survived is there for review: its worktree, with the file it wrote, listed by git.
        expect(readFileSync(path.join(agent!.worktree, 'b.txt'), 'utf8')).toBe('b\n');
        expect(gitIn(project, 'worktree', 'list', '--porcelain')).toContain(agent!.worktree);

        // Its work can be merged (committed first), and the agent discarded: nothing left anywhere.
        const m = cliIo(env);
        expect(await main(['agents', 'merge', '--project', project, 'sleeper'], m.cli), m.err()).toBe(0);
        expect(m.out()).toMatch(/^fast-forward/);
        expect(readFileSync(path.join(project, 'b.txt'), 'utf8')).toBe('b\n');
        const d = cliIo(env);
        expect(await main(['agents', 'discard', '--project', project, 'sleeper'], d.cli), d.err()).toBe(0);
        expect(existsSync(agent!.worktree)).toBe(false);
        expect(gitIn(project, 'worktree', 'list', '--porcelain')).not.toContain(agent!.worktree);
        expect(gitIn(project, 'branch', '--list', 'codecoder/*')).toBe('');
        expect(existsSync(admin) ? readdirSync(admin) : []).toEqual([]);
      } finally {
        // Not the agents' to clean: the command runner's output pipe folder in the temp folder, which a
        // kill -9 of any run leaves (its close() never runs).
        if (fifo) rmSync(path.dirname(fifo), { recursive: true, force: true });
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
      }
    }, 120_000);

    it('run --worktree finishes with its work committed on its branch; agents diff shows it; the project is untouched', async () => {
      const { project, dataDir, script } = await scriptedProject([
        { toolCalls: [{ id: 't1', name: 'write_file', input: { path: 'a.txt', content: 'agent\n' } }] },
        { text: 'Done.' },
      ]);
      const env = { CODECODER_DATA_DIR: dataDir };
      const io = cliIo(env);
      expect(
        await main(['run', '--project', project, '--llm-script', script, '--on-ask', 'once', '--worktree=quick', 'change a'], io.cli),
        io.err(),
      ).toBe(0);
      expect(io.err()).toMatch(/agent quick finished · 1 file changed on codecoder\/quick/);
      expect(readFileSync(path.join(project, 'a.txt'), 'utf8')).toBe('a\n');
      expect(gitIn(project, 'log', '--format=%s', 'codecoder/quick', '-1').trim()).toBe('quick: change a');
      const d = cliIo(env);
      expect(await main(['agents', 'diff', '--project', project, 'quick'], d.cli), d.err()).toBe(0);
      expect(d.out()).toMatch(/^modified +a\.txt/);
      expect(d.out()).toContain('+agent');
      const l = cliIo(env);
      expect(await main(['agents', 'list', '--project', project], l.cli)).toBe(0);
      expect(l.out()).toMatch(/^quick +finished +1 files/);
    }, 60_000);

    it('agents refuses bad arguments with the usage', async () => {
      const io = cliIo({});
      expect(await main(['agents', 'merge', '--project', '.'], io.cli)).toBe(2);
      expect(io.err()).toMatch(/missing AGENT/);
      const bad = cliIo({});
      expect(await main(['run', '--project', '.', '--worktree=Bad_Name', 'x'], bad.cli)).toBe(2);
      expect(bad.err()).toMatch(/--worktree=NAME takes lower-case letters/);
    });
  },
);
