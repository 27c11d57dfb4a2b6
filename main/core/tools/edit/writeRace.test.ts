/**
 * A local process racing the edit tools: a child flips a path between a real file or folder and a
 * symlink that points outside the project, as fast as it can, while the tool writes. Whatever the
 * interleaving, nothing may land outside the project. Errors are expected and fine.
 *
 * Each case runs for a bounded time (not a fixed count) well inside its timeout, and asserts that
 * enough trials ran and that the race really interleaved (some calls refused, some done). A fixed
 * count once outlived its timeout on a loaded machine: vitest moved on while the old loop kept
 * running and restoring its own sentinel into the next case's outside file, which that case then
 * counted as writes outside. So every case also gets its own project and racer, and its loop stops
 * when the case ends. The control cases run the same race and detection against tools that write
 * through paths, until the first hit, and must see one: the detection is live.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call, tempProject, toolCtx, type TempProject } from '../tools.testkit.js';
import type { Tool } from '../types.js';
import { deletePathTool } from './deletePath.js';
import { editFileTool, type EditFileArgs } from './editFile.js';
import { movePathTool } from './movePath.js';
import { writeFileTool, type WriteFileArgs } from './writeFile.js';

// The racer flips <dir> between a folder (holding e.txt) and a symlink to the outside <victimDir>, and
// <file> between a regular file and a symlink to the outside <victimFile>, as fast as it can, until
// killed. The symlink dwells for 20 lstats: with fewer, a tool that follows symlinks was caught only
// about once in 1,500 edits (the controls below), too rarely to trust a pass.
const RACER = `
const fs = require('node:fs');
const [dir, victimDir, file, victimFile] = process.argv.slice(1);
const dwell = (p) => { for (let k = 0; k < 20; k++) try { fs.lstatSync(p); } catch {} };
const flip = (p, victim, real) => {
  try { fs.rmSync(p, { recursive: true, force: true }); } catch {}
  try { fs.symlinkSync(victim, p); } catch {}
  dwell(p);
  try { fs.unlinkSync(p); } catch {}
  try { real(p); } catch {}
};
process.send('ready');
for (;;) {
  flip(dir, victimDir, (p) => { fs.mkdirSync(p); fs.writeFileSync(p + '/e.txt', 'x\\n'); });
  flip(file, victimFile, (p) => fs.writeFileSync(p, 'x\\n', { flag: 'wx' }));
}`;

/** How long one case races: well inside TIMEOUT even when a trial is slow. */
const BUDGET_MS = 15_000;
const TIMEOUT = 60_000;
/** Trials a case must reach within its budget (about 50 a second ran at load average 20 on 2 cores). */
const MIN_TRIALS = 150;

/** One case's project, outside folder and racer; no other case sees them. */
interface Race extends TempProject {
  ended: boolean;
}

let current: { race: Race; racer: ChildProcess } | undefined;
afterEach(async () => {
  if (!current) return;
  const { race, racer } = current;
  current = undefined;
  race.ended = true;
  if (racer.exitCode === null && racer.signalCode === null) {
    const gone = new Promise((r) => racer.once('exit', r));
    racer.kill('SIGKILL');
    await gone;
  }
  race.cleanup();
});

