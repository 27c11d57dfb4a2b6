/**
 * What the CLI prints from outside — keys and messages from codecoder.json, the model's text and
 * arguments, tool output — goes through here, so an ESC sequence or a bidi override in a key can
 * neither clear the screen nor fake a line of output. The escaping is the UI's (shared/escapeInvisible):
 * `\x1b`, `\u202e`, `\u{e0041}`.
 */
import { escapeInvisible, escapeInvisibleInJson } from '../../../shared/escapeInvisible.js';

/** One line: a key, a path, a message that names them. Newlines are escaped too. */
export function shown(text: string): string {
  return escapeInvisible(text);
}

/** Prose (model text, a multi-line message): newlines and tabs kept, everything else hidden escaped. */
export function shownText(text: string): string {
  return escapeInvisible(text, { keepNewlines: true, keepTabs: true });
}

/** JSON for a terminal or a pipe: the same value, with no character a terminal would act on. */
export function jsonText(value: unknown, space?: number): string {
  return escapeInvisibleInJson(JSON.stringify(value, null, space));
}
