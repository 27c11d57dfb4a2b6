/**
 * One AbortSignal tree per run: the run's controller is the root; each tool call and each
 * sub-agent gets a child linked to its parent. Aborting a node aborts its subtree only.
 */
export interface LinkedController {
  controller: AbortController;
  signal: AbortSignal;
  /** Unlinks from the parent (call when the child's work is done, so long runs do not leak listeners). */
  dispose(): void;
}

export function linkedController(parent?: AbortSignal): LinkedController {
  const controller = new AbortController();
  if (!parent) return { controller, signal: controller.signal, dispose: () => {} };
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { controller, signal: controller.signal, dispose: () => {} };
  }
  const onAbort = () => controller.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  return { controller, signal: controller.signal, dispose: () => parent.removeEventListener('abort', onAbort) };
}

/** Resolves when the signal aborts (never rejects); `off()` stops listening. */
export function whenAborted(signal: AbortSignal): { promise: Promise<void>; off(): void } {
  let off = () => {};
  const promise = new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const on = () => resolve();
    signal.addEventListener('abort', on, { once: true });
    off = () => signal.removeEventListener('abort', on);
  });
  return { promise, off: () => off() };
}
