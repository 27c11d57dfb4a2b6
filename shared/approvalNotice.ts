/**
 * The words of a notification about a pending approval — the browser's (renderer) and the desktop
 * shell's (main) alike. A notification renders text raw and is read at a glance, so the body names
 * what will run (the command, or the tool and its path), escaped and cut to a short length; and it
 * says whether an "Allow" may be offered from the notification at all: only when the body shows,
 * whole, everything that allowing would allow. Otherwise the notification only opens the prompt.
 */
import type { PendingApprovalView } from './contract/index.js';
import { escapeInvisible, hasHiddenCharacters } from './escapeInvisible.js';

export const NOTICE_BODY_MAX = 180;

export interface ApprovalNoticeText {
  title: string;
  body: string;
  /** An "Allow once" action may be offered: the body shows all of what would be allowed. */
  allowable: boolean;
}

export function approvalNoticeText(a: PendingApprovalView, projectName: string): ApprovalNoticeText {
  const title = `${escapeInvisible(projectName)} — approval needed`;
  if (a.kind === 'presets') return { title, ...clip(`Session presets to allow: ${(a.presets ?? []).join(', ')}`), allowable: false };
  const who = a.depth > 0 ? 'A sub-agent' : 'The agent';
  const tool = a.tool ?? 'a tool';
  const command = a.preview?.command;
  const path = a.preview?.path;
  const shown = command !== undefined ? command : path;
  const what =
    command !== undefined
      ? `${who} wants to run: ${command}`
      : path !== undefined
        ? `${who} wants to use ${tool} on ${path}`
        : `${who} asks to use ${tool}: ${a.key ?? '(no key)'}`;
  const { body, whole } = clip(what);
  const flags = a.flags ?? {};
  const allowable =
    whole &&
    shown !== undefined &&
    !hasHiddenCharacters(shown) &&
    // A diff is what a write does: the body cannot show it.
    !a.preview?.diff &&
    !flags.protectedPath &&
    !flags.outsideProject &&
    (a.scopes ?? ['once']).includes('once');
  return { title, body, allowable };
}

function clip(text: string): { body: string; whole: boolean } {
  const escaped = escapeInvisible(text);
  if (escaped.length <= NOTICE_BODY_MAX) return { body: escaped, whole: true };
  // Cut on a code point, never inside an escape like \u200b.
  let cut = [...escaped].slice(0, NOTICE_BODY_MAX - 1).join('');
  const esc = cut.lastIndexOf('\\');
  if (esc >= 0 && esc > cut.length - 10 && !/^\\(x[0-9a-f]{2}|u[0-9a-f]{4}|u\{[0-9a-f]+\})/.test(cut.slice(esc))) cut = cut.slice(0, esc);
  return { body: `${cut}…`, whole: false };
}
