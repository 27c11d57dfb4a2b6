import { useEffect, useState } from 'react';
import { Elapsed } from '../../ui/Elapsed.js';

/** "Thinking… 4 s" while the model is silent, counted from when the silence began. */
export function Thinking({ active }: { active: boolean }) {
  const [since, setSince] = useState<number | null>(null);
  useEffect(() => setSince(active ? Date.now() : null), [active]);
  if (!active || since === null) return null;
  return (
    <p className="thinking muted small" role="status" aria-label="The model is thinking">
      <span className="thinking-dot" aria-hidden="true" />
      Thinking… <Elapsed since={since} />
    </p>
  );
}
