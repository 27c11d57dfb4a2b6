import { AppError } from '../../../../shared/contract/index.js';
import { CheckpointError, type CheckpointMeta } from '../../checkpoints/index.js';
import type { Handlers } from '../../router/index.js';
import type { ProjectRuntimes } from '../projectRuntimes.js';
import type { WindowContext } from '../windows.js';

const view = (c: CheckpointMeta) => {
  const { commit: _commit, tree: _tree, runId: _runId, ...rest } = c;
  return rest;
};

async function mapCheckpointErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof CheckpointError) {
      if (e.code === 'not_found') throw new AppError('not_found', e.message);
      if (e.code === 'busy' || e.code === 'conflict') throw new AppError('conflict', e.message);
      throw new AppError('internal', e.message);
    }
    throw e;
  }
}

/** Checkpoints of the window's project: list, preview, restore (the service audits and announces it). */
export function checkpointHandlers(runtimes: ProjectRuntimes): Handlers<WindowContext> {
  return {
    'checkpoints.list': async ({ conversationId }, ctx) => {
      const rt = await runtimes.of(ctx);
      return mapCheckpointErrors(async () => ({
        checkpoints: (await rt.agent.checkpoints.list(conversationId)).map(view),
        usageBytes: await rt.agent.checkpoints.usage(),
        capBytes: rt.agent.checkpoints.capBytes,
      }));
    },
    'checkpoints.preview': async ({ id }, ctx) => {
      const rt = await runtimes.of(ctx);
      return mapCheckpointErrors(async () => {
        const p = await rt.agent.checkpoints.preview(id);
        return { checkpoint: view(p.checkpoint), changes: p.changes };
      });
    },
    'checkpoints.restore': async ({ id, rewindConversation }, ctx) => {
      const rt = await runtimes.of(ctx);
      return mapCheckpointErrors(async () => {
        const r = await rt.agent.checkpoints.restore(id, { rewindConversation });
        return {
          changes: r.changes,
          undoId: r.undo.id,
          skipped: r.skipped,
          rewoundMessages: r.rewoundMessages,
          restoredMessages: r.restoredMessages,
          ...(r.rewoundPrompt !== undefined ? { rewoundPrompt: r.rewoundPrompt } : {}),
          ...(r.conversationNote !== undefined ? { conversationNote: r.conversationNote } : {}),
        };
      });
    },
  };
}
