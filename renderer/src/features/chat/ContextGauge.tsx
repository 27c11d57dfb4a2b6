import { describeContext, type ContextFigures } from './transcript.js';

/**
 * How full the context window is: "62 % of 200k, compaction at 85 %", from main's own figures (the
 * window and compaction point the context manager used for the last model call). Nothing before
 * the conversation's first call: there is no figure yet that would not be a guess.
 */
export function ContextGauge({ context }: { context: ContextFigures | null }) {
  if (!context || context.window <= 0) return null;
  const words = describeContext(context);
  const near = context.compactAt !== undefined && context.used >= context.compactAt * 0.9;
  return (
    <span className={near ? 'context-gauge context-near' : 'context-gauge'} data-testid="context-gauge">
      <meter
        min={0}
        max={context.window}
        value={Math.min(context.used, context.window)}
        {...(context.compactAt !== undefined ? { high: context.compactAt, optimum: 0 } : {})}
        aria-label="Context window used"
        aria-valuetext={words}
      />
      <span className="muted">{words}</span>
    </span>
  );
}
