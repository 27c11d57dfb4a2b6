/**
 * The hooks a codecoder.json would run once trusted, for the trust review (the app's review screen,
 * `codecoder trust`): every command line the file holds, as written — also one this app would not
 * read (listed with why), so nothing the file carries is hidden from the person deciding.
 */
import { readHooks } from './declarations.js';
import { HOOK_EVENTS } from './types.js';

export interface HookReviewLine {
  event: string;
  command: string;
  /** Which tools (and keys) it runs for, in words. */
  runsFor: string;
  environment: string;
  /** Why it would not run even when trusted. */
  problem?: string;
}

export function hookReviewLines(value: unknown): HookReviewLine[] {
  const read = readHooks(value, 'project');
  const lines: HookReviewLine[] = read.hooks.map((h) => ({
    event: h.event,
    command: h.command,
    runsFor:
      h.event === 'PreToolUse' || h.event === 'PostToolUse' ? `${h.matcher ?? 'every tool'}${h.key ? ` (${h.key})` : ''}` : 'every time',
    environment: h.environment,
  }));
  const readable = new Set(read.hooks.map((h) => `${h.event}\0${h.command}`));
  // Anything else that looks like a command, wherever it sits: shown, with why it is not read.
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [event, groups] of Object.entries(value as Record<string, unknown>)) {
      for (const command of commandsIn(groups)) {
        if (readable.has(`${event}\0${command.trim()}`)) continue;
        const known = (HOOK_EVENTS as readonly string[]).includes(event);
        lines.push({
          event,
          command,
          runsFor: '—',
          environment: '—',
          problem: known ? 'not read: see codecoder hooks list' : 'unknown event: never runs',
        });
      }
    }
  }
  return lines;
}

function commandsIn(v: unknown, depth = 0): string[] {
  if (depth > 4 || typeof v !== 'object' || v === null) return [];
  if (Array.isArray(v)) return v.flatMap((x) => commandsIn(x, depth + 1));
  const o = v as Record<string, unknown>;
  return [...(typeof o.command === 'string' ? [o.command] : []), ...Object.values(o).flatMap((x) => commandsIn(x, depth + 1))];
}
