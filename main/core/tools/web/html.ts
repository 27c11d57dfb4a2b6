import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

const BLOCK = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hr',
  'main',
  'nav',
  'ol',
  'p',
  'section',
  'table',
  'tr',
  'ul',
  'br',
  'li',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'summary',
  'details',
]);
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'object', 'canvas', 'head']);

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

/**
 * HTML → readable text: Readability (Firefox's reader view) picks the article over linkedom's DOM;
 * a page it cannot read falls back to the whole body. Headings become "#", list items "- ", and
 * block elements break lines, so the model sees structure without markup.
 */
export function htmlToText(input: string): { title: string; text: string; readable: boolean } {
  // linkedom builds a broken tree from a fragment: give it a whole document.
  const html = /<html[\s>]/i.test(input) ? input : `<!doctype html><html><body>${input}</body></html>`;
  const { document } = parseHTML(html);
  const title = String(document.title ?? '').trim();
  let article: { title?: string | null; content?: string | null } | null = null;
  try {
    // Readability mutates the document it reads: give it its own copy.
    article = new Readability(parseHTML(html).document as unknown as Document, { charThreshold: 200 }).parse();
  } catch {
    article = null;
  }
  if (article?.content) {
    const inner = parseHTML(`<!doctype html><html><body>${article.content}</body></html>`).document;
    const text = render(inner.body as unknown as DomNode);
    if (text.length > 0) return { title: (article.title ?? title).trim(), text, readable: true };
  }
  const body = (document.body ?? document.documentElement) as unknown as DomNode | null;
  return { title, text: body ? render(body) : '', readable: false };
}

function render(root: DomNode): string {
  const out: string[] = [];
  const walk = (n: DomNode, pre: boolean) => {
    if (n.nodeType === 3) {
      const t = n.textContent ?? '';
      out.push(pre ? t : t.replace(/\s+/g, ' '));
      return;
    }
    if (n.nodeType !== 1) return;
    const tag = n.nodeName.toLowerCase();
    if (SKIP.has(tag)) return;
    const block = BLOCK.has(tag);
    if (block) out.push('\n');
    if (/^h[1-6]$/.test(tag)) out.push(`${'#'.repeat(Number(tag[1]))} `);
    else if (tag === 'li') out.push('- ');
    else if (tag === 'td' || tag === 'th') out.push(' | ');
    const isPre = pre || tag === 'pre';
    if (tag === 'pre') out.push('```\n');
    for (let i = 0; i < n.childNodes.length; i++) walk(n.childNodes[i]!, isPre);
    if (tag === 'pre') out.push('\n```');
    if (block && tag !== 'li') out.push('\n');
  };
  walk(root, false);
  return out
    .join('')
    .split('\n')
    .map((l) => l.replace(/[ \t]+$/g, '').replace(/^ (?=\S)/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
