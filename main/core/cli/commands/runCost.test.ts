/** The cost of a headless run: printed at its end, and recorded (per turn) in the conversation file. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from './run.js';
import { cliIo, scratch } from './runTestkit.js';

const box = scratch();

async function runWith(model: string) {
  const root = await box.temp('cc-cost-');
  const dataDir = await box.temp('cc-cost-data-');
  const server = await box.server({
    turns: [
      { text: 'Looking.', toolCalls: [{ name: 'list_dir', input: { path: '.' } }] },
      { text: 'Again.', toolCalls: [{ name: 'list_dir', input: { path: '.' } }] },
      { text: 'Done.' },
    ],
  });
  const t = cliIo({ CODECODER_DATA_DIR: dataDir, ANTHROPIC_API_KEY: 'sk-ant-test-0000' });
  const code = await run(['--project', root, '--provider', 'anthropic', '--base-url', server.url, '--model', model, 'look'], t.cli);
  return { code, err: t.err(), dataDir };
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

  it("prints each sub-agent's own cost when it finishes, and its share in the end line", async () => {
    const root = await box.temp('cc-cost-');
    const dataDir = await box.temp('cc-cost-data-');
    const sub = { system: 'You are a read-only sub-agent' };
    const server = await box.server({
      turns: [
        { text: 'Delegating.', toolCalls: [{ name: 'agent', input: { prompt: 'list the root' } }] },
        { match: sub, text: 'Listing.', toolCalls: [{ name: 'list_dir', input: { path: '.' } }] },
        { match: sub, text: 'It is empty.' },
        { text: 'Done.' },
      ],
    });
    const t = cliIo({ CODECODER_DATA_DIR: dataDir, ANTHROPIC_API_KEY: 'sk-ant-test-0000' });
    const args = ['--project', root, '--provider', 'anthropic', '--base-url', server.url, '--model', 'claude-sonnet-4-5', 'look'];
    expect(await run(args, t.cli)).toBe(0);
    expect(t.err()).toMatch(
      /↲ sub-agent \S+ end_turn: It is empty\. {2}\([\d,]+ in( \([\d,]+ cached\))? \/ [\d,]+ out tokens · \$0\.\d{4}\)/,
    );
    expect(t.err()).toMatch(/\(sub-agents: [\d,]+ in( \([\d,]+ cached\))? \/ [\d,]+ out tokens · \$0\.\d{4}\)/);
  });

  it('says "unknown price" for a model without one, never a guess', async () => {
    const { code, err } = await runWith('my-local-model');
    expect(code).toBe(0);
    expect(err).toContain('out tokens · unknown price');
    expect(err).not.toContain('$');
  });
});
