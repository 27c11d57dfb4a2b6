import { execFileSync } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hasHiddenCharacters } from '../../../../shared/escapeInvisible.js';
import { run } from './run.js';
import { cliIo } from './run.testkit.js';
import { useTempDir } from '../../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const demo = path.join(repo, 'scripts/demo.llm.json');

// Every project folder and the data folder are removed when the file is done.
const dataDir = tempDirs.sync('cc-run-data-');
const made: string[] = [dataDir];
afterAll(async () => {
  await Promise.all(made.map((d) => rm(d, { recursive: true, force: true })));
});

async function project(): Promise<string> {
  const dir = await tempDirs('cc-run-');
  made.push(dir);
  await writeFile(path.join(dir, 'README.md'), '# A project\n');
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

function io(opts: { tty?: boolean; input?: string; env?: NodeJS.ProcessEnv } = {}) {
  return cliIo(opts.env ?? { CODECODER_DATA_DIR: dataDir }, opts);
}

describe('codecoder run', () => {
  it('plays the demo script end to end with --on-ask once (no TTY) and exits 0', async () => {
    const dir = await project();
    const t = io();
    const code = await run(['--project', dir, '--llm-script', demo, '--on-ask', 'once', 'Show me around'], t.cli);
    expect(t.err()).toContain('run_command:git: allowed via once');
    expect(t.err()).toContain('write_file:NOTES.md: allowed via once');
    expect(t.err()).toContain('↳ sub-agent main/sub-1');
    expect(t.out()).toContain("That's the tour");
    expect(code).toBe(0);
    expect(await readFile(path.join(dir, 'NOTES.md'), 'utf8')).toContain('CodeCoder demo');
  });

  it('without a TTY the default deny refuses, stops the run, and exits non-zero', async () => {
    const dir = await project();
    const t = io();
    const code = await run(['--project', dir, '--llm-script', demo, 'Show me around'], t.cli);
    expect(code).toBe(3);
    expect(t.err()).toContain('run_command:git: denied via user-deny');
    expect(t.err()).toContain('stopped (denied)');
    await expect(readFile(path.join(dir, 'NOTES.md'), 'utf8')).rejects.toThrow();
  });

  it('asks on a TTY; a denial with a reason reaches the model and the run goes on', async () => {
    const dir = await project();
    // git: deny with a reason; NOTES.md: once.
    const t = io({ tty: true, input: 'x\nd\nnot on my machine\no\n' });
    const code = await run(['--project', dir, '--llm-script', demo, '--events', 'Show me around'], t.cli);
    expect(code).toBe(0);
    expect(t.err()).toContain('? run_command wants to run: git status --short --branch');
    expect(t.err()).toContain('please answer o, s or d'); // a shell key offers no project scope
    const events = t
      .out()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; tool?: string; content?: string; decision?: string });
    const git = events.find((e) => e.type === 'tool.result' && e.tool === 'run_command');
    expect(git?.content).toContain('not on my machine');
    expect(events.find((e) => e.type === 'tool.call' && e.tool === 'write_file')?.decision).toBe('allowed');
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', stopReason: 'end_turn' });
  });

  it('--on-ask session allows a protected path once: the engine offers no more for it', async () => {
    const dir = await project();
    const script = path.join(dir, 'hook.llm.json');
    const turns = [{ toolCalls: [{ name: 'write_file', input: { path: '.git/hooks/pre-push', content: '#!/bin/sh\n' } }] }, { text: 'ok' }];
    await writeFile(script, JSON.stringify({ models: ['scripted'], turns }));
    const t = io();
    const code = await run(['--project', dir, '--llm-script', script, '--on-ask', 'session', 'add a hook'], t.cli);
    expect(t.err()).toContain('write_file:.git/hooks/pre-push → once (--on-ask; session is not offered for this key)');
    expect(t.err()).toContain('write_file:.git/hooks/pre-push: allowed via once');
    expect(code).toBe(0);
    await rm(dir, { recursive: true, force: true });
  });

  it('names the missing key and the bad arguments', async () => {
    const dir = await project();
    let t = io({ env: { CODECODER_DATA_DIR: path.join(tmpdir(), 'cc-run-no-settings') } });
    expect(await run(['--project', dir, 'hello'], t.cli)).toBe(2);
    expect(t.err()).toContain('set ANTHROPIC_API_KEY');
    t = io({ env: { CODECODER_DATA_DIR: path.join(tmpdir(), 'cc-run-no-settings') } });
    expect(await run(['--project', dir, '--provider', 'openai', 'hello'], t.cli)).toBe(2);
    expect(t.err()).toContain('set OPENAI_API_KEY');
    t = io();
    expect(await run(['--project', dir, '--on-ask', 'always', 'hello'], t.cli)).toBe(2);
    expect(t.err()).toContain('--on-ask takes stop, deny, once or session');
    t = io();
    expect(await run(['--project', dir], t.cli)).toBe(2);
    expect(t.err()).toContain('missing PROMPT');
    const bad = path.join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ turns: [{ txt: 'typo' }] }));
    t = io();
    expect(await run(['--project', dir, '--llm-script', bad, 'hello'], t.cli)).toBe(2);
    expect(t.err()).toMatch(/bad\.json: '.*'/);
  });

  it('a bad key is an error exit with the typed code, and the key is never printed', async () => {
    const dir = await project();
    const script = path.join(dir, 'err.json');
    await writeFile(script, JSON.stringify({ turns: [{ error: { status: 401 } }] }));
    const t = io({ env: { CODECODER_DATA_DIR: dataDir, ANTHROPIC_API_KEY: 'sk-ant-very-secret-1234' } });
    const code = await run(['--project', dir, '--llm-script', script, 'hello'], t.cli);
    expect(code).toBe(1);
    expect(t.err()).toContain('[invalid_key]');
    expect(t.err() + t.out()).not.toContain('very-secret');
  });

  it('prints what the model and the project say escaped: no ESC sequence reaches the terminal', async () => {
    const dir = await project();
    const script = path.join(dir, 'esc.llm.json');
    await writeFile(
      script,
      JSON.stringify({
        turns: [
          {
            text: 'hello\x1b[2J\x1b[H\u009b31m\u202e',
            toolCalls: [{ name: 'write_file', input: { path: 'x\x1b[H.txt', content: '' } }],
          },
          { text: 'done' },
        ],
      }),
    );
    const t = io();
    const code = await run(['--project', dir, '--llm-script', script, '--on-ask', 'deny', 'go'], t.cli);
    expect(code).toBe(5); // finished, with a call denied
    const all = t.out() + t.err();
    expect(hasHiddenCharacters(all, { keepNewlines: true })).toBe(false);
    expect(t.out()).toContain('hello\\x1b[2J\\x1b[H\\x9b31m\\u202e');
    expect(t.err()).toContain('write_file:x\\x1b[H.txt');
  });
});
