import { lazy, memo, Suspense } from 'react';
import { EscapedText } from './EscapedText.js';
import './lazyMarkdown.css';

// react-markdown, remark-gfm and the code highlighting are a chunk of their own, loaded with the
// first assistant message: the start screen and an empty conversation never pay for them.
const Markdown = lazy(() => import('./Markdown.js').then((m) => ({ default: m.Markdown })));

/** The assistant's markdown; until its code has loaded, the same text as plain, escaped lines. */
export const LazyMarkdown = memo(function LazyMarkdown({ text }: { text: string }) {
  return (
    <Suspense
      fallback={
        <div className="md">
          <p className="md-loading">
            <EscapedText text={text} keepNewlines keepTabs />
          </p>
        </div>
      }
    >
      <Markdown text={text} />
    </Suspense>
  );
});
