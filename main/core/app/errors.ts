import { AppError } from '../../../shared/contract/index.js';

/**
 * Turns a service's typed error into the code the renderer sees, keeping the service's message
 * (written for the user). Unknown errors stay internal.
 */
export function toAppError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const code = (err as { code?: unknown }).code;
  switch (err.name) {
    case 'CeilingViolation':
      return new AppError('ceiling_violation', err.message);
    case 'ConfigWriteRefused':
    case 'UndoError':
    case 'TrustError':
    case 'TrustStoreError':
    case 'PromptBlocked':
    case 'HookError':
    case 'WorktreeError':
    case 'ToolFailure':
      return new AppError('conflict', err.message);
    case 'KeyError':
      return new AppError('invalid_input', err.message);
    case 'ApprovalError':
      return new AppError(code === 'unknown_approval' ? 'not_found' : 'invalid_input', err.message);
    case 'ConversationError':
      return new AppError(code === 'not_found' ? 'not_found' : code === 'conflict' ? 'conflict' : 'invalid_input', err.message);
    default:
      return err;
  }
}

/** Runs a service call, rethrowing its typed errors as AppErrors. */
export async function mapErrors<T>(f: () => T | Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (err) {
    throw toAppError(err);
  }
}
