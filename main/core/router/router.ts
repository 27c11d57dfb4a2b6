import type { z } from 'zod';
import {
  AppError,
  isAppError,
  isMethodName,
  methods,
  type MethodName,
  type MethodOutput,
  type ParsedInput,
  type Result,
} from '../../../shared/contract/index.js';

/** Who is calling: one per window (Electron) or WebSocket connection (web host). */
export interface CallContext {
  /** A stable id for the window/connection, for logs. */
  caller: string;
}

export type Handler<M extends MethodName, C extends CallContext = CallContext> = (
  input: ParsedInput<M>,
  ctx: C,
) => Promise<MethodOutput<M>> | MethodOutput<M>;

export type Handlers<C extends CallContext = CallContext> = { [M in MethodName]?: Handler<M, C> };

export interface RouterLog {
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

/**
 * Transport-agnostic: every call's input is parsed against the contract before its handler runs,
 * and every outcome — success, bad input, a thrown error — comes back as a Result envelope.
 */
export class Router<C extends CallContext = CallContext> {
  constructor(
    private readonly handlers: Handlers<C>,
    private readonly log: RouterLog = consoleLog,
  ) {}

  async call(method: unknown, rawInput: unknown, ctx: C): Promise<Result<unknown>> {
    if (!isMethodName(method)) {
      this.log.warn('refused unknown method', { method: String(method).slice(0, 100), caller: ctx.caller });
      return fail('unknown_method', `There is no method called "${String(method).slice(0, 100)}".`);
    }
    const def = methods[method];
    const parsed = def.input.safeParse(rawInput ?? {});
    if (!parsed.success) {
      this.log.warn('refused invalid input', { method, caller: ctx.caller });
      return { ok: false, error: { code: 'invalid_input', message: describeIssues(method, parsed.error), issues: toIssues(parsed.error) } };
    }
    const handler = this.handlers[method] as Handler<MethodName, C> | undefined;
    if (!handler) return fail('unsupported', `${method} is not available in this window.`);
    try {
      const value = await handler(parsed.data as never, ctx);
      const out = def.output.safeParse(value);
      if (!out.success) {
        this.log.error('handler returned a value outside the contract', { method, issues: toIssues(out.error) });
        return fail('internal', `${method} produced an unexpected result.`);
      }
      return { ok: true, value: out.data };
    } catch (err) {
      if (isAppError(err))
        return { ok: false, error: { code: err.code, message: err.message, ...(err.issues ? { issues: err.issues } : {}) } };
      this.log.error('handler threw', { method, message: (err as Error)?.message });
      return fail('internal', `${method} failed: ${(err as Error)?.message ?? String(err)}`);
    }
  }
}

export function fail(code: AppError['code'], message: string): Result<never> {
  return { ok: false, error: { code, message } };
}

function toIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join('.') || '(input)', message: i.message }));
}

function describeIssues(method: string, error: z.ZodError): string {
  const parts = toIssues(error).map((i) => `${i.path}: ${i.message}`);
  return `Invalid input for ${method} — ${parts.join('; ')}`;
}

const consoleLog: RouterLog = {
  warn: (m, d) => console.warn(`[router] ${m}`, d ?? ''),
  error: (m, d) => console.error(`[router] ${m}`, d ?? ''),
};
