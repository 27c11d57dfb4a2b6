/**
 * Where folder trust meets the engine: an untrusted codecoder.json keeps its deny rules and its
 * listing (for review), but none of its allow entries, ceiling-breaking entries or presets take part
 * in a decision. The engine applies this to every compile, so the desktop app, the web host,
 * `codecoder check` and `codecoder run` all get it.
 */
import { AllowSet } from '../match.js';
import type { CompiledProject } from '../projectLevel.js';

const NOTHING = new AllowSet<never>([]);

export function honouredProject(compiled: CompiledProject, honoured: boolean): CompiledProject {
  if (honoured) return compiled;
  return { ...compiled, allow: NOTHING, violating: NOTHING, presets: [] };
}
