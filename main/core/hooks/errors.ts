/** A request about hooks that cannot be done as asked (unknown hook, no switch store, a file to fix by hand). */
export class HookError extends Error {
  override readonly name = 'HookError';
}
