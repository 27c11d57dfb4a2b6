/**
 * The permission engine's word on a merge that changes protected entries: one ask per file under
 * the key `merge_agent:<path>`, flagged protected, so no allowlist entry, session grant or mode
 * answers it — the user sees each one (docs/agents.md). Audited like every decision.
 */
import type { PermissionEngine } from '../permissions/index.js';
import type { MergeAsker } from './service.js';

export const MERGE_TOOL = 'merge_agent';

export function engineMergeAsker(engine: Pick<PermissionEngine, 'check'>): MergeAsker {
  return async ({ files, agentId, conversationId }) => {
    for (const file of files) {
      const d = await engine.check({
        tool: MERGE_TOOL,
        environment: 'host',
        permission: {
          kind: 'ask',
          key: { tool: MERGE_TOOL, action: file, raw: `${MERGE_TOOL}:${file}` },
          flags: {
            protectedPath: true,
            notes: [`merging the background agent ${agentId} into the project changes ${file}, a protected entry`],
          },
        },
        args: { agent: agentId, path: file },
        agentId: 'main',
        conversationId,
        depth: 0,
      });
      if (!d.allowed) return { allowed: false, ...(d.reason ? { reason: d.reason } : {}) };
    }
    return { allowed: true };
  };
}
