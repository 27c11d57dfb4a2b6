/**
 * The one check for a link that may leave the app (Electron checklist item 15): plain https, no
 * credentials in it. The desktop shell applies it before `shell.openExternal`; the page applies it
 * before a link becomes clickable at all (the web host has no shell in between).
 */
export function isSafeExternalUrl(raw: string): boolean {
  try {
    const u = new URL(raw);
    return u.protocol === 'https:' && u.username === '' && u.password === '';
  } catch {
    return false;
  }
}
