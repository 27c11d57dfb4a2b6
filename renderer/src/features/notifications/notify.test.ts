import { describe, expect, it } from 'vitest';
import type { PendingApprovalView } from '../../../../shared/contract/index.js';
import { approvalsToNotify, notificationFor, userIsAway } from './notify.js';

const approval = (id: string, more: Partial<PendingApprovalView> = {}): PendingApprovalView => ({
  id,
  kind: 'tool',
  agentId: 'main',
  conversationId: 'c',
  depth: 0,
  createdAt: 1,
  tool: 'run_command',
  key: 'run_command:git',
  ...more,
});

describe('notifications for pending approvals', () => {
  const hidden = { visibilityState: 'hidden' as const, hasFocus: false };
  const seen = { visibilityState: 'visible' as const, hasFocus: true };

  it('the user is away when the page is hidden or the window has no focus', () => {
    expect(userIsAway(hidden)).toBe(true);
    expect(userIsAway({ visibilityState: 'visible', hasFocus: false })).toBe(true);
    expect(userIsAway(seen)).toBe(false);
  });

  it('notifies each new approval once, only while away and only when the setting is on', () => {
    const list = [approval('a'), approval('b')];
    expect(approvalsToNotify(list, new Set(), hidden, true).map((a) => a.id)).toEqual(['a', 'b']);
    expect(approvalsToNotify(list, new Set(['a']), hidden, true).map((a) => a.id)).toEqual(['b']);
    expect(approvalsToNotify(list, new Set(), seen, true)).toEqual([]);
    expect(approvalsToNotify(list, new Set(), hidden, false)).toEqual([]);
  });

  it('the title names the project and the body names what will run, hidden characters escaped', () => {
    const n = notificationFor(approval('a', { key: 'run_command:git', preview: { command: 'git\u200b push origin main' } }), 'demo');
    expect(n.title).toBe('demo — approval needed');
    expect(n.body).toBe('The agent wants to run: git\\u200b push origin main');
    expect(n.tag).toBe('codecoder-approval-a');
    expect(notificationFor(approval('s', { depth: 1, agentId: 'main/sub-1' }), 'demo').body).toMatch(/^A sub-agent asks/);
    expect(notificationFor(approval('p', { kind: 'presets', presets: ['run_command:cargo'] }), 'demo').body).toContain('run_command:cargo');
  });

  it('keeps the body short', () => {
    expect(notificationFor(approval('a', { preview: { command: `npm ${'x'.repeat(500)}` } }), 'demo').body.length).toBeLessThanOrEqual(180);
  });
});