/** A fresh project whose `d` flips to the outside folder and `t.txt` to outside/victim.txt. */
async function startRace(prepare: (r: Race) => void): Promise<Race> {
  const race: Race = Object.assign(tempProject(), { ended: false });
  prepare(race);
  const args = [path.join(race.root, 'd'), race.outside, path.join(race.root, 't.txt'), path.join(race.outside, 'victim.txt')];
  const racer = spawn(process.execPath, ['-e', RACER, ...args], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  current = { race, racer };
  await new Promise<void>((resolve, reject) => {
    racer.once('message', () => resolve());
    racer.once('error', reject);
  });
  return race;
}

interface Tally {
  trials: number;
  /** Trials after which something outside the project had changed. */
  outside: number;
  refused: number;
  done: number;
}

/**
 * Runs `trial` until `max` trials, the time budget, or the end of the case; `check` says whether
 * something outside changed (and puts it back). `stopAtHit` ends at the first hit (the controls).
 */
async function raceLoop(
  race: Race,
  max: number,
  trial: (i: number) => Promise<boolean>,
  check: () => boolean,
  stopAtHit = false,
): Promise<Tally> {
  const t: Tally = { trials: 0, outside: 0, refused: 0, done: 0 };
  const end = Date.now() + BUDGET_MS;
  while (t.trials < max && Date.now() < end && !race.ended) {
    if (await trial(t.trials)) t.done++;
    else t.refused++;
    t.trials++;
    if (!check()) t.outside++;
    if (stopAtHit && t.outside > 0) break;
  }
  return t;
}

/**
 * One call (raw arguments, validated like the agent loop); true when it did its job. A refusal or
 * an error is a fine outcome under a race.
 */
async function attempt<A>(tool: Tool<A>, args: unknown, root: string): Promise<boolean> {
  return call(tool, args, toolCtx(root)).then(
    (r) => !r.isError,
    () => false,
  );
}

/** Whether the outside file still holds its sentinel (put back when it does not). */
function intact(file: string, sentinel: string): boolean {
  if (readFileSync(file, 'utf8') === sentinel) return true;
  writeFileSync(file, sentinel);
  return false;
}

/** Entries written outside the project besides the victim file and the files put there to be kept. */
const strays = (race: Race) => readdirSync(race.outside).filter((n) => n !== 'victim.txt' && !n.startsWith('keep'));

/** write_file on `t.txt` (the final component races) and `d/f<i>.txt` (a parent folder races). */
async function raceWrites(tool: Tool<WriteFileArgs>, max: number, stopAtHit = false): Promise<Tally> {
  const race = await startRace((r) => writeFileSync(path.join(r.outside, 'victim.txt'), 'SAFE'));
  const victim = path.join(race.outside, 'victim.txt');
  let seenStrays = 0;
  return raceLoop(
    race,
    max,
    (i) => attempt(tool, { path: i % 2 ? `d/f${i}.txt` : 't.txt', content: `w${i}` }, race.root),
    () => {
      const ok = intact(victim, 'SAFE');
      const now = strays(race).length;
      const fresh = now > seenStrays;
      seenStrays = now;
      return ok && !fresh;
    },
    stopAtHit,
  );
}

/** edit_file on `d/e.txt` (mostly: the folder races) and `t.txt`; both outside files hold `x`. */
async function raceEdits(tool: Tool<EditFileArgs>, max: number, stopAtHit = false): Promise<Tally> {
  const race = await startRace((r) => {
    writeFileSync(path.join(r.outside, 'victim.txt'), 'x\n');
    writeFileSync(path.join(r.outside, 'e.txt'), 'x\n');
  });
  const victim = path.join(race.outside, 'victim.txt');
  const e = path.join(race.outside, 'e.txt');
  return raceLoop(
    race,
    max,
    (i) => attempt(tool, { path: i % 4 ? 'd/e.txt' : 't.txt', old_text: 'x', new_text: `e${i}` }, race.root),
    // Both checked every time (no short-circuit), so each is put back.
    () => [intact(victim, 'x\n'), intact(e, 'x\n')].every(Boolean),
    stopAtHit,
  );
}

/** The race ran long enough and really interleaved: some calls were refused, some went through. */
function expectExercised(t: Tally): void {
  expect(t.trials).toBeGreaterThanOrEqual(MIN_TRIALS);
  expect(t.refused).toBeGreaterThan(0);
  expect(t.done).toBeGreaterThan(0);
}

/** A write_file that writes through the path (follows every symlink): what the detection must catch. */
function pathWriteFileTool(): Tool<WriteFileArgs> {
  return {
    ...writeFileTool(),
    async execute(args, ctx) {
      const abs = path.join(ctx.projectRoot, args.path);
      await mkdir(path.dirname(abs), { recursive: true });
      await writeFile(abs, args.content);
      return { content: 'written' };
    },
  };
}

/** An edit_file that reads and writes through the path. */
function pathEditFileTool(): Tool<EditFileArgs> {
  return {
    ...editFileTool(),
    async execute(args, ctx) {
      const abs = path.join(ctx.projectRoot, args.path);
      const text = await readFile(abs, 'utf8');
      if (!text.includes(args.old_text)) return { content: 'not found', isError: true };
      await writeFile(abs, text.replace(args.old_text, args.new_text));
      return { content: 'edited' };
    },
  };
}

describe('edit tools against a racing symlink swap (0 writes outside the project)', () => {
  it(
    'write_file: up to 3,000 writes while the file and its folder flip to symlinks leading out',
    async () => {
      const t = await raceWrites(writeFileTool(), 3000);
      expect(t.outside).toBe(0);
      expectExercised(t);
    },
    TIMEOUT,
  );

  it(
    'edit_file: the file and its folder flip',
    async () => {
      const t = await raceEdits(editFileTool(), 600);
      expect(t.outside).toBe(0);
      expectExercised(t);
    },
    TIMEOUT,
  );

  it(
    'delete_path: never deletes through a flipped folder',
    async () => {
      const race = await startRace((r) => {
        writeFileSync(path.join(r.outside, 'victim.txt'), 'x');
        for (let i = 0; i < 600; i++) writeFileSync(path.join(r.outside, `keep${i}.txt`), 'keep');
        writeFileSync(path.join(r.outside, 'e.txt'), 'keep');
      });
      const tool = deletePathTool();
      const t = await raceLoop(
        race,
        600,
        (i) => attempt(tool, { path: i % 2 ? 'd/e.txt' : `d/keep${i}.txt` }, race.root),
        () => true,
      );
      expect(readdirSync(race.outside).length).toBe(602);
      expectExercised(t);
    },
    TIMEOUT,
  );

  it(
    'move_path: neither end follows a flipped folder',
    async () => {
      const race = await startRace((r) => writeFileSync(path.join(r.outside, 'victim.txt'), 'x'));
      const tool = movePathTool();
      const t = await raceLoop(
        race,
        600,
        (i) => {
          race.write(`m${i}.txt`, 'm');
          return attempt(tool, { from: `m${i}.txt`, to: `d/m${i}.txt` }, race.root);
        },
        () => true,
      );
      expect(readdirSync(race.outside)).toEqual(['victim.txt']);
      expectExercised(t);
    },
    TIMEOUT,
  );
});

describe('controls: the same detection catches tools that write through paths', () => {
  it(
    'a write_file that follows symlinks is caught writing outside',
    async () => {
      const t = await raceWrites(pathWriteFileTool(), Infinity, true);
      expect(t.outside).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it(
    'an edit_file that follows symlinks is caught writing outside',
    async () => {
      const t = await raceEdits(pathEditFileTool(), Infinity, true);
      expect(t.outside).toBeGreaterThan(0);
    },
    TIMEOUT,
  );
});
