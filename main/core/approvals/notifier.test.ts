import { describe, expect, it } from 'vitest';
import type { PendingApprovalView } from '../../../shared/contract/index.js';
import { ApprovalNotifier, noticeActions } from './notifier.js';

const approval = (id: string, command: string, depth = 0): PendingApprovalView => ({
  id,
  kind: 'tool',
  agentId: 'a',
  conversationId: 'c',
  depth,
  createdAt: 0,
  tool: 'run_command',
  key: `run_command:${command.split(' ')[0]}`,
  preview: { command },
});

describe('ApprovalNotifier', () => {
  it('notifies each new approval once, only in the background, only when enabled, naming the command escaped', () => {
    const n = new ApprovalNotifier();
    const bg = { projectName: 'demo', windowFocused: false, enabled: true };
    expect(n.next([approval('1', 'git push origin main')], bg)).toEqual([
      { approvalId: '1', title: 'demo — approval needed', body: 'The agent wants to run: git push origin main', allowable: true },
    ]);
    expect(n.next([approval('1', 'git push origin main')], bg)).toEqual([]);
    expect(n.next([approval('1', 'x'), approval('2', 'rm\u001b[2J -rf build', 1)], bg)[0]).toMatchObject({
      body: 'A sub-agent wants to run: rm\\x1b[2J -rf build',
      allowable: false,
    });
    expect(n.next([approval('3', 'k')], { ...bg, windowFocused: true })).toEqual([]);
    expect(n.next([approval('4', 'k')], { ...bg, enabled: false })).toEqual([]);
  });

  it('offers "Allow once" only when the body shows it all; otherwise the first button opens the prompt', () => {
    const [short] = new ApprovalNotifier().next([approval('1', 'npm test')], { projectName: 'p', windowFocused: false, enabled: true });
    expect(noticeActions(short!).map((a) => a.does)).toEqual(['once', 'deny']);
    const [long] = new ApprovalNotifier().next([approval('2', `npm run ${'x'.repeat(400)}`)], {
      projectName: 'p',
      windowFocused: false,
      enabled: true,
    });
    expect(long!.body.endsWith('…')).toBe(true);
    expect(noticeActions(long!)).toEqual([
      { text: 'Review', does: 'open' },
      { text: 'Deny', does: 'deny' },
    ]);
  });
});
