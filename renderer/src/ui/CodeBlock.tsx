import { useEffect, useRef, useState, type ReactNode } from 'react';
import './Markdown.css';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A fenced code block with a Copy button. What is copied is the block's text as shown (the
 * highlighter only wraps it in spans); the result is announced in a status line, then cleared.
 */
export function CodeBlock({ children }: { children: ReactNode }) {
  const pre = useRef<HTMLPreElement>(null);
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(t);
  }, [state]);
  const copy = async () => {
    const text = pre.current?.textContent ?? '';
    try {
      // Absent outside a secure context; refused without a user gesture or permission.
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="code-block">
      <pre ref={pre}>{children}</pre>
      <div className="code-block-bar">
        <span role="status" className="code-block-status">
          {state === 'copied' ? 'Copied' : state === 'failed' ? 'Could not copy: select the text instead' : ''}
        </span>
        <button type="button" className="code-copy" aria-label="Copy code" onClick={() => void copy()}>
          Copy
        </button>
      </div>
    </div>
  );
}
