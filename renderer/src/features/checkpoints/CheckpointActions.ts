import { createContext, useContext } from 'react';

/** What a checkpoint row in the transcript can ask of the chat panel: open the restore panel. */
export interface CheckpointActions {
  openRestore(checkpointId: string): void;
}

export const CheckpointActionsContext = createContext<CheckpointActions | null>(null);

export function useCheckpointActions(): CheckpointActions | null {
  return useContext(CheckpointActionsContext);
}
