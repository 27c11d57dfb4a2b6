/**
 * `codecoder run --api-key-file K`: the key cannot be read back through the tools. The sandbox
 * cannot read K at all; whatever a host command prints of the key (as is, in base64, split across
 * output chunks, cut by a head/tail) reaches neither the model (what the scripted server received),
 * nor the live output, nor the transcript or the audit log — a marker stands in its place.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REDACTED, sandboxProblem } from '../../env/index.js';
import type { ScriptInput } from '../../llm/index.js';
import { run } from './run.js';
import { cliIo as io, scratch } from './run.testkit.js';

const box = scratch();
const problem = await sandboxProblem();

/** A project, a data folder and a key file; `script` is given the key file's path (the model guessed it). */
async function setup(script: (keyFile: string) => ScriptInput) {
  const root = await box.temp('cc-keyfile-');
  const dataDir = await box.temp('cc-keyfile-data-');
  const keyDir = await box.temp('cc-keyfile-key-');
  const key = `sk-ant-test-${randomBytes(24).toString('hex')}`;
  const keyFile = path.join(keyDir, 'key.txt');
  await writeFile(keyFile, `${key}\n`, { mode: 0o600 });
  const server = await box.server(script(keyFile));
  const go = async () => {
    const c = io({ CODECODER_DATA_DIR: dataDir });
    const code = await run(
      [
        '--project',
        root,
        '--provider',
        'anthropic',
        '--base-url',
        server.url,
        '--api-key-file',
        keyFile,
        '--on-ask',
        'once',
        '--events',
        'go',
      ],
      c.cli,
    );
    const events = c
      .out()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, any>);
    return { code, events, err: c.err() };
  };
  return { root, dataDir, key, keyFile, server, go };
}

/** Every file under `dir`, with its text. */
function filesUnder(dir: string): Array<[string, string]> {
  return readdirSync(dir, { recursive: true })
    .map((p) => path.join(dir, String(p)))
    .filter((p) => statSync(p).isFile())
    .map((p) => [p, readFileSync(p, 'latin1')]);
}

/** What the model was sent back: the tool results in the requests the scripted server received. */
const sentToModel = (t: { server: { requests: { body: unknown }[] } }) => t.server.requests.map((r) => JSON.stringify(r.body)).join('\n');

const toolResults = (events: Record<string, any>[]) => events.filter((e) => e.type === 'tool.result');
const liveOutput = (events: Record<string, any>[]) =>
  events
    .filter((e) => e.type === 'tool.output')
    .map((e) => e.chunk as string)
    .join('');

describe('the --api-key-file key through the tools', () => {
  it.skipIf(problem !== undefined)(
    `run_sandboxed cannot read the key file${problem ? ` (skipped: ${problem}; the redaction test below runs everywhere)` : ''}`,
    async () => {
      const t = await setup((keyFile) => ({
        turns: [
          { toolCalls: [{ id: 's1', name: 'run_sandboxed', input: { command: `cat ${keyFile}; echo "exit=$?"` } }] },
          { text: 'done' },
        ],
      }));
      const r = await t.go();
      expect(r.code).toBe(0);
      const result = toolResults(r.events)[0]!;
      expect(result.content).toMatch(/exit=1/);
      // Hidden, not merely redacted: the sandbox read nothing.
      expect(result.content).not.toContain(REDACTED);
      expect(sentToModel(t)).not.toContain(t.key);
    },
    30_000,
  );

  it('what a host command prints of the key is redacted for the model, the live output, the transcript and the audit log', async () => {
    const t = await setup((keyFile) => ({
      turns: [
        {
          toolCalls: [
            {
              id: 'c1',
              name: 'run_command',
              input: {
                command:
                  // As is; in base64 at two alignments; split across two output chunks with a pause.
                  `cat ${keyFile}; base64 -w0 ${keyFile}; echo; printf 'x%s' "$(cat ${keyFile})" | base64 -w0; echo; ` +
                  `k=$(cat ${keyFile}); printf '%s' "\${k:0:20}"; sleep 0.3; printf '%s\n' "\${k:20}"`,
              },
            },
          ],
        },
        { text: 'done' },
      ],
    }));
    const r = await t.go();
    expect(r.code).toBe(0);
    const b64 = Buffer.from(t.key).toString('base64').slice(0, 40);
    const result = toolResults(r.events)[0]!;
    expect(result.content).toContain(REDACTED);
    expect(result.content.split(REDACTED).length - 1).toBeGreaterThanOrEqual(4);
    for (const where of [result.content, liveOutput(r.events), sentToModel(t), r.err]) {
      expect(where).not.toContain(t.key);
      expect(where).not.toContain(t.key.slice(0, 20) + t.key.slice(20, 30));
      expect(where).not.toContain(b64);
    }
    expect(liveOutput(r.events)).toContain(REDACTED);
    // The transcript and the audit log in the data folder (the command's own log, the user's private
    // full output, is the one file that keeps what the command printed).
    const kept = filesUnder(t.dataDir).filter(([p]) => /\.jsonl$/.test(p));
    expect(kept.map(([p]) => path.basename(p))).toEqual(expect.arrayContaining(['audit.jsonl']));
    expect(kept.some(([p]) => p.includes(`${path.sep}conversations${path.sep}`))).toBe(true);
    for (const [p, text] of kept) expect(text, p).not.toContain(t.key);
  }, 30_000);
});
