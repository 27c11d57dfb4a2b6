/**
 * Links a ToolContext to the loop call that made it, so `runSubAgent({prompt, parentCtx})` (which
 * only receives the context) can nest the child's events under the parent's call id.
 */
import type { ToolContext } from '../tools/index.js';
import type { Emit } from './events.js';

export interface CallOrigin {
  callId: string;
  runId: string;
  /** The parent loop's raw emitter (children stamp their own fields and the parentCallId). */
  emit: Emit;
}

const origins = new WeakMap<ToolContext, CallOrigin>();

export function setCallOrigin(ctx: ToolContext, origin: CallOrigin): void {
  origins.set(ctx, origin);
}

export function getCallOrigin(ctx: ToolContext): CallOrigin | undefined {
  return origins.get(ctx);
}
