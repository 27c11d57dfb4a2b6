/**
 * The one contract between the renderer and main. Both transports (Electron IPC, the web host's
 * WebSocket) and both ends (main's router, the renderer's client) are typed from these maps.
 * Channel names are `domain.verb` constants.
 */
import type { z } from 'zod';
import { agentEvents, agentMethods } from './agent.js';
import { agentsEvents, agentsMethods } from './agents.js';
import { checkpointMethods } from './checkpoints.js';
import { modeEvents, modeMethods } from './modes.js';
import { hookEvents, hookMethods } from './hooks.js';
import { mcpEvents, mcpMethods } from './mcp.js';
import { permissionEvents, permissionMethods } from './permissions.js';
import { projectEvents, projectMethods } from './project.js';
import { settingsEvents, settingsMethods } from './settings.js';

export const methods = {
  ...projectMethods,
  ...settingsMethods,
  ...permissionMethods,
  ...agentMethods,
  ...modeMethods,
  ...checkpointMethods,
  ...mcpMethods,
  ...hookMethods,
  ...agentsMethods,
};

export const events = {
  ...projectEvents,
  ...settingsEvents,
  ...permissionEvents,
  ...agentEvents,
  ...modeEvents,
  ...mcpEvents,
  ...hookEvents,
  ...agentsEvents,
};

export type Methods = typeof methods;
export type MethodName = keyof Methods;
export type Events = typeof events;
export type EventName = keyof Events;

/** What a caller passes (before defaults and transforms). */
export type MethodInput<M extends MethodName> = z.input<Methods[M]['input']>;
/** What a handler receives (after parsing). */
export type ParsedInput<M extends MethodName> = z.output<Methods[M]['input']>;
export type MethodOutput<M extends MethodName> = z.output<Methods[M]['output']>;
export type EventPayload<E extends EventName> = z.output<Events[E]['payload']>;

export const methodNames = Object.keys(methods) as MethodName[];
export const eventNames = Object.keys(events) as EventName[];

export function isMethodName(name: unknown): name is MethodName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(methods, name);
}
export function isEventName(name: unknown): name is EventName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(events, name);
}

export * from './result.js';
export * from './settings.js';
export * from './project.js';
export * from './permissions.js';
export * from './agent.js';
export * from './agentEvents.js';
export * from './modes.js';
export * from './checkpoints.js';
export * from './mcp.js';
export * from './hooks.js';
export * from './agents.js';
