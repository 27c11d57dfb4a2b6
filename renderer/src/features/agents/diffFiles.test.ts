import { describe, expect, it } from 'vitest';
import { diffFileName } from '../diff/diffText.js';
import { splitFileDiffs } from './diffFiles.js';

const fileDiff = (name: string, body: string) =>
  [`diff --git a/${name} b/${name}`, 'index 1111111..2222222 100644', `--- a/${name}`, `+++ b/${name}`, '@@ -1 +1 @@', body].join('\n');

describe('splitFileDiffs', () => {
  it('gives one piece per file, each naming its own file', () => {
    const diff = `${fileDiff('a.txt', '-old\n+new')}\n${fileDiff('src/b.ts', '-x\n+y')}\n`;
    const pieces = splitFileDiffs(diff);
    expect(pieces).toHaveLength(2);
    expect(pieces.map((p) => diffFileName(p))).toEqual(['a.txt', 'src/b.ts']);
    expect(pieces[1]).toContain('+y');
    expect(pieces[0]).not.toContain('src/b.ts');
  });

  it('keeps a diff without git headers whole, and gives nothing for an empty diff', () => {
    expect(splitFileDiffs('--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n')).toHaveLength(1);
    expect(splitFileDiffs('')).toEqual([]);
    expect(splitFileDiffs('\n\n')).toEqual([]);
  });

  it('does not split at a changed line that merely reads like a header', () => {
    const diff = fileDiff('notes.md', '-a\n+diff --git a/evil b/evil');
    expect(splitFileDiffs(diff)).toHaveLength(1);
  });
});
