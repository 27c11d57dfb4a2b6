/**
 * How a bench starts several agents at once and answers their prompts, behind one interface, so the
 * same measure can run on another way of running agents side by side.
 */
import type { EventName, MethodInput, PendingApprovalView } from '../shared/contract/index.js';
import type { CoreClient } from './coreClient.js';

export interface PreparedRun {
  /** Starts the run with this prompt; resolves with its conversation id (its `run.finished` ends it). */
  start(prompt: string): Promise<string>;
}

export interface ParallelDriver {
  /** What one parallel unit is called in the rows. */
  unit: string;
  /** Sets up `n` units (untimed), each ready to start. */
  prepare(client: CoreClient, n: number): Promise<PreparedRun[]>;
  /** The pending approvals an event lists, if it is the event that lists them. */
  pendingOf(name: EventName, payload: unknown): PendingApprovalView[];
  answer(client: CoreClient, approval: PendingApprovalView, answer: MethodInput<'approvals.answer'>['answer']): Promise<void>;
}

/**
 * Background agents (`agents.start`): each on its own worktree and branch, its own assembled agent
 * and session, the project's approval queue. The limit is raised to `n` so none waits queued.
 */
export const agentsDriver: ParallelDriver = {
  unit: 'worktree agent',
  prepare: async (client, n) => {
    await client.call('settings.update', { maxAgents: Math.max(n, 1) });
    return Array.from({ length: n }, (_, i) => ({
      start: async (prompt: string) => (await client.call('agents.start', { prompt, name: `bench-${i}` })).conversationId,
    }));
  },
  pendingOf: (name, payload) => (name === 'approvals.changed' ? (payload as PendingApprovalView[]) : []),
  answer: async (client, approval, answer) => {
    await client.call('approvals.answer', { id: approval.id, answer });
  },
};
