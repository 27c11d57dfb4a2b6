/**
 * A compound key names every program that would run with the operators between them, joined by
 * `-` (`run_command:git-status-&&-git-push`). The prompt highlights each segment so the user sees
 * at a glance that `git push` rides along with `git status`.
 */

/** The control operators between commands, as the key spells them. */
export const KEY_OPERATORS: ReadonlySet<string> = new Set(['&&', '||', '|', '|&', ';', '&']);

export type KeySegment = { kind: 'tool'; text: string } | { kind: 'command'; text: string } | { kind: 'operator'; text: string };

/**
 * `run_command:git-status-&&-git-add` → tool `run_command:`, command `git-status`, operator `&&`,
 * command `git-add`. A key without operators is one command segment; a key without a colon is one
 * command segment too (never thrown away: the prompt must show whatever it was given).
 */
export function segmentKey(key: string): KeySegment[] {
  const colon = key.indexOf(':');
  const out: KeySegment[] = [];
  if (colon > 0) out.push({ kind: 'tool', text: key.slice(0, colon + 1) });
  const action = colon > 0 ? key.slice(colon + 1) : key;
  let run: string[] = [];
  const flush = () => {
    if (run.length) out.push({ kind: 'command', text: run.join('-') });
    run = [];
  };
  for (const token of action.split('-')) {
    if (KEY_OPERATORS.has(token)) {
      flush();
      out.push({ kind: 'operator', text: token });
    } else run.push(token);
  }
  flush();
  return out;
}

/** Whether the key joins several commands (it then matches only an identical entry). */
export function isCompoundKey(key: string): boolean {
  return segmentKey(key).some((s) => s.kind === 'operator');
}
