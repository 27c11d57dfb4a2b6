import { describe, expect, it } from 'vitest';
import { diffFileName, diffHasHidden, displayDiff } from './diffText.js';

describe('diff text for the view', () => {
  it('names the file from the caller, else from the +++ header, else the --- one', () => {
    const edit = '--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1 +1 @@\n-a\n+b\n';
    expect(diffFileName(edit, 'given.py')).toBe('given.py');
    expect(diffFileName(edit)).toBe('src/app.ts');
    expect(diffFileName('--- /dev/null\n+++ b/new.md\n@@ -0,0 +1 @@\n+x\n')).toBe('new.md');
    expect(diffFileName('--- a/gone.rs\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n')).toBe('gone.rs');
    // A jsdiff header with a tab after the name; a "+++" inside a hunk is content, not a header.
    expect(diffFileName('--- a/x.go\t\n+++ b/x.go\t\n@@ -1 +1 @@\n-a\n+++ b/evil.sh\n')).toBe('x.go');
    expect(diffFileName('@@ -1 +1 @@\n-a\n+b\n')).toBe('');
  });

  it('escapes hidden characters but keeps line ends and tabs', () => {
    const d = '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-\tok\n+if (admin\u202e) {\r\n';
    expect(diffHasHidden(d)).toBe(true);
    expect(displayDiff(d)).toContain('+if (admin\\u202e) {\\x0d\n');
    expect(displayDiff(d)).toContain('-\tok\n');
    expect(diffHasHidden('--- a/x\n+++ b/x\n@@ -1 +1 @@\n-\tok\n+fine\n')).toBe(false);
  });
});
