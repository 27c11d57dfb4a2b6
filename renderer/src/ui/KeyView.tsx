import { EscapedText } from './EscapedText.js';
import { segmentKey } from './keySegments.js';

/**
 * A permission key with each command of a compound key highlighted and the operators between them
 * set apart, hidden characters escaped. Used by the prompt, the cards and the editor alike.
 */
export function KeyView({ value }: { value: string; label?: string }) {
  const segs = segmentKey(value);
  const compound = segs.some((s) => s.kind === 'operator');
  return (
    <code className={compound ? 'key key-compound' : 'key'} data-testid="key">
      {segs.map((s, i) => (
        <span key={i} className={`key-${s.kind}`}>
          <EscapedText text={s.text} />
        </span>
      ))}
    </code>
  );
}
