/**
 * The script a scripted model server replays. JSON, so a demo script is a plain file
 * (`scripts/demo.llm.json`). Shape:
 *
 * {
 *   "models": ["scripted"],          // optional: any other model name gets the API's real 404
 *   "turns": [                       // served in order; a turn with "match" is served only to a
 *     {                              //   request that matches (first unserved turn that matches wins)
 *       "match": { "system": "sub-agent", "lastUser": "README", "provider": "anthropic" },
 *       "delayMs": 0,                // wait before the response headers
 *       "chunkDelayMs": 0,           // wait between stream events (a slow, watchable demo)
 *       "text": "Let me look.",      // streamed as text deltas (or "textChunks": ["Let ", "me look."])
 *       "toolCalls": [{ "id": "toolu_1", "name": "read_file", "input": { "path": "README.md" } }],
 *       "stopReason": "tool_use",    // default: tool_use when toolCalls, else end_turn
 *       "usage": { "input": 120, "output": 30 },
 *       "error": { "status": 429, "message": "...", "retryAfterMs": 1 },  // the API's real error body
 *       "drop": "before_headers",    // or "mid_stream": cut the connection
 *       "stall": true                // stream the text, then never finish (cancellation tests)
 *     }
 *   ],
 *   "whenExhausted": { "text": "The scripted session is over." }, // else: a 400 naming the request
 *   "contextLimit": { "maxChars": 300000, "wording": "openai" }  // refuse request bodies longer than
 *                                    // this with that server's "too long" error (a token is 4 characters);
 *                                    // a refused request serves no turn
 * }
 */
import { z } from 'zod';

const toolCallSchema = z.object({
  id: z.string().optional(),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()).default({}),
});

export const scriptTurnSchema = z
  .object({
    match: z
      .object({
        system: z.string().optional(),
        lastUser: z.string().optional(),
        provider: z.enum(['anthropic', 'openai']).optional(),
      })
      .optional(),
    delayMs: z.number().int().min(0).optional(),
    chunkDelayMs: z.number().int().min(0).optional(),
    text: z.string().optional(),
    textChunks: z.array(z.string()).optional(),
    toolCalls: z.array(toolCallSchema).optional(),
    stopReason: z.enum(['end_turn', 'tool_use', 'max_tokens', 'stop_sequence']).optional(),
    usage: z.object({ input: z.number().int().min(0), output: z.number().int().min(0) }).optional(),
    error: z
      .object({
        status: z.number().int().min(400).max(599),
        message: z.string().optional(),
        retryAfterMs: z.number().min(0).optional(),
      })
      .optional(),
    drop: z.enum(['before_headers', 'mid_stream']).optional(),
    stall: z.boolean().optional(),
    note: z.string().optional(),
  })
  .strict();

export const scriptSchema = z
  .object({
    description: z.string().optional(),
    models: z.array(z.string()).optional(),
    turns: z.array(scriptTurnSchema),
    whenExhausted: z.object({ text: z.string() }).optional(),
    contextLimit: z
      .object({
        maxChars: z.number().int().positive(),
        wording: z.enum(['openai', 'anthropic', 'vllm', 'llamacpp', 'ollama']).default('openai'),
      })
      .optional(),
  })
  .strict();

export type Script = z.infer<typeof scriptSchema>;
export type ScriptInput = z.input<typeof scriptSchema>;
export type ScriptTurn = z.infer<typeof scriptTurnSchema>;

export function parseScript(input: unknown, source = 'script'): Script {
  const r = scriptSchema.safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new Error(`${source}: '${issue?.path.join('.') || '(root)'}' ${issue?.message ?? 'is invalid'}`);
  }
  return r.data;
}

/** Splits text the way models stream it: a few characters per delta, whitespace kept. */
export function chunkText(text: string, size = 12): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
