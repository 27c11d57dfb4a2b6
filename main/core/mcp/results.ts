/**
 * An MCP tool result as the model reads it. Text passes through; images are described (the
 * providers' tool results are text here); embedded resources give their text, or a description of
 * their bytes; resource links are named. Everything is capped before the agent's own head + tail
 * bound (agent/truncate.ts) applies, so a server cannot hand us unbounded memory in one result.
 * `isError` results reach the model as tool errors.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { formatBytes, type ToolResult } from '../tools/index.js';

/** Above this the text is cut here already (the agent then keeps head + tail of what is left). */
export const MAX_RESULT_CHARS = 2 * 1024 * 1024;

function base64Bytes(b64: string): number {
  return Math.floor((b64.length * 3) / 4) - (b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0);
}

function clean(s: string, max = 200): string {
  // Names and types from the server, shown inline: no control characters, bounded.
  const one = s.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  return one.length > max ? `${one.slice(0, max)}…` : one;
}

export function describeContent(c: CallToolResult['content'][number]): string {
  switch (c.type) {
    case 'text':
      return c.text;
    case 'image':
      return `[image: ${clean(c.mimeType)}, ${formatBytes(base64Bytes(c.data))} — not shown to the model]`;
    case 'audio':
      return `[audio: ${clean(c.mimeType)}, ${formatBytes(base64Bytes(c.data))} — not passed on]`;
    case 'resource': {
      const r = c.resource;
      if ('text' in r && typeof r.text === 'string')
        return `[resource ${clean(r.uri)}${r.mimeType ? ` (${clean(r.mimeType)})` : ''}]\n${r.text}`;
      const blob = 'blob' in r && typeof r.blob === 'string' ? r.blob : '';
      return `[resource ${clean(r.uri)}${r.mimeType ? ` (${clean(r.mimeType)})` : ''}: ${formatBytes(base64Bytes(blob))} of binary data]`;
    }
    case 'resource_link':
      return `[resource link ${clean(c.uri)}${c.name ? ` "${clean(c.name)}"` : ''}${c.mimeType ? ` (${clean(c.mimeType)})` : ''}]`;
    default:
      return `[${clean(String((c as { type?: unknown }).type))} content]`;
  }
}

export function toToolResult(server: string, tool: string, r: CallToolResult): ToolResult {
  const parts: string[] = [];
  let size = 0;
  let cut = false;
  for (const c of r.content ?? []) {
    let s = describeContent(c);
    if (size + s.length > MAX_RESULT_CHARS) {
      s = s.slice(0, Math.max(0, MAX_RESULT_CHARS - size));
      cut = true;
    }
    parts.push(s);
    size += s.length;
    if (cut) break;
  }
  if (parts.length === 0 && r.structuredContent !== undefined) {
    const s = JSON.stringify(r.structuredContent, null, 2);
    parts.push(s.length > MAX_RESULT_CHARS ? ((cut = true), s.slice(0, MAX_RESULT_CHARS)) : s);
  }
  let content = parts.join('\n');
  if (cut) content += `\n[the result was over ${MAX_RESULT_CHARS} characters: the rest was dropped]`;
  if (content === '') content = r.isError ? 'the tool reported an error without details' : '(no content)';
  const images = (r.content ?? []).filter((c) => c.type === 'image').length;
  const data = { mcp: { server, tool, ...(images ? { images } : {}) } };
  return r.isError ? { content: `${tool} (MCP server ${server}) failed: ${content}`, isError: true, data } : { content, data };
}
