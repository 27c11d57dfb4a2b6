import { useEffect, useState } from 'react';
import { useApprovals } from '../../queries.js';

/**
 * The diffs prompts proposed, by tool call: a denied write or edit keeps showing what it would have
 * changed on its card. Collected as prompts appear; they live as long as the window (the recorded
 * conversation holds the call's arguments, not the diff).
 */
export function useProposedDiffs(): ReadonlyMap<string, string> {
  const approvals = useApprovals();
  const [diffs, setDiffs] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    const fresh = (approvals.data ?? []).filter((a) => a.callId && a.preview?.diff && !diffs.has(a.callId));
    if (fresh.length === 0) return;
    setDiffs((m) => {
      const next = new Map(m);
      for (const a of fresh) next.set(a.callId!, a.preview!.diff!);
      return next;
    });
  }, [approvals.data, diffs]);
  return diffs;
}
