/** Lives in shared/ since main's native notifications escape the same characters the page does. */
export * from '../../../shared/escapeInvisible.js';
