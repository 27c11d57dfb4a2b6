/**
 * Issue 20: accepting some hunks of a proposed edit. Through the real runChecked path, the engine,
 * the approval queue and the edit tools: the page answers with hunk indices only; main checks them
 * against the call's own preview, writes exactly the previewed text with the hunks taken (through
 * the tool's approved-path write), refuses when the file changed since the preview, treats every
 * hunk rejected as a deny, records the hunks in the audit log and tells the model what was rejected.
 */
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApprovalQueue, type PendingApproval } from '../approvals/index.js';
import { EVERY_HUNK_REJECTED, type AskAnswer, type Decision, type PermissionGate } from '../permissions/index.js';
import { makeEngine, type Harness } from '../permissions/permissions.testkit.js';
import { editFileTool, writeFileTool, type Tool } from '../tools/index.js';
import { builtInToolFacts, tempProject, toolCtx, type TempProject } from '../tools/tools.testkit.js';
import { runToolChecked } from './runChecked.js';

const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i + 1)).join('\n') + '\n';
const BEFORE = lines(30, (i) => `line ${i}`);
/** Three hunks: line 2 changed, a line added after 15, line 28 removed. */
const AFTER = BEFORE.replace('line 2\n', 'line two\n').replace('line 15\n', 'line 15\nline 15b\n').replace('line 28\n', '');
const HUNKS_1_AND_3 = BEFORE.replace('line 2\n', 'line two\n').replace('line 28\n', '');

let p: TempProject;
let h: Harness;
let approvals: ApprovalQueue;
beforeEach(async () => {
  p = tempProject();
  p.write('notes.txt', BEFORE);
  approvals = new ApprovalQueue();
  h = await makeEngine(p.root, { asker: approvals.asker(), tools: builtInToolFacts() });
});
afterEach(() => p.cleanup());

const disk = (rel = 'notes.txt') => readFileSync(path.join(p.root, rel), 'utf8');

/**
 * Runs one call; when its prompt appears (with its preview worked out, as the app shows it), `answer`
 * answers it through the queue like approvals.answer does — and may throw, as a refused answer does.
 */
async function callWith(tool: Tool, args: unknown, answer: (a: Extract<PendingApproval, { kind: 'tool' }>) => Promise<void> | void) {
  const errors: unknown[] = [];
  const stop = approvals.subscribe((n) => {
    if (n.type !== 'approval.requested' || n.approval.kind !== 'tool') return;
    const a = n.approval;
    void a.request.preview!().then(async () => {
      try {
        await answer(a);
      } catch (err) {
        errors.push(err);
        approvals.answer(a.id, { choice: 'deny', reason: 'test ended' });
      }
    });
  });
  try {
    return { ...(await runToolChecked(tool, args, h.engine, toolCtx(p.root))), errors };
  } finally {
    stop();
  }
}

const answerWith = (answer: AskAnswer) => (a: PendingApproval) => approvals.answer(a.id, answer);

