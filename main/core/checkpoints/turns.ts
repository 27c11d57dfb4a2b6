import type { EventBody } from '../../../shared/contract/agentEvents.js';
import type { CheckpointStore } from './store.js';

/**
 * The loop's `beforeToolCalls` for one run: a checkpoint before each turn that may change files,
 * reported as a `checkpoint` event. A snapshot that fails (too large, too slow) never stops the turn:
 * the event carries the reason instead of an id.
 */
export function checkpointBeforeTurns(
  store: CheckpointStore,
  run: { conversationId: string; runId: string; prompt: string; messageIndex: number },
  /** Whether a tool's call may change the project's files, as the tool declares (the registry's tools/facts.ts). */
  changesFiles: (tool: string) => boolean,
): (turn: { turn: number; tools: string[] }) => Promise<EventBody | undefined> {
  const title = run.prompt.replace(/\s+/g, ' ').trim();
  const short = title.length > 60 ? `${title.slice(0, 59)}…` : title;
  return async ({ turn, tools }) => {
    if (!tools.some(changesFiles)) return undefined;
    const label = `turn ${turn} of “${short}”`;
    try {
      const cp = await store.snapshot({
        conversationId: run.conversationId,
        runId: run.runId,
        turn,
        messageIndex: run.messageIndex,
        label,
      });
      return { type: 'checkpoint', kind: 'turn', label, turn, checkpointId: cp.id } as EventBody;
    } catch (err) {
      return { type: 'checkpoint', kind: 'turn', label, turn, error: (err as Error).message } as EventBody;
    }
  };
}
