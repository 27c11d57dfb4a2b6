/**
 * The permission-mode shortcut of the message box: Alt+Shift+M (by physical key, so a layout's µ
 * or Â does not matter), like Alt+Shift+A for the approval prompt. Shift+Tab is left to focus
 * order: a keyboard user must be able to tab backwards out of the box.
 */
export const MODE_SHORTCUT = { label: 'Alt+Shift+M', aria: 'Alt+Shift+M' } as const;

export function isModeShortcut(e: { code: string; altKey: boolean; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): boolean {
  return e.code === 'KeyM' && e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey;
}
