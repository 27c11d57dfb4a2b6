/** `codecoder check --mode` and `codecoder run --mode`, through the commands with in-memory streams. */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.testkit.js';
import { run as check } from './check.js';
import { run } from './run.js';
import { useTempDir } from '../../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const demo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scripts/demo.llm.json');

let root: string;
let data: string;
beforeEach(async () => {
  root = await tempDirs('cc-cli-mode-');
  data = await tempDirs('cc-cli-mode-data-');
  await writeFile(path.join(root, 'README.md'), '# A project\n');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(data, { recursive: true, force: true });
});

const io = () => {
  const t = memoryIo({ env: { CODECODER_DATA_DIR: data } });
  return { cli: t.io, out: t.out, err: t.err };
};

async function dry(args: string[]) {
  const t = io();
  const code = await check(['--project', root, ...args], t.cli);
  return { code, result: code === 0 ? JSON.parse(t.out()) : undefined, err: t.err() };
}

describe('codecoder check --mode', () => {
  it('answers as the mode would, and never past a deny rule, a protected path or the ceiling', async () => {
    await writeFile(path.join(root, 'codecoder.json'), JSON.stringify({ deny: ['write_file:secret.txt'] }));
    const w = (p: string) => ['write_file', JSON.stringify({ path: p, content: 'x' })];
    expect((await dry(w('src/a.ts'))).result).toMatchObject({ decision: 'ask', via: 'ask' });
    expect((await dry(['--mode', 'edits', ...w('src/a.ts')])).result).toMatchObject({ decision: 'allow', via: 'mode' });
    expect((await dry(['--mode=edits', ...w('codecoder.json')])).result).toMatchObject({ decision: 'ask', via: 'ask' });
    expect((await dry(['--mode', 'edits', ...w('../out.txt')])).result).toMatchObject({ decision: 'ask', via: 'ask' });
    expect((await dry(['--mode', 'edits', ...w('secret.txt')])).result).toMatchObject({ decision: 'deny', via: 'deny' });
    expect((await dry(['--mode', 'edits', 'run_command', '{"command":"rm -rf src"}'])).result).toMatchObject({ decision: 'ask' });
    expect((await dry(['--mode', 'plan', 'run_command', '{"command":"git status"}'])).result).toMatchObject({
      decision: 'deny',
      via: 'mode',
      reason: 'plan mode: propose, do not change',
    });
    expect((await dry(['--mode', 'plan', 'read_file', '{"path":"README.md"}'])).result).toMatchObject({ decision: 'allow', via: 'none' });
    const bad = await dry(['--mode', 'yolo', ...w('a')]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--mode takes ask, plan or edits, got "yolo"');
  });
});

describe('codecoder run --mode', () => {
  it('plan: the demo runs with no prompt at all and changes nothing', async () => {
    const t = io();
    // --on-ask once would allow anything asked: plan mode refuses before anything is asked.
    const code = await run(['--project', root, '--llm-script', demo, '--on-ask', 'once', '--mode', 'plan', 'Show me around'], t.cli);
    expect(t.err()).not.toContain('(--on-ask)');
    expect(t.err()).toContain('denied via mode — plan mode: propose, do not change');
    await expect(readFile(path.join(root, 'NOTES.md'), 'utf8')).rejects.toThrow();
    expect(code).toBe(5); // finished; the refused calls show in the exit code (scripts can tell)
  });

  it('edits: the demo writes NOTES.md without a prompt; its command still asks', async () => {
    const t = io();
    const code = await run(['--project', root, '--llm-script', demo, '--mode', 'edits', '--on-ask', 'session', 'Show me around'], t.cli);
    expect(t.err()).toContain('write_file:NOTES.md: allowed via mode');
    // Runs take checkpoints; the terminal names them (codecoder checkpoints restore takes the id).
    expect(t.err()).toMatch(/\(checkpoint cp_\S+ before turn \d+ of “Show me around”\)/);
    expect(t.err()).toContain('run_command:git → session (--on-ask)');
    expect(t.err()).not.toContain('write_file:NOTES.md → session');
    expect(code).toBe(0);
    expect(await readFile(path.join(root, 'NOTES.md'), 'utf8')).toContain('CodeCoder demo');
  });

  it('refuses an unknown mode', async () => {
    const t = io();
    expect(await run(['--project', root, '--mode', 'auto', 'hi'], t.cli)).toBe(2);
    expect(t.err()).toContain('--mode takes ask, plan or edits, got "auto"');
  });
});
