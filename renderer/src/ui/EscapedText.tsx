import './ui.css';
import { escapeInvisibleParts, type EscapeOptions } from './escapeInvisible.js';

/** Text from the model or the project, with every hidden character shown as a marked escape. */
export function EscapedText({ text, ...opts }: { text: string } & EscapeOptions) {
  return (
    <>
      {escapeInvisibleParts(text, opts).map((p, i) =>
        p.escaped ? (
          <span key={i} className="esc" title="A hidden or control character, shown escaped">
            {p.text}
          </span>
        ) : (
          p.text
        ),
      )}
    </>
  );
}
