/** The public surface of main/core/checkpoints: what other folders may import (build/coreSurfaces.mjs). */
export { CheckpointService, describe } from './service.js';
export { CheckpointError, type CheckpointLimits, type CheckpointMeta, CheckpointStore, type FileChange } from './store.js';
export { checkpointBeforeTurns } from './turns.js';
export { cannotUndoNote } from './undoable.js';