describe('taking some hunks of a write', () => {
  it('the preview lists three hunks; rejecting the middle one writes exactly hunks 1 and 3 and says so', async () => {
    let hunks: unknown;
    const r = await callWith(writeFileTool() as Tool, { path: 'notes.txt', content: AFTER }, async (a) => {
      hunks = (await a.request.preview!())?.hunks;
      approvals.answer(a.id, { choice: 'once', hunks: [0, 2] });
    });
    expect(hunks).toHaveLength(3);
    expect(r.status).toBe('executed');
    expect(disk()).toBe(HUNKS_1_AND_3);
    // The model reads which hunk was rejected, with its text, and that the file holds the accepted content.
    expect(r.result.isError).toBeFalsy();
    expect(r.result.content).toContain('the user took hunks 1, 3 of 3 and rejected hunk 2');
    expect(r.result.content).toContain('notes.txt now holds exactly the accepted content');
    expect(r.result.content).toContain(
      'Rejected hunk 2 of 3:\n@@ -13,6 +13,7 @@\n line 13\n line 14\n line 15\n+line 15b\n line 16\n line 17\n line 18',
    );
    expect(r.result.data).toMatchObject({ path: 'notes.txt', hunks: { taken: [0, 2], rejected: [1] } });
    // The audit record says which hunks were taken.
    const rec = h.audit.records.find((x) => x.key === 'write_file:notes.txt');
    expect(rec).toMatchObject({ decision: 'allow', via: 'once', asked: true, hunks: { taken: [0, 2], rejected: [1] } });
  });

  it('works for edit_file too, keeping a BOM and the file mode', async () => {
    const text = lines(30, (i) => `v${i} = old`);
    p.write('code.py', `\ufeff${text}`);
    const r = await callWith(
      editFileTool() as Tool,
      { path: 'code.py', old_text: 'old', new_text: 'new', replace_all: true },
      async (a) => {
        const hunks = (await a.request.preview!())?.hunks;
        // 30 changed lines in a row are one hunk: take it whole.
        expect(hunks).toHaveLength(1);
        approvals.answer(a.id, { choice: 'once', hunks: [0] });
      },
    );
    expect(r.status).toBe('executed');
    expect(disk('code.py')).toBe(`\ufeff${text.replaceAll('old', 'new')}`);

    const spaced = lines(30, (i) => (i % 10 === 5 ? `v${i} = old` : `v${i}`));
    chmodSync(p.write('spaced.py', `\ufeff${spaced}`), 0o750);
    const r2 = await callWith(editFileTool() as Tool, { path: 'spaced.py', old_text: 'old', new_text: 'new', replace_all: true }, (a) =>
      approvals.answer(a.id, { choice: 'once', hunks: [1] }),
    );
    expect(r2.status).toBe('executed');
    expect(disk('spaced.py')).toBe(`\ufeff${spaced.replace('v15 = old', 'v15 = new')}`);
    expect(r2.result.content).toContain('rejected hunks 1, 3');
    expect(statSync(path.join(p.root, 'spaced.py')).mode & 0o777).toBe(0o750);
  });

  it('every hunk taken is a plain allow-once of the whole change', async () => {
    const r = await callWith(
      writeFileTool() as Tool,
      { path: 'notes.txt', content: AFTER },
      answerWith({ choice: 'once', hunks: [2, 0, 1] }),
    );
    expect(r.status).toBe('executed');
    expect(disk()).toBe(AFTER);
    expect(h.audit.records.at(-1)).not.toHaveProperty('hunks');
  });

  it('every hunk rejected is a deny: nothing written, the model and the audit log told why', async () => {
    const r = await callWith(writeFileTool() as Tool, { path: 'notes.txt', content: AFTER }, answerWith({ choice: 'once', hunks: [] }));
    expect(r.status).toBe('refused');
    expect(disk()).toBe(BEFORE);
    expect(r.result.content).toContain(EVERY_HUNK_REJECTED);
    expect(h.audit.records.at(-1)).toMatchObject({
      decision: 'deny',
      via: 'user-deny',
      reason: `the user refused: ${EVERY_HUNK_REJECTED}`,
    });
  });

  it('a file changed on disk after the preview is refused with a reason, and the other change is kept', async () => {
    const elsewhere = BEFORE.replace('line 20\n', 'line 20 (edited by hand)\n');
    const r = await callWith(writeFileTool() as Tool, { path: 'notes.txt', content: AFTER }, (a) => {
      writeFileSync(path.join(p.root, 'notes.txt'), elsewhere);
      approvals.answer(a.id, { choice: 'once', hunks: [0, 2] });
    });
    expect(r.result.isError).toBe(true);
    expect(r.result.content).toContain('notes.txt changed on disk after the change was shown');
    expect(r.result.content).toContain('nothing was written');
    expect(disk()).toBe(elsewhere);
  });

  it('a new file is one hunk: taking it is a plain allow-once of the whole file', async () => {
    const r = await callWith(writeFileTool() as Tool, { path: 'src/new.txt', content: AFTER }, async (a) => {
      expect((await a.request.preview!())?.hunks).toMatchObject([{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 30, added: 30 }]);
      approvals.answer(a.id, { choice: 'once', hunks: [0] });
    });
    expect(r.status).toBe('executed');
    expect(disk('src/new.txt')).toBe(AFTER);
    expect(h.audit.records.at(-1)).toMatchObject({ decision: 'allow', via: 'once' });
    expect(h.audit.records.at(-1)).not.toHaveProperty('hunks');
  });
});

