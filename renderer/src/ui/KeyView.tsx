import './ui.css';
import { Fragment } from 'react';
import { readableKey } from '../../../shared/readableKey.js';
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
 * the key itself. A compound command key is followed by its reading (`shared/readableKey.ts`:
 * `for …; do echo $i; done`), outside the key's own element. Used by the prompt, the cards, the
 * editor, the audit log and the trust review alike.
 */
export function KeyView({ value }: { value: string }) {
  const readable = readableKey(value);
  return (
    <>
      <KeyCode value={value} />
      {readable !== undefined && (
        <span className="key-readable" data-testid="key-readable">
          {' '}
          reads as <code>{readable}</code>
        </span>
      )}
    </>
  );
}

function KeyCode({ value }: { value: string }) {
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
