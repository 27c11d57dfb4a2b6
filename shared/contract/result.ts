import { z } from 'zod';

/** Error codes that cross the boundary. The message is written for the user. */
export const errorCodes = [
  'invalid_input', // the payload did not match the contract
  'unknown_method',
  'not_found',
  'conflict', // e.g. codecoder.json is malformed, so writes are refused
  'ceiling_violation', // a shell key asked for at project scope
  'unsupported', // e.g. a native folder picker in the web host
  'no_project', // a project method called from the start screen
  'unauthorized',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export interface ResultError {
  code: ErrorCode;
  message: string;
  /** Field-level problems for invalid_input: path and message. */
  issues?: { path: string; message: string }[];
}

/** Electron keeps only `message` from a thrown error, so every call returns an envelope instead. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ResultError };

export const resultErrorSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const resultSchema = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: resultErrorSchema }),
]);

/** Thrown by services to choose the code the renderer sees. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: ResultError['issues'],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof Error && e.name === 'AppError' && 'code' in e;
}
