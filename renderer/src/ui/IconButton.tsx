import './ui.css';
import { useId, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'aria-labelledby' | 'title' | 'children'> & {
  /** What the button does, in words: its accessible name and its visible tooltip. */
  label: string;
  /** The symbol shown (×, ⧉…); hidden from assistive technology, which reads `label`. */
  icon: ReactNode;
};

/**
 * A button that shows a symbol instead of words. Its words are a tooltip that appears on hover and
 * on keyboard focus alike (a `title` shows only to a mouse, after a delay), and they are its
 * accessible name: the button is labelled by the tooltip element. Escape hides the tooltip without
 * moving focus (WCAG 1.4.13: dismissible); it comes back on the next hover or focus.
 */
export function IconButton({ label, icon, className, onKeyDown, onBlur, onMouseLeave, ...rest }: Props) {
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  return (
    <span className="icon-button-wrap" data-dismissed={dismissed || undefined}>
      <button
        type="button"
        {...rest}
        className={className ? `icon icon-button ${className}` : 'icon icon-button'}
        aria-labelledby={id}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !dismissed) {
            setDismissed(true);
            e.stopPropagation();
          }
          onKeyDown?.(e);
        }}
        onBlur={(e) => {
          setDismissed(false);
          onBlur?.(e);
        }}
        onMouseLeave={(e) => {
          setDismissed(false);
          onMouseLeave?.(e);
        }}
      >
        <span aria-hidden="true">{icon}</span>
      </button>
      <span id={id} role="tooltip" className="icon-tooltip">
        {label}
      </span>
    </span>
  );
}
