import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PendingApprovalView } from '../../../../shared/contract/index.js';
import type { z } from 'zod';
import type { askAnswerSchema } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { projectKeys } from '../../queries.js';

export type AskAnswerInput = z.input<typeof askAnswerSchema>;

/**
 * Answers approvals by id. The answered prompt leaves the queue at once (main's approvals.changed
 * confirms it); a failure puts nothing back silently — the error is shown in the prompt.
 */
export function useAnswer() {
  const queryClient = useQueryClient();
  const drop = (id: string) =>
    queryClient.setQueryData<PendingApprovalView[]>(projectKeys.approvals, (list) => list?.filter((a) => a.id !== id));
  const tool = useMutation({
    mutationFn: (v: { id: string; answer: AskAnswerInput }) => unwrap(getApi().approvals.answer(v)),
    onSuccess: (_r, v) => drop(v.id),
  });
  const presets = useMutation({
    mutationFn: (v: { id: string; accept: string[] }) => unwrap(getApi().approvals.answerPresets(v)),
    onSuccess: (_r, v) => drop(v.id),
  });
  return { tool, presets };
}
