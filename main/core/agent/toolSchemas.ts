import { z } from 'zod';
import type { LlmToolSpec } from '../llm/index.js';
import type { Tool, ToolRegistry } from '../tools/index.js';

/** A tool's zod parameters as the JSON Schema object the model APIs want. */
export function toolSpec(tool: Tool): LlmToolSpec {
  if (tool.inputJsonSchema) return { name: tool.name, description: tool.description, inputSchema: tool.inputJsonSchema };
  const schema = z.toJSONSchema(tool.parameters, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  // Both APIs require an object schema at the top, even for a tool without arguments.
  const inputSchema = schema.type === 'object' ? schema : { type: 'object', properties: {}, ...schema };
  return { name: tool.name, description: tool.description, inputSchema };
}

export function toolSpecs(registry: ToolRegistry): LlmToolSpec[] {
  return registry.list().map(toolSpec);
}
