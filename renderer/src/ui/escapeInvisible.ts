// The logic lives in shared/: the CLI prints keys and main's native notifications escape exactly as the UI shows them.
export * from '../../../shared/escapeInvisible.js';
