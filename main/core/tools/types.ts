import type { z } from 'zod';
import type { ToolTouches as ToolTouchesInfo } from '../../../shared/contract/index.js';
import type { ApprovalPreview, Environment, Permission } from '../permissions/index.js';

export type ToolCategory = 'read' | 'edit' | 'execute' | 'vcs' | 'web' | 'agent' | 'mcp';

export interface ToolContext {
  projectRoot: string;
  signal: AbortSignal;
  /** Streaming output for the UI (command output, progress). */
  output: (chunk: string) => void;
  agentId: string;
  conversationId: string;
  /** 0 for the main agent, 1 for a sub-agent. */
  depth: number;
  /** Where long outputs are written in full (app data, never the project). */
  logDir: string;
}

/** What an approval prompt shows beyond the key: the command and its words, a diff, what a delete removes. */
export type ToolPreview = ApprovalPreview;

export interface ToolResult {
  /** What the model reads. */
  content: string;
  isError?: boolean;
  /** Structured data for the UI (a diff, an exit code, a process id…). */
  data?: unknown;
  /** Where the full output is, when `content` was cut to head + tail. */
  fullLogPath?: string;
}

/**
 * What a tool touches, declared by the tool itself: each fact stated once, in the tool, never in a
 * list kept elsewhere (the fields are documented in the contract, shared/contract/permissions.ts,
 * which carries them to the page). The registry derives every list the others read (`toolFacts()`,
 * facts.ts): checkpoints (which turns may change files), Accept-edits mode (which tools edit inside
 * the project), deny targets (which path tools a shell command's file access meets) and the renderer
 * (which calls run a command). Required of every tool, MCP tools included: a tool without it does
 * not compile, and `registry.test.ts` checks every registered tool at run time.
 */
export type ToolTouches = ToolTouchesInfo;

/** A tool. `permission()` is decided before `execute()`, always. */
export interface Tool<A = unknown> {
  name: string;
  /** Written for the model. */
  description: string;
  category: ToolCategory;
  environment: Environment;
  /** What it touches (see ToolTouches). */
  touches: ToolTouches;
  parameters: z.ZodType<A>;
  /** None, Ask(key) or Invalid. May resolve paths (realpath), hence async. */
  permission(args: A, ctx: { projectRoot: string }): Permission | Promise<Permission>;
  execute(args: A, ctx: ToolContext): Promise<ToolResult>;
  /**
   * What the approval prompt shows for these (validated) arguments, read from the same plan
   * execute() follows, so the prompt shows the change that would land. Reads only; never writes
   * or runs anything, and never blocks on a FIFO or reads a huge file whole. `permission` is what
   * permission() gave for these same arguments: a preview reads what it already worked out
   * (a command's words) instead of working it out again.
   */
  preview?(args: A, ctx: { projectRoot: string; permission: Permission }): Promise<ToolPreview | undefined>;
  /**
   * execute() writes only the hunks the user took when part of the previewed change was allowed
   * (`approvedHunks`, edit/partial.ts). A partial allow of a tool without it is refused, never run whole.
   */
  appliesHunks?: boolean;
  /** Human template of the key, for the catalogue (`run_command:<program>`). */
  keyTemplate?: string;
  /**
   * The JSON Schema the model sees, when it is not derived from `parameters`: an MCP server's tool
   * declares its own (`parameters` then only checks for an object; the server validates the rest).
   */
  inputJsonSchema?: Record<string, unknown>;
}

export interface ToolRegistry {
  list(): Tool[];
  get(name: string): Tool | undefined;
}
