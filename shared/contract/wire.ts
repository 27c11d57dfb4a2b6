import { z } from 'zod';
import { resultSchema } from './result.js';

/**
 * Messages of the web host's WebSocket (and of the in-memory transport used in tests). Electron IPC
 * does not need them: ipcRenderer.invoke already pairs requests and responses.
 */
export const clientMessageSchema = z.object({
  type: z.literal('request'),
  id: z.number().int().nonnegative(),
  method: z.string().max(100),
  input: z.unknown(),
});

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('response'), id: z.number().int(), result: resultSchema }),
  z.object({ type: z.literal('event'), name: z.string(), payload: z.unknown() }),
  /** A message the server could not even pair with a request id. */
  z.object({ type: z.literal('protocol_error'), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
