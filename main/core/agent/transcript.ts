import type { LlmContentBlock, LlmMessage } from '../llm/index.js';
import { CANCELLED_REASON } from '../approvals/index.js';

export const INTERRUPTED_RESULT = 'not run: the session ended before this call ran';

/**
 * Makes a loaded transcript safe to continue: every tool_use gets a tool_result (a crash or a
 * cancellation can leave calls unanswered, and both APIs reject such a transcript).
 */
export function repairTranscript(messages: readonly LlmMessage[]): LlmMessage[] {
  const out: LlmMessage[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    out.push(m);
    if (m.role !== 'assistant') continue;
    const calls = m.content.filter((b): b is Extract<LlmContentBlock, { type: 'tool_use' }> => b.type === 'tool_use');
    if (calls.length === 0) continue;
    const next = messages[i + 1];
    const answered = new Set(next?.role === 'user' ? next.content.flatMap((b) => (b.type === 'tool_result' ? [b.toolUseId] : [])) : []);
    const missing = calls.filter((c) => !answered.has(c.id));
    if (missing.length === 0) continue;
    const fill: LlmContentBlock[] = missing.map((c) => ({
      type: 'tool_result',
      toolUseId: c.id,
      content: INTERRUPTED_RESULT,
      isError: true,
    }));
    if (next?.role === 'user') {
      out.push({ role: 'user', content: [...fill, ...next.content] });
      i++;
    } else out.push({ role: 'user', content: fill });
  }
  return out;
}

export function cancelledResultBlock(toolUseId: string): LlmContentBlock {
  return { type: 'tool_result', toolUseId, content: CANCELLED_REASON, isError: true };
}