describe('answers the queue refuses while the prompt stays open', () => {
  it.each<[string, AskAnswer, RegExp]>([
    ['an index past the hunks shown', { choice: 'once', hunks: [0, 3] }, /hunk 3 is not one of the 3 hunks shown/],
    ['an index named twice', { choice: 'once', hunks: [1, 1] }, /hunk 1 is named twice/],
    ['a negative index', { choice: 'once', hunks: [-1] }, /invalid answer/],
    ['a fraction', { choice: 'once', hunks: [0.5] }, /invalid answer/],
    ['hunks with a session answer', { choice: 'session', hunks: [0] } as unknown as AskAnswer, /invalid answer/],
    ['hunks with a project answer', { choice: 'project', hunks: [0] } as unknown as AskAnswer, /invalid answer/],
  ])('%s', async (_name, bad, message) => {
    const r = await callWith(writeFileTool() as Tool, { path: 'notes.txt', content: AFTER }, (a) => {
      expect(() => approvals.answer(a.id, bad)).toThrow(message);
      // Still pending: a good answer goes through.
      approvals.answer(a.id, { choice: 'once', hunks: [1] });
    });
    expect(r.errors).toEqual([]);
    expect(disk()).toBe(BEFORE.replace('line 15\n', 'line 15\nline 15b\n'));
  });

  it('hunks for a call whose preview has none (a command) are refused', async () => {
    const tool: Tool = { ...(writeFileTool() as Tool), name: 'write_file', preview: async () => ({ path: 'notes.txt' }) };
    const r = await callWith(tool, { path: 'notes.txt', content: AFTER }, (a) => {
      expect(() => approvals.answer(a.id, { choice: 'once', hunks: [0] })).toThrow(/has no hunks to take or reject/);
      approvals.answer(a.id, { choice: 'deny' });
    });
    expect(r.status).toBe('refused');
    expect(disk()).toBe(BEFORE);
  });
});

describe('the engine and runChecked hold the line whoever answers', () => {
  it('an asker naming a hunk the preview does not have is refused by the engine', async () => {
    h = await makeEngine(p.root, { asker: async () => ({ choice: 'once', hunks: [7] }), tools: builtInToolFacts() });
    const r = await runToolChecked(writeFileTool() as Tool, { path: 'notes.txt', content: AFTER }, h.engine, toolCtx(p.root));
    expect(r.status).toBe('refused');
    expect(r.result.content).toContain('hunk 7 is not one of the 3 hunks shown');
    expect(disk()).toBe(BEFORE);
  });

  it('an asker outside the queue gets the same: some hunks written, none taken denied, both audited', async () => {
    h = await makeEngine(p.root, { asker: async () => ({ choice: 'once', hunks: [2, 0] }), tools: builtInToolFacts() });
    const r = await runToolChecked(writeFileTool() as Tool, { path: 'notes.txt', content: AFTER }, h.engine, toolCtx(p.root));
    expect(r.status).toBe('executed');
    expect(disk()).toBe(HUNKS_1_AND_3);
    expect(h.audit.records.at(-1)).toMatchObject({ via: 'once', hunks: { taken: [0, 2], rejected: [1] } });

    // The file now lacks only hunk 2: the next proposal of the same content is that one hunk, rejected.
    h = await makeEngine(p.root, { asker: async () => ({ choice: 'once', hunks: [] }), tools: builtInToolFacts() });
    const none = await runToolChecked(writeFileTool() as Tool, { path: 'notes.txt', content: AFTER }, h.engine, toolCtx(p.root));
    expect(none.status).toBe('refused');
    expect(none.result.content).toContain(EVERY_HUNK_REJECTED);
    expect(disk()).toBe(HUNKS_1_AND_3);
    expect(h.audit.records.at(-1)).toMatchObject({ decision: 'deny', via: 'user-deny', hunks: { taken: [], rejected: [0] } });
  });

  it('a partial allow of a tool that cannot apply hunks runs nothing', async () => {
    let ran = false;
    const tool: Tool = { ...(writeFileTool() as Tool), appliesHunks: false, execute: async () => ((ran = true), { content: 'ran' }) };
    const gate: PermissionGate = {
      check: async (): Promise<Decision> => ({ allowed: true, via: 'once', hunks: { taken: [0], rejected: [1] } }),
    };
    const r = await runToolChecked(tool, { path: 'notes.txt', content: AFTER }, gate, toolCtx(p.root));
    expect(r.status).toBe('refused');
    expect(r.result.content).toContain('cannot run in part');
    expect(ran).toBe(false);
  });

  it('hunks approved for a call whose change was never previewed write nothing', async () => {
    const gate: PermissionGate = {
      check: async (): Promise<Decision> => ({ allowed: true, via: 'once', hunks: { taken: [0], rejected: [1] } }),
    };
    const r = await runToolChecked(writeFileTool() as Tool, { path: 'notes.txt', content: AFTER }, gate, toolCtx(p.root));
    expect(r.result.isError).toBe(true);
    expect(r.result.content).toContain('belong to no change shown for this call');
    expect(disk()).toBe(BEFORE);
  });
});
