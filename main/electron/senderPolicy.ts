/**
 * Which frames may call main (checklist item 17). Pure, so it is unit-tested without Electron:
 * only the app's own origin, and only a top-level frame.
 */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://codecoder`;

export interface FrameLike {
  url: string;
  /** null for a top-level frame. */
  parent: unknown;
}

export function isTrustedSender(frame: FrameLike | null | undefined, devServerOrigin?: string): boolean {
  if (!frame || frame.parent !== null) return false;
  let url: URL;
  try {
    url = new URL(frame.url);
  } catch {
    return false;
  }
  if (url.protocol === `${APP_SCHEME}:` && url.host === 'codecoder') return true;
  return devServerOrigin !== undefined && url.origin === devServerOrigin;
}

/** Navigation and new windows: nothing leaves the app's origin. */
export function isAppUrl(raw: string, devServerOrigin?: string): boolean {
  return isTrustedSender({ url: raw, parent: null }, devServerOrigin);
}

/** Links the user clicks may open in the browser: https only (checklist item 15); shared with the page. */
export { isSafeExternalUrl } from '../../shared/safeExternalUrl.js';
