import { permissionKindOf, type ToolRegistry } from '../tools/index.js';

/**
 * The registry of a plan-mode run: the model is offered only the tools whose permission is None (the
 * catalogue's reading: read_file, grep, git_status, web_fetch…), so it does not try to change
 * anything. A call it makes anyway to another tool still reaches the engine, which refuses it with
 * "plan mode: propose, do not change" — a clearer answer than "unknown tool".
 */
export function planRegistry(full: ToolRegistry): ToolRegistry {
  const offered = full.list().filter((t) => permissionKindOf(t) === 'none');
  return { list: () => [...offered], get: (name) => full.get(name) };
}
