// The logic lives in shared/ so the CLI prints keys exactly as the UI shows them.
export * from '../../../shared/escapeInvisible.js';
