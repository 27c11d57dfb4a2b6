import './ui.css';
import { Fragment } from 'react';
import { EscapedText } from './EscapedText.js';
import { segmentKey } from './keySegments.js';

/**
 * Text that may wrap after its separators (`:` `/` `-` `.` `_` `=` `,`) rather than mid-word: a
 * `<wbr>` is a break opportunity only, so the copied text is unchanged.
 */
function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[:/\-._=,])/);
  return (
    <>
      {parts.map((p, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <EscapedText text={p} />
        </Fragment>
      ))}
    </>
  );
}

/**
 * A permission key with each command of a compound key highlighted and the operators between them
 * set apart, hidden characters escaped. The `-` separators stay in the text, so what is copied is
 * the key itself. Used by the prompt, the cards and the editor alike.
 */
export function KeyView({ value }: { value: string }) {
  const segs = segmentKey(value);
  const compound = segs.some((s) => s.kind === 'operator');
  return (
    <code className={compound ? 'key key-compound' : 'key'} data-testid="key">
      {segs.map((s, i) => (
        <Fragment key={i}>
          {i > 0 && segs[i - 1]!.kind !== 'tool' && <span className="key-sep">-</span>}
          <span className={`key-${s.kind}`}>
            <Breakable text={s.text} />
          </span>
        </Fragment>
      ))}
    </code>
  );
}
