import { describe, expect, it } from 'vitest';
import { changedLines, parseFileRef } from './fileRefs.js';

describe('parseFileRef', () => {
  it('paths with a slash, known source files, and their lines', () => {
    expect(parseFileRef('src/calc.js')).toEqual({ path: 'src/calc.js' });
    expect(parseFileRef('calc.ts')).toEqual({ path: 'calc.ts' });
    expect(parseFileRef('./src/calc.js:12')).toEqual({ path: './src/calc.js', lines: [{ from: 12, to: 12 }] });
    expect(parseFileRef('src/calc.js:12-20')).toEqual({ path: 'src/calc.js', lines: [{ from: 12, to: 20 }] });
    expect(parseFileRef('src/calc.js:12:5')).toEqual({ path: 'src/calc.js', lines: [{ from: 12, to: 12 }] });
    expect(parseFileRef('src/calc.js#L3-L5')).toEqual({ path: 'src/calc.js', lines: [{ from: 3, to: 5 }] });
    expect(parseFileRef('Makefile')).toEqual({ path: 'Makefile' });
    expect(parseFileRef('node_modules/@types/node/index.d.ts')).toEqual({ path: 'node_modules/@types/node/index.d.ts' });
    expect(parseFileRef('/home/me/project/src/a.py')).toEqual({ path: '/home/me/project/src/a.py' });
  });

  it('words that are not files stay words', () => {
    for (const w of [
      'console.log',
      'Math.max',
      'v1.2.3',
      'e.g.',
      'user@example.com',
      'https://example.com/a.js',
      'npm run build',
      'src/',
      '../etc/passwd',
      'a/../b.js',
      '-rf.js',
      'src/$(rm).js',
      'it’s.js',
      'src/a.js;rm',
      '',
    ])
      expect(parseFileRef(w), w).toBeUndefined();
  });
});

describe('changedLines', () => {
  it('the + lines of each hunk, as ranges of the new file', () => {
    const diff = [
      '--- a/x.js',
      '+++ b/x.js',
      '@@ -1,4 +1,5 @@',
      ' a',
      '-b',
      '+B',
      '+B2',
      ' c',
      ' d',
      '@@ -10,2 +11,3 @@',
      ' j',
      '+k',
      ' l',
      '',
    ].join('\n');
    expect(changedLines(diff)).toEqual([
      { from: 2, to: 3 },
      { from: 12, to: 12 },
    ]);
    expect(changedLines('')).toEqual([]);
  });
});
