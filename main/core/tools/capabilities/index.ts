/** The capability tools: write a tool, list them, run one in its own environment. */
import type { ExecuteDeps } from '../execute/deps.js';
import type { Tool } from '../types.js';
import { createCapabilityTool } from './createCapability.js';
import { listCapabilitiesTool } from './listCapabilities.js';
import { runCapabilityTool } from './runCapability.js';

export function capabilityTools(deps: ExecuteDeps): Tool[] {
  return [createCapabilityTool(), runCapabilityTool(deps), listCapabilitiesTool()] as Tool[];
}
