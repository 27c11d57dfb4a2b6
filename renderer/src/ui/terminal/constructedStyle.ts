/**
 * A stand-in for the `<style>` elements xterm.js creates (its theme, cell size and scrollbar rules).
 * Our CSP allows no inline style element; a constructed stylesheet is not inline markup and needs
 * no exception. The build (build/cspSafeLibraries.ts) makes xterm call this instead of
 * createElement('style'). xterm only sets `textContent`, appends and removes the element, so that
 * is what the stand-in does: an inert <template> whose text becomes an adopted stylesheet.
 */
export function constructedStyleElement(doc: Document): HTMLElement {
  const el = doc.createElement('template');
  el.dataset['constructedStyle'] = 'xterm';
  const sheet = new (doc.defaultView ?? window).CSSStyleSheet();
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  let text = '';
  Object.defineProperty(el, 'textContent', {
    configurable: true,
    get: () => text,
    set: (v: string | null) => {
      text = v ?? '';
      sheet.replaceSync(text);
    },
  });
  const remove = el.remove.bind(el);
  el.remove = () => {
    doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
    remove();
  };
  return el;
}
