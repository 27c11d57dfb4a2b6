/**
 * What the board says about an agent and what it offers, from its view alone (`agents.list`):
 * one place, so the card, the counts and the tests agree. Main still decides every action.
 */
import type { AgentStatus, AgentView } from '../../../../shared/contract/index.js';
import { describeModelUsage } from '../chat/transcript.js';

const LABELS: Record<AgentStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  waiting: 'Waiting for you',
  finished: 'Finished',
  failed: 'Failed',
  stopped: 'Stopped',
  interrupted: 'Interrupted',
  merged: 'Merged',
};

export const statusLabel = (s: AgentStatus): string => LABELS[s];

/** Still working (or about to): it can be stopped, and its branch is not ready to merge. */
export const isActive = (s: AgentStatus): boolean => s === 'queued' || s === 'running' || s === 'waiting';

/** Whether Merge is offered: its run is over and it was not merged yet. */
export const canMerge = (a: Pick<AgentView, 'status'>): boolean => !isActive(a.status) && a.status !== 'merged';

export function filesChangedText(n: number): string {
  return n === 0 ? 'no files changed' : n === 1 ? '1 file changed' : `${n} files changed`;
}

export function usageText(a: Pick<AgentView, 'usage'>): string {
  return a.usage.inputTokens === 0 && a.usage.outputTokens === 0 ? 'no model use yet' : describeModelUsage(a.usage);
}

/** The board's summary line: how many run, wait for an answer, are queued, out of the limit. */
export function boardSummary(agents: readonly Pick<AgentView, 'status'>[], limit: number): string {
  const count = (s: AgentStatus) => agents.filter((a) => a.status === s).length;
  const running = count('running') + count('waiting');
  const parts = [`${running} of ${limit} running at once`];
  if (count('waiting')) parts.push(`${count('waiting')} waiting for you`);
  if (count('queued')) parts.push(`${count('queued')} queued`);
  return parts.join(' · ');
}
