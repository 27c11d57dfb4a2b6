/** The shell command classifier: simple / compound / invalid, with the key for each (see classify.ts). */
export { classifyCommand, MAX_COMMAND_LENGTH, MAX_SIMPLE_LENGTH, type CommandClass, type ProgramRef } from './classify.js';
