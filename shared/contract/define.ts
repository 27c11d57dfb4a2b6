import { z } from 'zod';

/** A request the renderer makes of main: its input is parsed before any service runs. */
export interface MethodDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** What it does, for ARCHITECTURE.md and error messages. */
  summary: string;
}

/** Something main pushes to the renderer. */
export interface EventDef<P extends z.ZodType = z.ZodType> {
  payload: P;
  summary: string;
}

export const method = <I extends z.ZodType, O extends z.ZodType>(summary: string, input: I, output: O): MethodDef<I, O> => ({
  summary,
  input,
  output,
});

export const event = <P extends z.ZodType>(summary: string, payload: P): EventDef<P> => ({ summary, payload });

/** Every method takes an object (possibly empty), so fields can be added without breaking callers. */
export const noInput = z.object({}).strict();
export const ok = z.object({ ok: z.literal(true) });
