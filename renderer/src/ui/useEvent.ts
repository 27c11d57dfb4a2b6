import { useEffect, useRef } from 'react';
import type { EventName, EventPayload } from '../../../shared/contract/index.js';
import { getApi } from '../bridge/index.js';

/** Subscribes to a pushed event for the component's lifetime. */
export function useEvent<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): void {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => {
    const events = getApi().events as unknown as Record<E, (l: (p: EventPayload<E>) => void) => () => void>;
    return events[name]((p) => ref.current(p));
  }, [name]);
}
