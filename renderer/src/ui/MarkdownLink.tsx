import type { ReactNode } from 'react';
import { isSafeExternalUrl } from '../../../shared/safeExternalUrl.js';
import { FileRefLink } from './FileRefLink.js';
import { parseFileRef } from './fileRefs.js';

/** The visible text of a link, flattened, to tell whether it already says where it goes. */
function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(textOf).join('');
  return '';
}

/**
 * A link from the model. Only a URL that passes the app's one external-URL check
 * (shared/safeExternalUrl.ts: https, no credentials) is clickable; it opens outside the app — a new
 * tab without opener in the web host; in Electron the shell's window-open handler applies the same
 * check and hands it to the system browser. Any other target is shown as text, never followed.
 * When the words differ from the target, the target is shown too: `[docs](https://evil.example)`
 * cannot pass for a link to the docs.
 */
export function MarkdownLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  const words = textOf(children);
  // A link to a project file ("[calc.js](src/calc.js#L3)") opens the file view, like a path in code.
  const file = href && !isSafeExternalUrl(href) ? parseFileRef(href) : undefined;
  if (file && words.trim() !== '') return <FileRefLink fileRef={file} text={words} />;
  const target = href && words.trim() !== href ? <span className="muted"> ({href})</span> : null;
  if (!href || !isSafeExternalUrl(href))
    return (
      <span className="md-link" title={href}>
        {children}
        {target}
      </span>
    );
  return (
    <>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
      {target}
    </>
  );
}
