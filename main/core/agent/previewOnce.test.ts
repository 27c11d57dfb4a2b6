/**
 * The approval preview is made where the tool is in hand and rides on the ask request: through the
 * real runChecked path, the engine and the approval queue, a command is classified once per call
 * (in permission()), and the prompt's words are the classifier's own.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApprovalQueue, type PendingApproval } from '../approvals/index.js';
import { classifyCommand, type ApprovalPreview } from '../permissions/index.js';
import { makeEngine } from '../permissions/permissions.testkit.js';
import { ProcessTable, runCommandTool, type Tool, type ToolContext } from '../tools/index.js';
import { builtInToolFacts, tempProject, type TempProject } from '../tools/tools.testkit.js';
import { runToolChecked } from './runChecked.js';

// The real classifier, counted: every importer (the permission keys, the tools) gets this one.
vi.mock('../permissions/shell/classify.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../permissions/shell/classify.js')>();
  return { ...real, classifyCommand: vi.fn(real.classifyCommand) };
});
const classified = vi.mocked(classifyCommand);

let p: TempProject;
beforeEach(() => {
  p = tempProject();
  classified.mockClear();
});
afterEach(() => p.cleanup());

/** One run_command call through runChecked; the prompt reads its preview (as the app's and the CLI's do) and denies. */
async function askOnce(
  command: string,
): Promise<{ status: string; shown: ApprovalPreview | undefined; asked: PendingApproval[]; previews: number }> {
  const approvals = new ApprovalQueue();
  const { engine } = await makeEngine(p.root, { asker: approvals.asker(), tools: builtInToolFacts() });
  const asked: PendingApproval[] = [];
  let shown: ApprovalPreview | undefined;
  approvals.subscribe((n) => {
    if (n.type !== 'approval.requested' || n.approval.kind !== 'tool') return;
    const a = n.approval;
    asked.push(a);
    // The prompt may read the preview more than once (a re-render): it is worked out once.
    void Promise.all([a.request.preview?.(), a.request.preview?.()]).then(([first]) => {
      shown = first;
      approvals.answer(a.id, { choice: 'deny', reason: 'test' });
    });
  });
  const real = runCommandTool({ projectRoot: p.root, dataDir: p.outside, secretsToScrub: () => [] }, new ProcessTable()) as Tool;
  let previews = 0;
  const tool: Tool = { ...real, preview: (args, c) => (previews++, real.preview!(args, c)) };
  const ctx: ToolContext = {
    projectRoot: p.root,
    signal: new AbortController().signal,
    output: () => undefined,
    agentId: 'agent',
    conversationId: 'conv',
    depth: 0,
    logDir: p.outside,
  };
  const r = await runToolChecked(tool, { command }, engine, ctx);
  return { status: r.status, shown, asked, previews };
}

describe('the approval preview of a command', () => {
  it('classifies a simple command once per call, and the prompt shows the classifier’s argv', async () => {
    const { status, shown, asked, previews } = await askOnce('git commit -m "fix: a && b"');
    expect(status).toBe('refused');
    expect(asked).toHaveLength(1);
    expect(previews).toBe(1);
    expect(shown).toEqual({ command: 'git commit -m "fix: a && b"', argv: ['git', 'commit', '-m', 'fix: a && b'] });
    expect(classified).toHaveBeenCalledTimes(1);
    expect(classified).toHaveBeenCalledWith('git commit -m "fix: a && b"');
  });

  it('classifies a compound command once per call too', async () => {
    const { shown } = await askOnce('git status && git push origin main');
    expect(shown?.argv).toEqual(['git', 'status', '&&', 'git', 'push', 'origin', 'main']);
    expect(classified).toHaveBeenCalledTimes(1);
  });

  it('each call carries its own preview: a second command never shows the first one’s words', async () => {
    const first = await askOnce('ls -la');
    const second = await askOnce('ls -l src');
    expect(first.shown?.argv).toEqual(['ls', '-la']);
    expect(second.shown?.argv).toEqual(['ls', '-l', 'src']);
    expect(classified).toHaveBeenCalledTimes(2);
  });
});
