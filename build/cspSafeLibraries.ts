/**
 * Build steps for the renderer that keep two libraries inside our CSP (style-src 'self': no inline
 * style element or attribute). If a library changes and a pattern is not found, the build fails:
 * it never ships a violation silently.
 *
 * @git-diff-view/react renders an empty `<style data-select-style>`
 * in each diff (filled on mouse-down to keep a selection to one side). Our CSP allows no inline
 * style element, so each one is a violation. The element is taken out of the library's output here;
 * its code already does nothing without it (`if (!ref.current) return`), and diff.css keeps hunk
 * and widget rows out of a selection instead.
 *
 * xterm.js creates three `<style>` elements (theme, cell size, scrollbar); each becomes a
 * constructed stylesheet instead (renderer/src/ui/terminal/constructedStyle.ts).
 */
import type { Plugin } from 'vite';

const LIBRARY = /@git-diff-view[\\/]react[\\/]dist[\\/]esm[\\/]index\.mjs$/;
const STYLE_ELEMENT = /jsx\("style", \{ "data-select-style": true, ref: ref \}\)/g;
/** One per view: split (two), unified. */
const EXPECTED = 3;

export function withoutInlineStyleElements(code: string): string {
  const found = code.match(STYLE_ELEMENT)?.length ?? 0;
  if (found !== EXPECTED) {
    throw new Error(
      `@git-diff-view/react: expected ${EXPECTED} <style data-select-style> elements to take out, found ${found}; check build/cspSafeLibraries.ts against the new version`,
    );
  }
  return code.replace(STYLE_ELEMENT, 'null');
}

const XTERM = /@xterm[\\/]xterm[\\/]lib[\\/]xterm\.mjs$/;
const XTERM_STYLE = /([\w$.]+)\.createElement\("style"\)/g;
const XTERM_EXPECTED = 3;
export function xtermWithConstructedStyles(code: string, helperPath: string): string {
  const found = code.match(XTERM_STYLE)?.length ?? 0;
  if (found !== XTERM_EXPECTED) {
    throw new Error(
      `@xterm/xterm: expected ${XTERM_EXPECTED} createElement("style") calls to replace, found ${found}; check build/cspSafeLibraries.ts against the new version`,
    );
  }
  const body = code.replace(XTERM_STYLE, (_all, doc: string) => `__codecoderConstructedStyle(${doc})`);
  return `import { constructedStyleElement as __codecoderConstructedStyle } from ${JSON.stringify(helperPath)};\n${body}`;
}

/** `constructedStyle`: the absolute path of renderer/src/ui/terminal/constructedStyle.ts. */
export function cspSafeLibraries({ constructedStyle }: { constructedStyle: string }): Plugin {
  return {
    name: 'codecoder:csp-safe-libraries',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (LIBRARY.test(file)) return { code: withoutInlineStyleElements(code), map: null };
      if (XTERM.test(file)) return { code: xtermWithConstructedStyles(code, constructedStyle), map: null };
      return null;
    },
  };
}
