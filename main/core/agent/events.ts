/**
 * The agent's events live in the shared contract (the renderer parses the same schemas); this
 * module is the agent's import point for them. Every step of a run is one of these, emitted
 * through an injected `emit(event)`.
 */
export * from '../../../shared/contract/agentEvents.js';
