/**
 * Slash commands typed into the composer. Parsed here, purely, so the composer only dispatches:
 * `/reload` applies codecoder.json as it is on disk (manual edits take effect only after
 * /reload), `/permissions` opens the editor, `/clear` starts a fresh conversation, `/settings` goes
 * to the settings screen, `/mode [ask|plan|edits]` switches the permission mode, `/compact` asks the agent to summarise earlier turns now,
 * `/model [name]` says (or sets) the model, `/help` lists all this, `/cost` says what the conversation used, `/resume` and
 * `/rewind` offer a list to choose from. Anything else starting with `/` is an error shown to the user, not sent
 * to the model (a typo would otherwise become a prompt).
 */

export const SLASH_COMMANDS = {
  reload: 'Apply codecoder.json as it is on disk now',
  permissions: 'Open the allowlist editor',
  clear: 'Start a new, empty conversation',
  settings: 'Open the settings',
  rewind: 'Restore the files (and optionally the conversation) to a checkpoint',
  mode: 'Switch the permission mode: /mode (next), /mode ask, /mode plan, /mode edits',
  compact: 'Summarise the earlier turns to free the context window',
  model: 'Say which model answers: /model, or set it: /model NAME',
  help: 'List the commands and keyboard shortcuts',
  cost: 'What this conversation used: tokens and cost',
  resume: 'Pick an earlier conversation to continue',
} as const;

/** What `/mode WORD` accepts (the permission modes of main/core/permissions/modes.ts). */
export const MODE_WORDS = ['ask', 'plan', 'edits'] as const;
export type ModeWord = (typeof MODE_WORDS)[number];

export type SlashName = keyof typeof SLASH_COMMANDS;

export type ComposerInput =
  | { kind: 'empty' }
  | { kind: 'message'; text: string }
  | { kind: 'command'; name: SlashName; mode?: ModeWord; model?: string }
  | { kind: 'unknown'; text: string; message: string };

export function parseComposerInput(raw: string): ComposerInput {
  const text = raw.trim();
  if (text === '') return { kind: 'empty' };
  // `//text` escapes a message that really starts with a slash (a path, a regex).
  if (text.startsWith('//')) return { kind: 'message', text: text.slice(1) };
  if (!text.startsWith('/')) return { kind: 'message', text };
  // The one command with an argument: `/mode` alone cycles, `/mode plan` chooses.
  const modeArg = /^\/mode\s+(\S+)\s*$/i.exec(text);
  if (modeArg) {
    const word = modeArg[1]!.toLowerCase();
    if ((MODE_WORDS as readonly string[]).includes(word)) return { kind: 'command', name: 'mode', mode: word as ModeWord };
    return { kind: 'unknown', text, message: `/mode takes ${MODE_WORDS.join(', ')} (or nothing, for the next mode), not "${modeArg[1]}".` };
  }
  // `/model NAME` sets the model (Settings checks the name); `/model` alone says which one answers.
  const modelArg = /^\/model\s+(\S+)\s*$/i.exec(text);
  if (modelArg) return { kind: 'command', name: 'model', model: modelArg[1]! };
  const m = /^\/([a-z]+)\s*$/i.exec(text);
  const name = m?.[1]?.toLowerCase();
  if (name && Object.prototype.hasOwnProperty.call(SLASH_COMMANDS, name)) return { kind: 'command', name: name as SlashName };
  const list = Object.keys(SLASH_COMMANDS)
    .map((n) => `/${n}`)
    .join(', ');
  const word = text.split(/\s/)[0]!;
  return {
    kind: 'unknown',
    text,
    message: m
      ? `${word} is not a command. Commands: ${list}. Start with // to send a message that begins with a slash.`
      : `${word} takes no arguments. Commands: ${list}.`,
  };
}

/** Commands whose names start with what was typed, for the composer's hint list. */
export function completeSlash(raw: string): SlashName[] {
  const m = /^\/([a-z]*)$/i.exec(raw.trim());
  if (!m) return [];
  const prefix = m[1]!.toLowerCase();
  return (Object.keys(SLASH_COMMANDS) as SlashName[]).filter((n) => n.startsWith(prefix));
}
