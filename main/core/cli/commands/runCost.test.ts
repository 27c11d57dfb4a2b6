/** The cost of a headless run: printed at its end, and recorded (per turn) in the conversation file. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from '../../llm/scripted/server.js';
import type { CliIo } from '../main.js';
import { run } from './run.js';

const dirs: string[] = [];
let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function runWith(model: string) {
  const root = await mkdtemp(path.join(tmpdir(), 'cc-cost-'));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cc-cost-data-'));
  dirs.push(root, dataDir);
  server = await startScriptedServer({
    script: {
      turns: [
        { text: 'Looking.', toolCalls: [{ name: 'list_dir', input: { path: '.' } }] },
        { text: 'Again.', toolCalls: [{ name: 'list_dir', input: { path: '.' } }] },
        { text: 'Done.' },
      ],
    },
  });
  const stdin = new PassThrough();
  stdin.end();
  const err: string[] = [];
  const stderr = new PassThrough();
  stderr.on('data', (c) => err.push(String(c)));
  const cli: CliIo = {
    stdin,
    stdout: new PassThrough(),
    stderr,
    env: { CODECODER_DATA_DIR: dataDir, ANTHROPIC_API_KEY: 'sk-ant-test-0000' },
  };
  const code = await run(['--project', root, '--provider', 'anthropic', '--base-url', server.url, '--model', model, 'look'], cli);
  return { code, err: err.join(''), dataDir };
}

describe('the cost of codecoder run', () => {
  it('prints tokens, cached tokens and dollars at the end, and records each turn in the conversation file', async () => {
    const { code, err, dataDir } = await runWith('claude-sonnet-4-5');
    expect(code).toBe(0);
    expect(err).toMatch(/3 turns · [\d,]+ in \([\d,]+ cached\) \/ [\d,]+ out tokens · \$0\.\d{4}/);
    const convDir = path.join(dataDir, 'projects', (await readdir(path.join(dataDir, 'projects')))[0]!, 'conversations');
    const file = await readFile(path.join(convDir, (await readdir(convDir))[0]!), 'utf8');
    const events = file
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { type: string; events?: { type: string; costUsd?: number | null; usage?: { costUsd?: number } }[] })
      .flatMap((r) => r.events ?? []);
    const usage = events.filter((e) => e.type === 'usage');
    expect(usage).toHaveLength(3);
    for (const u of usage) expect(u.costUsd).toBeGreaterThan(0);
    const finished = events.find((e) => e.type === 'run.finished')!;
    expect(finished.usage!.costUsd).toBeCloseTo(
      usage.reduce((s, u) => s + u.costUsd!, 0),
      10,
    );
  });

  it('says "unknown price" for a model without one, never a guess', async () => {
    const { code, err } = await runWith('my-local-model');
    expect(code).toBe(0);
    expect(err).toContain('out tokens · unknown price');
    expect(err).not.toContain('$');
  });
});
