import { describe, expect, it } from 'vitest';
import type { PendingApprovalView } from '../../../shared/contract/index.js';
import { ApprovalNotifier } from './approvalNotifier.js';

const approval = (id: string, key: string, depth = 0): PendingApprovalView => ({
  id,
  kind: 'tool',
  agentId: 'a',
  conversationId: 'c',
  depth,
  createdAt: 0,
  tool: 'run_command',
  key,
});

describe('ApprovalNotifier', () => {
  it('notifies each new approval once, only in the background, only when enabled, with hidden characters escaped', () => {
    const n = new ApprovalNotifier();
    const bg = { projectName: 'demo', windowFocused: false, enabled: true };
    expect(n.next([approval('1', 'run_command:git')], bg)).toEqual([
      { approvalId: '1', title: 'demo: approval needed', body: 'The agent asks for run_command:git' },
    ]);
    expect(n.next([approval('1', 'run_command:git')], bg)).toEqual([]);
    expect(n.next([approval('1', 'x'), approval('2', 'run_command:rm\u001b[2J', 1)], bg)[0]?.body).toBe(
      'A sub-agent asks for run_command:rm\\u001b[2J',
    );
    expect(n.next([approval('3', 'k')], { ...bg, windowFocused: true })).toEqual([]);
    expect(n.next([approval('4', 'k')], { ...bg, enabled: false })).toEqual([]);
  });
});
