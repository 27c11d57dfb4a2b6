/**
 * The ceiling rule in plain words (docs/permissions.md), shown wherever a shell key cannot reach the
 * project: in the prompt next to the disabled button and in the editor's add form.
 */
export const CEILING_RULE_TITLE = 'Shell commands can be allowed for this session at most.';

export const CEILING_RULE_REASON =
  'A shell command can do anything you can: change or delete files, reach the network, push to a remote repository — and a push cannot be undone. ' +
  'So shell keys are never written to codecoder.json; CodeCoder asks again in each new session (the ceiling rule). ' +
  'File edits and sandboxed tools can be allowed for the project.';

/** What each environment means for the person deciding. */
export const ENVIRONMENT_WORDS: Record<string, string> = {
  host: 'a fixed operation of CodeCoder on your computer (a file edit, a commit, a web request)',
  shell: 'an arbitrary command on your computer, with your permissions',
  wasm: 'code in a WebAssembly sandbox',
  docker: 'a command in a container',
  sandbox: 'a command in the operating-system sandbox',
  remote: 'a remote service (an MCP server reached over the network) acting on your accounts',
};

/** A violation's message without the engine's class name ("CeilingViolation: "), which means nothing to a reader. */
export function violationWords(message: string): string {
  return message.replace(/^\s*CeilingViolation:\s*/, '');
}
