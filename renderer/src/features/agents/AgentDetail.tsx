import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * What an agent's conversation and its review share: a region named by its heading, which takes
 * focus when it opens (a screen reader hears where it is), and the way back to the board.
 */
export function AgentDetail({
  className,
  title,
  actions,
  onBack,
  children,
}: {
  className: string;
  title: ReactNode;
  actions?: ReactNode;
  onBack: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={`agent-detail ${className}`} aria-labelledby={titleId}>
      <div className="agent-detail-head">
        <button type="button" onClick={onBack}>
          ← Agents
        </button>
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
