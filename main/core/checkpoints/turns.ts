import type { EventBody } from '../../../shared/contract/agentEvents.js';
import type { CheckpointStore } from './store.js';

/** The tools whose calls may change the project's files: a turn with one of them gets a checkpoint first. */
export const MAY_CHANGE_FILES: ReadonlySet<string> = new Set([
  'write_file',
  'edit_file',
  'move_path',
  'delete_path',
  'run_command',
  'run_sandboxed',
  'run_container',
  'run_capability',
]);

/**
 * The loop's `beforeToolCalls` for one run: a checkpoint before each turn that may change files,
 * reported as a `checkpoint` event. A snapshot that fails (too large, too slow) never stops the turn:
 * the event carries the reason instead of an id.
 */
export function checkpointBeforeTurns(
  store: CheckpointStore,
  run: { conversationId: string; runId: string; prompt: string; messageIndex: number },
): (turn: { turn: number; tools: string[] }) => Promise<EventBody | undefined> {
  const title = run.prompt.replace(/\s+/g, ' ').trim();
  const short = title.length > 60 ? `${title.slice(0, 59)}…` : title;
  return async ({ turn, tools }) => {
    if (!tools.some((t) => MAY_CHANGE_FILES.has(t))) return undefined;
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
