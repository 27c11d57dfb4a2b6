import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConversationModeView, PermissionModeView } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { useEvent } from '../../ui/useEvent.js';

export const MODE_ORDER: readonly PermissionModeView[] = ['ask', 'plan', 'edits'];
export const nextMode = (m: PermissionModeView): PermissionModeView => MODE_ORDER[(MODE_ORDER.indexOf(m) + 1) % MODE_ORDER.length]!;

const modeKey = (id: string | null) => ['mode', id] as const;
const ASK = (conversationId: string): ConversationModeView => ({ conversationId, mode: 'ask', carryPlan: false, planReady: false });

/**
 * The permission mode of the open conversation: read once, then kept current by `mode.changed` (any
 * window of the project may switch it). `set` needs a conversation: `ensure` makes one when none is open.
 */
export function useConversationMode(conversationId: string | null, ensure: () => Promise<string>) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: modeKey(conversationId),
    queryFn: () => unwrap(getApi().mode.get({ conversationId: conversationId! })),
    enabled: conversationId !== null,
  });
  useEvent('mode.changed', (v) => queryClient.setQueryData(modeKey(v.conversationId), v));
  const mutation = useMutation({
    mutationFn: async ({ mode, carryPlan }: { mode: PermissionModeView; carryPlan?: boolean }) => {
      const id = conversationId ?? (await ensure());
      return unwrap(getApi().mode.set({ conversationId: id, mode, ...(carryPlan === undefined ? {} : { carryPlan }) }));
    },
    onSuccess: (v) => queryClient.setQueryData(modeKey(v.conversationId), v),
  });
  const current = query.data ?? ASK(conversationId ?? '');
  /** Leaving plan mode carries the plan into the next message unless the user says not to. */
  const set = (mode: PermissionModeView) =>
    mutation.mutate({ mode, ...(current.mode === 'plan' && mode !== 'plan' ? { carryPlan: true } : {}) });
  return {
    mode: current.mode,
    carryPlan: current.carryPlan,
    planReady: current.planReady,
    set,
    cycle: () => set(nextMode(current.mode)),
    dropCarry: () => mutation.mutate({ mode: current.mode, carryPlan: false }),
    error: mutation.error ?? query.error,
    pending: mutation.isPending,
  };
}
