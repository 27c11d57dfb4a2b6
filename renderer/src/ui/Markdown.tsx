import './ui.css';
import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { escapeGlobs } from './globText.js';

// Links from the model open nothing by themselves: the page may not navigate (the shell blocks it
// too), so they are shown with their target for the user to copy.
const components: Components = {
  a: ({ href, children }) => (
    <span className="md-link" title={href}>
      {children}
      {href ? <span className="muted"> ({href})</span> : null}
    </span>
  ),
  img: ({ alt, src }) => <span className="muted">[image: {alt || src}]</span>,
};

/**
 * The assistant's markdown. react-markdown builds React elements and never injects raw HTML, so
 * text from the model cannot become markup or script.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="md">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
        {escapeGlobs(text)}
      </ReactMarkdown>
    </div>
  );
});
