/**
 * Reading hook declarations: the `"hooks"` value of the user's hooks.json or of the project's
 * codecoder.json, in Claude Code's shape (event → matcher groups → command hooks), so a settings
 * file's hooks section ports as it is:
 *
 *   { "PreToolUse": [ { "matcher": "run_command", "key": "run_command:rm",
 *                       "hooks": [ { "type": "command", "command": "~/bin/guard.sh", "timeout": 5 } ] } ] }
 *
 * A declaration that cannot be read is skipped and reported. For PreToolUse that is not silence:
 * hooks.ts then asks for every call until it is fixed (a guard the user meant to have is never
 * dropped quietly).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { parseKey, patternProblem } from '../permissions/index.js';
import {
  DEFAULT_HOOK_TIMEOUT_MS,
  HOOK_EVENTS,
  MAX_HOOK_TIMEOUT_MS,
  type HookDecl,
  type HookEnvironment,
  type HookEvent,
  type HookSource,
} from './types.js';

export interface HookProblem {
  /** The event the bad declaration was under, when known. */
  event?: HookEvent;
  /** Where: `PreToolUse[0].hooks[1]`. */
  at: string;
  message: string;
}

export interface ReadHooks {
  hooks: HookDecl[];
  problems: HookProblem[];
}

/** A command longer than this is not a command someone reviews: refused. */
const MAX_COMMAND_CHARS = 4096;
/** Per file: hooks run on every call, so a file with more is a mistake (or an attack on the run's time). */
const MAX_HOOKS = 64;

/** Tool names, `|`-separated, each `*`, a name, or a name ending in `*`. Claude Code reads a regular expression; we read only these forms (`Edit.*` is refused, not guessed). */
const MATCHER = /^(?:\*|[A-Za-z0-9_-]+\*?)(?:\|(?:\*|[A-Za-z0-9_-]+\*?))*$/;

const commandHook = z
  .object({
    type: z.literal('command'),
    command: z.string().trim().min(1, 'is empty').max(MAX_COMMAND_CHARS),
    /** Seconds, as in Claude Code. */
    timeout: z
      .number()
      .positive()
      .max(MAX_HOOK_TIMEOUT_MS / 1000)
      .optional(),
    environment: z.enum(['host', 'sandbox', 'docker']).optional(),
  })
  .strict();

const group = z
  .object({
    matcher: z.string().optional(),
    key: z.string().optional(),
    hooks: z.array(z.unknown()),
  })
  .strict();

/** `scope`: what else the id depends on (the project root for a project's hooks: disabling one there is not disabling it elsewhere). */
export function readHooks(value: unknown, source: HookSource, scope = ''): ReadHooks {
  const out: ReadHooks = { hooks: [], problems: [] };
  if (value === undefined) return out;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    out.problems.push({ at: 'hooks', message: 'must be an object of events (PreToolUse, PostToolUse, …)' });
    return out;
  }
  for (const [event, groups] of Object.entries(value as Record<string, unknown>)) {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      out.problems.push({ at: event, message: `unknown event (known: ${HOOK_EVENTS.join(', ')})` });
      continue;
    }
    const ev = event as HookEvent;
    if (!Array.isArray(groups)) {
      out.problems.push({ event: ev, at: event, message: 'must be an array of { matcher, hooks }' });
      continue;
    }
    groups.forEach((g, gi) => readGroup(out, source, scope, ev, g, `${event}[${gi}]`));
  }
  if (out.hooks.length > MAX_HOOKS) {
    out.problems.push({ at: 'hooks', message: `${out.hooks.length} hooks: at most ${MAX_HOOKS} are read` });
    out.hooks = out.hooks.slice(0, MAX_HOOKS);
  }
  return out;
}

function readGroup(out: ReadHooks, source: HookSource, scope: string, event: HookEvent, raw: unknown, at: string): void {
  const g = group.safeParse(raw);
  if (!g.success) {
    out.problems.push({ event, at, message: zodMessage(g.error) });
    return;
  }
  const toolEvent = event === 'PreToolUse' || event === 'PostToolUse';
  const matcher = g.data.matcher === '' ? undefined : g.data.matcher;
  if (matcher !== undefined && !MATCHER.test(matcher)) {
    out.problems.push({
      event,
      at: `${at}.matcher`,
      message: `"${matcher}": tool names separated by |, * for every tool (regular expressions are not read)`,
    });
    return;
  }
  const key = g.data.key;
  if (key !== undefined) {
    const bad = keyPatternProblem(key);
    if (bad) {
      out.problems.push({ event, at: `${at}.key`, message: bad });
      return;
    }
  }
  if (!toolEvent && (matcher !== undefined || key !== undefined)) {
    out.problems.push({ event, at, message: `matcher and key apply to tool events only; ${event} hooks run every time` });
    return;
  }
  g.data.hooks.forEach((h, hi) => {
    const c = commandHook.safeParse(h);
    if (!c.success) {
      out.problems.push({ event, at: `${at}.hooks[${hi}]`, message: zodMessage(c.error) });
      return;
    }
    const environment: HookEnvironment = c.data.environment ?? 'host';
    const decl: Omit<HookDecl, 'id'> = {
      at: `${at}.hooks[${hi}]`,
      source,
      event,
      ...(matcher !== undefined ? { matcher } : {}),
      ...(key !== undefined ? { key } : {}),
      command: c.data.command,
      timeoutMs: c.data.timeout !== undefined ? Math.round(c.data.timeout * 1000) : DEFAULT_HOOK_TIMEOUT_MS,
      environment,
    };
    out.hooks.push({ id: hookId(decl, scope), ...decl });
  });
}

function keyPatternProblem(raw: string): string | undefined {
  try {
    return patternProblem(parseKey(raw), 'deny');
  } catch (err) {
    return `"${raw}": ${(err as Error).message}`;
  }
}

/** The same declaration keeps its id across reloads (a changed command is a new hook: enabled, with no runs). */
export function hookId(d: Omit<HookDecl, 'id' | 'timeoutMs' | 'at'>, scope = ''): string {
  const text = JSON.stringify([scope, d.source, d.event, d.matcher ?? null, d.key ?? null, d.command, d.environment]);
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** Does a tool event's hook apply to this tool name? (The key is checked by hooks.ts with the permission.) */
export function matchesTool(matcher: string | undefined, tool: string): boolean {
  if (matcher === undefined) return true;
  return matcher.split('|').some((m) => m === '*' || m === tool || (m.endsWith('*') && tool.startsWith(m.slice(0, -1))));
}

function zodMessage(e: z.ZodError): string {
  return e.issues.map((i) => `${i.path.length ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ');
}
