/**
 * An agent's diff (`agents.diff`) is one unified diff of every file it changed; the diff view draws
 * one file at a time. Plain functions, no library.
 */

/** The diff cut into one piece per file, at each `diff --git` header (a diff without one is one piece). */
export function splitFileDiffs(diff: string): string[] {
  const lines = diff.split('\n');
  const pieces: string[] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line.startsWith('diff --git ') && current.some((l) => l.trim() !== '')) {
      pieces.push(current.join('\n'));
      current = [];
    }
    current.push(line);
  }
  if (current.some((l) => l.trim() !== '')) pieces.push(current.join('\n'));
  return pieces;
}
