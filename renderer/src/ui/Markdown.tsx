import './ui.css';
import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from './CodeBlock.js';
import { FileRefLink } from './FileRefLink.js';
import { parseFileRef } from './fileRefs.js';
import { escapeGlobs } from './globText.js';
import { MarkdownLink } from './MarkdownLink.js';
import './Markdown.css';

const components: Components = {
  a: ({ href, children }) => <MarkdownLink href={href}>{children}</MarkdownLink>,
  // Inline code that names a project file (`src/calc.js:12`) opens the file view; block code stays code.
  code: ({ className, children }) => {
    const text = typeof children === 'string' ? children : undefined;
    const ref = text !== undefined && !className && !text.includes('\n') ? parseFileRef(text) : undefined;
    return <code className={className}>{ref ? <FileRefLink fileRef={ref} text={text!} /> : children}</code>;
  },
  img: ({ alt, src }) => <span className="muted">[image: {alt || src}]</span>,
  pre: ({ children }) => <CodeBlock>{children}</CodeBlock>,
  // A task list's box: read-only, and named by its state (remark-gfm's own input has no name).
  input: ({ type, checked }) =>
    type === 'checkbox' ? (
      <input type="checkbox" checked={checked === true} readOnly disabled aria-label={checked ? 'done' : 'to do'} />
    ) : null,
};

/**
 * Only blocks that name their language are highlighted: guessing costs time on every render and
 * guesses wrong on short snippets.
 */
const rehypePlugins = [[rehypeHighlight, { detect: false }]] as NonNullable<Parameters<typeof ReactMarkdown>[0]['rehypePlugins']>;

/**
 * The assistant's markdown. react-markdown builds React elements and never injects raw HTML, so
 * text from the model cannot become markup or script.
 */
export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="md">
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={rehypePlugins} components={components} skipHtml>
        {escapeGlobs(text)}
      </ReactMarkdown>
    </div>
  );
});
