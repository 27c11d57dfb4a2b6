/**
 * The done-means for context management: a headless `codecoder run` against a loopback
 * server that refuses prompts over 300,000 characters finishes a 40-file reading task with exit 0,
 * every request after the first refusal stays under the limit, and the latest tool result is
 * whole in the last request. Once per wire format; on the Anthropic wire the cache breakpoints are
 * checked request by request.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalPrefix, type ScriptInput } from '../../llm/index.js';
import { run } from './run.js';
import { cliIo, scratch } from './run.testkit.js';

const LIMIT = 300_000;
const FILES = 40;
const box = scratch();

/** File i: 10,000 characters of code-like lines, each line naming its file. */
const fileText = (i: number) =>
  Array.from({ length: 200 }, (_, n) => `export const value_${i}_${n} = "file ${i} line ${n}";`.padEnd(49, ' ')).join('\n');

async function project(): Promise<string> {
  const dir = await box.temp('cc-ctx-');
  await mkdir(path.join(dir, 'src'));
  for (let i = 1; i <= FILES; i++) await writeFile(path.join(dir, 'src', `f${i}.ts`), fileText(i));
  return dir;
}

function script(): ScriptInput {
  return {
    contextLimit: { maxChars: LIMIT, wording: 'openai' },
    turns: [
      // Summaries (matched, so reading turns are never taken by a summary request or vice versa).
      ...Array.from({ length: 4 }, () => ({
        match: { system: 'You summarise earlier turns' },
        text: 'Read src/f1.ts onwards; keep going.',
      })),
      ...Array.from({ length: FILES }, (_, k) => ({
        text: `Reading file ${k + 1}.`,
        toolCalls: [{ name: 'read_file', input: { path: `src/f${k + 1}.ts` } }],
      })),
      { text: 'I read all 40 files.' },
    ],
  };
}

async function readAll(wire: 'openai' | 'anthropic') {
  const dir = await project();
  const dataDir = await box.temp('cc-ctx-data-');
  const s = script();
  if (wire === 'anthropic') s.contextLimit = { maxChars: LIMIT, wording: 'anthropic' };
  const server = await box.server(s);
  const t = cliIo(
    wire === 'anthropic' ? { CODECODER_DATA_DIR: dataDir, ANTHROPIC_API_KEY: 'sk-ant-test-0000' } : { CODECODER_DATA_DIR: dataDir },
  );
  const args =
    wire === 'anthropic'
      ? ['--provider', 'anthropic', '--base-url', server.url]
      : ['--provider', 'openai-compatible', '--base-url', server.openaiUrl];
  const code = await run(['--project', dir, ...args, '--model', 'scripted', '--max-turns', '60', 'Read every file in src/'], t.cli);
  return { code, t, requests: server.requests };
}

const size = (body: unknown) => JSON.stringify(body).length;
const EPHEMERAL = { type: 'ephemeral' };

describe.each(['openai', 'anthropic'] as const)(
  'a 40-file task against a server refusing prompts over 300k characters (%s wire)',
  (wire) => {
    it('finishes with exit 0, stays under the limit after the first refusal, and keeps the latest result whole', async () => {
      const { code, t, requests } = await readAll(wire);
      expect(t.err()).not.toContain('codecoder run: the prompt is too long');
      expect(code).toBe(0);
      expect(t.out()).toContain('I read all 40 files.');
      const first = requests.findIndex((r) => r.refused);
      expect(first).toBeGreaterThan(0); // the default window was too big: the server taught the real one
      const after = requests.slice(first + 1);
      expect(after.length).toBeGreaterThan(10);
      for (const r of after) {
        expect(r.refused).toBeFalsy();
        expect(size(r.body)).toBeLessThanOrEqual(LIMIT);
      }
      // The compaction is a visible transcript event, and the model was asked about all 40 files.
      expect(t.err()).toMatch(/context: old tool results shortened — \d+k? → \d+k? tokens/);
      const last = requests.filter((r) => !r.refused && r.turn !== null).at(-1)!;
      const wireText = JSON.stringify(last.body);
      // The latest tool result (file 40) is in the last request whole: every one of its lines.
      for (let n = 0; n < 200; n += 37) expect(wireText).toContain(`file 40 line ${n}`);
      expect(wireText).toContain('file 40 line 199');
      // An older result was cut with a marker naming where the full text is.
      expect(wireText).toContain('the full output is in');
      if (wire === 'anthropic') {
        // Cache breakpoints on every request: the last tool, the system prompt, the request's end,
        // and from the second answered request on, the anchor: the end of a head the previous
        // answered request sent unchanged (so its cache entry exists and is read), compactions included.
        const answered = requests.filter((q) => !q.refused && q.turn !== null && !JSON.stringify(q.body.system).includes('You summarise'));
        let prev: Record<string, unknown> | undefined;
        for (const r of answered) {
          expect((r.body.tools as { cache_control?: unknown }[]).at(-1)!.cache_control).toEqual(EPHEMERAL);
          expect((r.body.tools as { cache_control?: unknown }[]).filter((t) => t.cache_control)).toHaveLength(1);
          expect((r.body.system as { cache_control?: unknown }[])[0]!.cache_control).toEqual(EPHEMERAL);
          const messages = r.body.messages as { content: { cache_control?: unknown }[] }[];
          expect(messages.at(-1)!.content.at(-1)!.cache_control).toEqual(EPHEMERAL);
          const marks = messages.flatMap((m, mi) => m.content.flatMap((b, bi) => (b.cache_control ? [[mi, bi] as const] : [])));
          if (prev) {
            expect(marks).toHaveLength(2);
            const [mi, bi] = marks[0]!;
            const head = {
              ...r.body,
              messages: messages.slice(0, mi + 1).map((m, i) => (i === mi ? { ...m, content: m.content.slice(0, bi + 1) } : m)),
            };
            expect(canonicalPrefix('anthropic', prev).startsWith(canonicalPrefix('anthropic', head))).toBe(true);
            // More than the prompt is cached once there is more: the head survives compactions too.
            if (messages.length > 3) expect(mi).toBeGreaterThan(0);
          } else expect(marks).toHaveLength(1);
          prev = r.body;
        }
      }
    }, 60_000);
  },
);
