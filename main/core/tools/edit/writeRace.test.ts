/**
 * A local process racing the edit tools: a child flips a path between a real file or folder and a
 * symlink that points outside the project, as fast as it can, while the tool writes. Whatever the
 * interleaving, nothing may land outside the project. Errors are expected and fine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, tempProject, toolCtx, type TempProject } from '../tools.testkit.js';
import { deletePathTool } from './deletePath.js';
import { editFileTool } from './editFile.js';
import { movePathTool } from './movePath.js';
import { writeFileTool } from './writeFile.js';

// The racer flips <dir> between a folder (holding e.txt) and a symlink to the outside <victimDir>, and
// <file> between a regular file and a symlink to the outside <victimFile>, as fast as it can, until
// killed. Each state lasts about as many system calls as the other, so both are hit often.
const RACER = `
const fs = require('node:fs');
const [dir, victimDir, file, victimFile] = process.argv.slice(1);
const dwell = (p) => { for (let k = 0; k < 3; k++) try { fs.lstatSync(p); } catch {} };
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

let p: TempProject;
let racer: ChildProcess | undefined;
beforeEach(() => {
  p = tempProject();
});
afterEach(async () => {
  if (racer && racer.exitCode === null && racer.signalCode === null) {
    const gone = new Promise((r) => racer!.once('exit', r));
    racer.kill('SIGKILL');
    await gone;
  }
  racer = undefined;
  p.cleanup();
});

/** Starts the racer on `d` (→ the outside folder) and `t.txt` (→ outside/victim.txt). */
async function startRacer(): Promise<void> {
  const args = [path.join(p.root, 'd'), p.outside, path.join(p.root, 't.txt'), path.join(p.outside, 'victim.txt')];
  racer = spawn(process.execPath, ['-e', RACER, ...args], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    racer!.once('message', () => resolve());
    racer!.once('error', reject);
  });
}

const TRIALS = 3000;

/** One call; a refusal or an error is a fine outcome under a race, only where bytes land counts. */
async function attempt(...a: Parameters<typeof call>): Promise<void> {
  await call(...a).catch(() => undefined);
}

/** Whether the outside victim file still holds its sentinel (put back when it does not). */
function victimIntact(sentinel: string): boolean {
  const victim = path.join(p.outside, 'victim.txt');
  if (readFileSync(victim, 'utf8') === sentinel) return true;
  writeFileSync(victim, sentinel);
  return false;
}

/** Entries written outside the project besides the victim file and the files put there to be kept. */
const strays = () => readdirSync(p.outside).filter((n) => n !== 'victim.txt' && !n.startsWith('keep'));

describe('edit tools against a racing symlink swap (0 writes outside the project)', () => {
  it('write_file: 3,000 writes while the file and its folder flip to symlinks leading out', async () => {
    writeFileSync(path.join(p.outside, 'victim.txt'), 'SAFE');
    await startRacer();
    const tool = writeFileTool();
    let outside = 0;
    for (let i = 0; i < TRIALS; i++) {
      // Alternate: the final component races, then a parent folder races.
      await attempt(tool, i % 2 ? { path: `d/f${i}.txt`, content: `w${i}` } : { path: 't.txt', content: `w${i}` }, toolCtx(p.root));
      if (!victimIntact('SAFE')) outside++;
    }
    outside += strays().length;
    expect(outside).toBe(0);
  }, 60_000);

  it('edit_file: the file and its folder flip', async () => {
    writeFileSync(path.join(p.outside, 'victim.txt'), 'x\n');
    writeFileSync(path.join(p.outside, 'e.txt'), 'x\n');
    await startRacer();
    const tool = editFileTool();
    let outside = 0;
    for (let i = 0; i < 600; i++) {
      await attempt(tool, { path: i % 4 ? 'd/e.txt' : 't.txt', old_text: 'x', new_text: `e${i}` }, toolCtx(p.root));
      if (!victimIntact('x\n')) outside++;
      if (readFileSync(path.join(p.outside, 'e.txt'), 'utf8') !== 'x\n') {
        outside++;
        writeFileSync(path.join(p.outside, 'e.txt'), 'x\n');
      }
    }
    expect(outside).toBe(0);
  }, 60_000);

  it('delete_path: never deletes through a flipped folder', async () => {
    writeFileSync(path.join(p.outside, 'victim.txt'), 'x');
    for (let i = 0; i < 600; i++) writeFileSync(path.join(p.outside, `keep${i}.txt`), 'keep');
    writeFileSync(path.join(p.outside, 'e.txt'), 'keep');
    await startRacer();
    const tool = deletePathTool();
    for (let i = 0; i < 600; i++) await attempt(tool, { path: i % 2 ? 'd/e.txt' : `d/keep${i}.txt` }, toolCtx(p.root));
    expect(readdirSync(p.outside).length).toBe(602);
  }, 60_000);

  it('move_path: neither end follows a flipped folder', async () => {
    writeFileSync(path.join(p.outside, 'victim.txt'), 'x');
    await startRacer();
    const tool = movePathTool();
    for (let i = 0; i < 600; i++) {
      p.write(`m${i}.txt`, 'm');
      await attempt(tool, { from: `m${i}.txt`, to: `d/m${i}.txt` }, toolCtx(p.root));
    }
    expect(readdirSync(p.outside)).toEqual(['victim.txt']);
  }, 60_000);
});
