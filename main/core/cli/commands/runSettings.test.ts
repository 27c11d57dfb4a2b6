/**
 * `codecoder run` for real work: the app's saved Settings without flags (flags and env win), the
 * --on-ask deny / stop modes and their exit codes, a command's output in the terminal, and a
 * write's diff in the approval prompt.
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScriptInput } from '../../llm/index.js';
import { SettingsService } from '../../settings/index.js';
import { confStore, fileSecretStore } from '../../stores/index.js';
import { run } from './run.js';
import { cliIo as io, scratch } from './run.testkit.js';

const box = scratch();

async function setup(script: ScriptInput) {
  const root = await box.temp('cc-runset-');
  await writeFile(path.join(root, 'README.md'), '# A project\nold line\n');
  execFileSync('git', ['init', '-q'], { cwd: root });
  const dataDir = await box.temp('cc-runset-data-');
  return { root, dataDir, server: await box.server(script) };
}

const saved = (dataDir: string) =>
  new SettingsService({ store: confStore(dataDir, 'settings'), secrets: fileSecretStore(dataDir), env: {} });

describe('codecoder run uses the saved Settings', () => {
  it('without flags: the saved provider, model, base URL and key; flags and env still win', async () => {
    const t = await setup({ turns: [{ text: 'one' }, { text: 'two' }, { text: 'three' }] });
    saved(t.dataDir).update({ provider: 'openai', model: 'gpt-4.1-mini', baseUrl: t.server.openaiUrl, apiKey: 'sk-saved-key-1234' });
    let c = io({ CODECODER_DATA_DIR: t.dataDir });
    expect(await run(['--project', t.root, 'hi'], c.cli)).toBe(0);
    expect(c.out()).toContain('one');
    expect(t.server.requests[0]).toMatchObject({ provider: 'openai', model: 'gpt-4.1-mini', hasKey: true });
    // The saved price list applies: gpt-4.1-mini has a known price.
    expect(c.err()).toMatch(/\$0\.\d{4}/);
    c = io({ CODECODER_DATA_DIR: t.dataDir });
    expect(await run(['--project', t.root, '--model', 'other', 'hi'], c.cli)).toBe(0);
    expect(t.server.requests[1]!.model).toBe('other');
    // A flag for another provider does not borrow the saved model or URL.
    c = io({ CODECODER_DATA_DIR: t.dataDir, ANTHROPIC_API_KEY: 'sk-ant-env-0000' });
    expect(await run(['--project', t.root, '--provider', 'anthropic', '--base-url', t.server.url, 'hi'], c.cli)).toBe(0);
    expect(t.server.requests[2]).toMatchObject({ provider: 'anthropic', model: 'claude-sonnet-4-5', hasKey: true });
  });

  it('names a key the desktop app encrypted instead of sending it', async () => {
    const t = await setup({ turns: [] });
    const s = saved(t.dataDir);
    s.update({ provider: 'anthropic', model: 'claude-sonnet-4-5' });
    fileSecretStore(t.dataDir).set('apiKey.anthropic', Buffer.from('v11\x01\x02encrypted').toString('base64'));
    const c = io({ CODECODER_DATA_DIR: t.dataDir });
    expect(await run(['--project', t.root, 'hi'], c.cli)).toBe(2);
    expect(c.err()).toContain('encrypted with the system keychain');
    expect(t.server.requests).toHaveLength(0);
  });

  it('an encrypted key stops every provider with the way out; --api-key-file is that way and beats the environment', async () => {
    const t = await setup({ turns: [{ text: 'one' }, { text: 'two' }] });
    saved(t.dataDir).update({ provider: 'openai-compatible', model: 'qwen3', baseUrl: t.server.openaiUrl });
    fileSecretStore(t.dataDir).set('apiKey.openai-compatible', Buffer.from('v10\x01\x02encrypted').toString('base64'));
    // An openai-compatible server may need no key, but one was saved: never go on silently without it.
    let c = io({ CODECODER_DATA_DIR: t.dataDir });
    expect(await run(['--project', t.root, 'hi'], c.cli)).toBe(2);
    expect(c.err()).toContain('set OPENAI_API_KEY or pass --api-key-file FILE');
    expect(t.server.requests).toHaveLength(0);
    const keyFile = path.join(t.dataDir, 'key.txt');
    await writeFile(keyFile, 'sk-from-file-9876\n', { mode: 0o600 });
    c = io({ CODECODER_DATA_DIR: t.dataDir, OPENAI_API_KEY: 'sk-env-key-1111' });
    expect(await run(['--project', t.root, '--api-key-file', keyFile, 'hi'], c.cli)).toBe(0);
    expect(t.server.requests[0]).toMatchObject({ model: 'qwen3', hasKey: true, keyHint: '9876' });
    // The environment's key comes next.
    c = io({ CODECODER_DATA_DIR: t.dataDir, OPENAI_API_KEY: 'sk-env-key-1111' });
    expect(await run(['--project', t.root, 'hi'], c.cli)).toBe(0);
    expect(t.server.requests[1]).toMatchObject({ keyHint: '1111' });
    expect(c.out() + c.err()).not.toContain('sk-env-key');
  });

  it('--api-key-file: a missing or empty file is a usage error naming it', async () => {
    const t = await setup({ turns: [] });
    const empty = path.join(t.dataDir, 'empty.txt');
    await writeFile(empty, '\n');
    let c = io({ CODECODER_DATA_DIR: t.dataDir });
    expect(await run(['--project', t.root, '--provider', 'openai', '--api-key-file', empty, 'hi'], c.cli)).toBe(2);
    expect(c.err()).toContain(`the key file ${empty} is empty`);
    c = io({ CODECODER_DATA_DIR: t.dataDir });
    expect(await run(['--project', t.root, '--api-key-file', path.join(t.dataDir, 'nope'), 'hi'], c.cli)).toBe(2);
    expect(c.err()).toContain('cannot read the key file');
    expect(c.err()).toContain('ENOENT');
    expect(t.server.requests).toHaveLength(0);
  });
});

const askGit: ScriptInput = {
  turns: [
    { text: 'Checking.', toolCalls: [{ id: 'call_git', name: 'run_command', input: { command: 'git status --short' } }] },
    { text: 'I will do without git.' },
  ],
};

describe('--on-ask without a TTY', () => {
  it('deny: refuses, tells the model why, lets it go on; exit 5 says something was denied', async () => {
    const t = await setup(askGit);
    const c = io({ CODECODER_DATA_DIR: t.dataDir });
    const code = await run(
      ['--project', t.root, '--provider', 'openai-compatible', '--base-url', t.server.openaiUrl, '--on-ask', 'deny', 'go'],
      c.cli,
    );
    expect(code).toBe(5);
    expect(c.out()).toContain('I will do without git.');
    expect(c.err()).toContain('1 call was denied');
    expect(JSON.stringify(t.server.requests[1]!.body)).toContain('no one is at the terminal to approve it (--on-ask deny)');
  });

  it('stop (the default): refuses and stops with exit 3', async () => {
    const t = await setup(askGit);
    const c = io({ CODECODER_DATA_DIR: t.dataDir });
    expect(await run(['--project', t.root, '--provider', 'openai-compatible', '--base-url', t.server.openaiUrl, 'go'], c.cli)).toBe(3);
    expect(t.server.requests).toHaveLength(1);
  });
});

describe('the terminal shows what happens', () => {
  it("prints a command's output, bounded", async () => {
    const t = await setup({
      turns: [{ toolCalls: [{ name: 'run_command', input: { command: 'echo hello-out && seq 1 60' } }] }, { text: 'ok' }],
    });
    const c = io({ CODECODER_DATA_DIR: t.dataDir });
    const code = await run(
      ['--project', t.root, '--provider', 'openai-compatible', '--base-url', t.server.openaiUrl, '--on-ask', 'once', 'go'],
      c.cli,
    );
    expect(code).toBe(0);
    expect(c.err()).toContain('│ hello-out');
    expect(c.err()).toMatch(/│ … \d+ lines not shown …/);
    expect(c.err()).toContain('│ 60');
  });

  it('shows the diff of a write in the approval prompt', async () => {
    const t = await setup({
      turns: [
        { toolCalls: [{ name: 'write_file', input: { path: 'README.md', content: '# A project\nnew line\n' } }] },
        { text: 'written' },
      ],
    });
    const c = io({ CODECODER_DATA_DIR: t.dataDir }, { tty: true, input: 'o\n' });
    const code = await run(['--project', t.root, '--provider', 'openai-compatible', '--base-url', t.server.openaiUrl, 'go'], c.cli);
    expect(code).toBe(0);
    expect(c.err()).toContain('change README.md (+1 -1)');
    expect(c.err()).toContain('-old line');
    expect(c.err()).toContain('+new line');
  });

  it("shows an edit_file's diff too, and clips a command's long output lines", async () => {
    const t = await setup({
      turns: [
        { toolCalls: [{ name: 'edit_file', input: { path: 'README.md', old_text: 'old line', new_text: 'edited line' } }] },
        { toolCalls: [{ name: 'run_command', input: { command: "printf 'x%.0s' $(seq 1 500); echo" } }] },
        { text: 'done' },
      ],
    });
    const c = io({ CODECODER_DATA_DIR: t.dataDir }, { tty: true, input: 'o\no\n' });
    const code = await run(['--project', t.root, '--provider', 'openai-compatible', '--base-url', t.server.openaiUrl, 'go'], c.cli);
    expect(code).toBe(0);
    expect(c.err()).toContain('change README.md (+1 -1)');
    expect(c.err()).toContain('+edited line');
    const long = c.err().split('\n').find((l) => l.includes('│ xxxx'))!;
    expect(long).toBeDefined();
    expect(long.length).toBeLessThan(260);
    expect(long).not.toContain('x'.repeat(201));
  });
});
