import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ToolRegistry } from '../tools/index.js';

const MEMORY_FILE = 'CODECODER.md';
const MEMORY_MAX_CHARS = 20_000;

/** The project's memory file, if present (capped: it is read on every run). */
export async function loadProjectMemory(projectRoot: string): Promise<string | null> {
  try {
    const text = await readFile(path.join(projectRoot, MEMORY_FILE), 'utf8');
    return text.length > MEMORY_MAX_CHARS
      ? `${text.slice(0, MEMORY_MAX_CHARS)}\n[… ${MEMORY_FILE} cut at ${MEMORY_MAX_CHARS} characters]`
      : text;
  } catch {
    return null;
  }
}

export interface SystemPromptInput {
  projectRoot: string;
  platform?: NodeJS.Platform;
  memory: string | null;
  registry: ToolRegistry;
  depth: number;
}

/** Marker the scripted server (and tests) can match to tell a sub-agent's request from the main agent's. */
export const SUBAGENT_MARKER = 'You are a read-only sub-agent';

export function buildSystemPrompt(input: SystemPromptInput): string {
  const tools = input.registry.list();
  const lines = [
    input.depth === 0
      ? "You are CodeCoder, a coding agent working inside one project on the user's machine."
      : `${SUBAGENT_MARKER} of CodeCoder: you can read and search, never modify anything. Your final message is returned to the agent that started you as your answer, so end with a complete, concise report.`,
    '',
    `Project root: ${input.projectRoot}`,
    `Platform: ${input.platform ?? process.platform}`,
    'Paths in tool arguments are relative to the project root.',
    '',
    'Every tool call passes a permission check. The user may allow it, or deny it with a reason: when a call is denied, read the reason, do not repeat the same call, and adapt or ask the user.',
    'A result that says "cancelled by user" means the user stopped it: do not retry it unasked.',
    '',
    `Tools (${tools.length}): ${tools.map((t) => `${t.name} (${t.category})`).join(', ')}`,
  ];
  if (input.memory) {
    lines.push(
      '',
      `Project memory (${MEMORY_FILE}), written by the user — follow it:`,
      '<project-memory>',
      input.memory.trim(),
      '</project-memory>',
    );
  }
  return lines.join('\n');
}
