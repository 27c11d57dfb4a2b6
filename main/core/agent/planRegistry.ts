import { PLAN_TOOL_NAMES } from '../permissions/modes.js';
import type { ToolRegistry } from '../tools/types.js';

/**
 * The registry of a plan-mode run: the model is offered only the read-only set of modes.ts, so it
 * does not try to change anything. A call it makes anyway to another tool still reaches the engine,
 * which refuses it with "plan mode: propose, do not change" — a clearer answer than "unknown tool".
 */
export function planRegistry(full: ToolRegistry): ToolRegistry {
  const offered = full.list().filter((t) => PLAN_TOOL_NAMES.has(t.name));
  return { list: () => [...offered], get: (name) => full.get(name) };
}
