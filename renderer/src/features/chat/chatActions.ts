import { createContext, useContext } from 'react';

/** What a transcript row may do in its conversation (rows are memoised: they get it from here, not props). */
export interface ChatActions {
  /** Stop one running tool call; the run goes on. */
  stopCall: (callId: string) => void;
  /** Calls whose stop was asked and not yet answered by a result. */
  stopping: ReadonlySet<string>;
  /** Diffs the approval prompts proposed, by call (a denied edit keeps its diff). */
  proposedDiffs: ReadonlyMap<string, string>;
}

export const ChatActionsContext = createContext<ChatActions | null>(null);

export function useChatActions(): ChatActions | null {
  return useContext(ChatActionsContext);
}
