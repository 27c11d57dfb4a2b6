/**
 * Permission modes: what Ask answers by default, per conversation.
 *
 *   ask    — today's behaviour: the user is asked.
 *   plan   — read-only: only Permission::None tools run; every Ask tool is refused without a prompt.
 *   edits  — "accept edits for this session": the edit tools (those that declare a write, delete or
 *            move of the project path their key names) inside the project are allowed
 *            without a prompt; protected paths, paths outside the project, shell and every other tool
 *            still ask.
 *
 * A mode is applied at one narrow point of the engine: after the chain has decided deny rules, invalid
 * input and the allowlists (where the ceiling lives), before asking. So no mode overrides a deny rule,
 * a protected or outside path, an invalid command or the ceiling, and no mode grants anything: nothing
 * is added to the session allowlist or codecoder.json, so no shell key is lifted to any scope.
 *
 * Modes live in memory only (`ConversationModes`), never in codecoder.json: every new session starts
 * in Ask.
 */
import { isProtectedPath } from '../fs/index.js';
import type { DecidedVia, Permission, ToolFactsView } from './types.js';

export const PERMISSION_MODES = ['ask', 'plan', 'edits'] as const;
export type PermissionMode = (typeof PERMISSION_MODES)[number];

/** What the model reads when plan mode refuses a call. */
export const PLAN_REFUSAL = 'plan mode: propose, do not change';


export function isPermissionMode(x: unknown): x is PermissionMode {
  return typeof x === 'string' && (PERMISSION_MODES as readonly string[]).includes(x);
}

/** Shift+Tab order. */
export function nextMode(m: PermissionMode): PermissionMode {
  return PERMISSION_MODES[(PERMISSION_MODES.indexOf(m) + 1) % PERMISSION_MODES.length]!;
}

/** The verdict of the engine's chain, as far as a mode needs it. */
export interface ChainOutcome {
  outcome: 'allow' | 'deny' | 'ask';
}

export interface ModeDecision {
  allowed: boolean;
  via: Extract<DecidedVia, 'mode'>;
  reason: string;
}

/**
 * The mode's answer for a call, or undefined when the mode has nothing to say (the chain's verdict
 * stands: a deny stays a deny, an ask is asked).
 *
 * - plan refuses every Ask permission, even one an allowlist covers: plan mode is read-only.
 * - edits allows only what would otherwise be asked, and only for the edit tools on a path inside the
 *   project that is not protected (the flags the tool's permission carries decide; a move's
 *   destination sets them too).
 */
export function modeDecision(
  mode: PermissionMode,
  tool: string,
  permission: Permission,
  chain: ChainOutcome,
  tools: Pick<ToolFactsView, 'editsInProject'>,
): ModeDecision | undefined {
  if (mode === 'ask' || permission.kind !== 'ask' || chain.outcome === 'deny') return undefined;
  if (mode === 'plan') return { allowed: false, via: 'mode', reason: PLAN_REFUSAL };
  // The edit tools, as each tool declares itself (tools/types.ts fileAccess): shell, commit,
  // capabilities and process_kill still ask.
  if (chain.outcome !== 'ask' || !tools.editsInProject(tool)) return undefined;
  const f = permission.flags;
  if (f?.protectedPath || f?.outsideProject || f?.unclassified) return undefined;
  // The key's path read against the one list as well, not only the flag its builder set.
  if (isProtectedPath(permission.key.action)) return undefined;
  return { allowed: true, via: 'mode', reason: 'allowed by the accept-edits mode (an edit inside the project)' };
}

/**
 * The mode of each conversation of one open project, in memory. A conversation not set is in Ask.
 * `carryPlan` marks a conversation that just left plan mode with the user's wish to carry the plan
 * into the next message; `takeCarry` reads and clears it. There is a plan to carry only when the agent
 * answered while in plan mode (`notePlan`): leaving plan mode before that carries nothing.
 */
export class ConversationModes {
  private readonly modes = new Map<string, PermissionMode>();
  private readonly carry = new Map<string, PermissionMode>();
  /** Conversations in plan mode whose agent has answered since plan mode began: a plan exists. */
  private readonly planned = new Set<string>();
  private readonly listeners = new Set<(conversationId: string) => void>();

  get(conversationId: string): PermissionMode {
    return this.modes.get(conversationId) ?? 'ask';
  }

  /** Sets the mode. Leaving plan with `carryPlan` makes the next message carry the plan. */
  set(conversationId: string, mode: PermissionMode, opts: { carryPlan?: boolean } = {}): PermissionMode {
    if (!isPermissionMode(mode)) throw new Error(`unknown permission mode ${JSON.stringify(mode)}`);
    const was = this.get(conversationId);
    const carried = this.carry.has(conversationId);
    if (mode === 'ask') this.modes.delete(conversationId);
    else this.modes.set(conversationId, mode);
    const hadPlan = this.planned.has(conversationId);
    if (mode === 'plan') this.carry.delete(conversationId);
    else if (was === 'plan' && opts.carryPlan && hadPlan) this.carry.set(conversationId, mode);
    else if (opts.carryPlan === false) this.carry.delete(conversationId);
    // A plan belongs to one stay in plan mode: entering starts without one, leaving carries or drops it.
    if (was !== mode) this.planned.delete(conversationId);
    if (was !== mode || carried !== this.carry.has(conversationId)) this.changed(conversationId);
    return mode;
  }

  /** The agent answered in plan mode: from now on there is a plan to carry when plan mode ends. */
  notePlan(conversationId: string): void {
    if (this.get(conversationId) !== 'plan' || this.planned.has(conversationId)) return;
    this.planned.add(conversationId);
    this.changed(conversationId);
  }

  /** True while in plan mode once the agent has proposed something (a plan leaving would carry). */
  hasPlan(conversationId: string): boolean {
    return this.planned.has(conversationId);
  }

  /** True when the next message should carry the plan (left plan mode with carryPlan). */
  carriesPlan(conversationId: string): boolean {
    return this.carry.has(conversationId);
  }

  /** The note prepended to the next message after leaving plan mode with carryPlan, once. */
  takeCarry(conversationId: string): string | undefined {
    const to = this.carry.get(conversationId);
    if (to === undefined) return undefined;
    this.carry.delete(conversationId);
    this.changed(conversationId);
    return carryNote(to);
  }

  forget(conversationId: string): void {
    this.modes.delete(conversationId);
    this.carry.delete(conversationId);
    this.planned.delete(conversationId);
  }

  /** Told of every change of a conversation's mode or carried plan. */
  onChange(listener: (conversationId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(conversationId: string): void {
    for (const l of this.listeners) {
      try {
        l(conversationId);
      } catch {
        // A broken listener must not break a run or a mode switch.
      }
    }
  }
}

export function carryNote(to: PermissionMode): string {
  const now =
    to === 'edits'
      ? 'edits inside the project are now allowed without a prompt; other actions still ask'
      : 'actions now ask the user as usual';
  return `[Plan mode is over (${now}). Carry out the plan you proposed above.]`;
}
