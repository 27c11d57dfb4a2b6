import { describe, expect, it } from 'vitest';
import { activeMention, attachedFiles, insertMention, mentionedFiles, typedMentions } from './mentions.js';

describe('@-mentions in the message box', () => {
  it('finds the @word at the caret, only at a word start', () => {
    expect(activeMention('read @src/a', 11)).toEqual({ start: 5, query: 'src/a' });
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' });
    expect(activeMention('mail me@example.com', 19)).toBeNull();
    expect(activeMention('read @a.ts now', 14)).toBeNull();
  });

  it('puts the picked file in place of the whole word, with a space, quoting a path with spaces', () => {
    const m = activeMention('read @sr and', 8)!;
    expect(insertMention('read @sr and', m, 8, 'src/a.ts')).toEqual({ text: 'read @src/a.ts and', caret: 15 });
    expect(insertMention('@my', { start: 0, query: 'my' }, 3, 'my notes.md')).toEqual({ text: '@"my notes.md" ', caret: 15 });
    // The caret in the middle of the word: the rest of the word goes too.
    expect(insertMention('see @srcxyz', { start: 4, query: 'src' }, 8, 'src/a.ts').text).toBe('see @src/a.ts ');
  });

  it('attaches only the picked files the text still names, as whole words', () => {
    const picked = ['a.ts', 'b.md', 'my notes.md', 'a.ts'];
    expect(mentionedFiles('look at @a.ts, then @"my notes.md".', picked)).toEqual(['a.ts', 'my notes.md']);
    expect(mentionedFiles('look at @a.tsx', picked)).toEqual([]);
    expect(mentionedFiles('x@b.md', picked)).toEqual([]);
    expect(mentionedFiles('@b.md', picked)).toEqual(['b.md']);
  });

  it('lists every typed @word once, quoted or not, without the punctuation that ends a sentence', () => {
    expect(typedMentions('fix @src/calc.js, then see @"my notes.md". Mail me@example.com @src/calc.js')).toEqual([
      'src/calc.js',
      'my notes.md',
    ]);
    expect(typedMentions('@a @ b (@c)')).toEqual(['a']);
    expect(typedMentions('no mentions here')).toEqual([]);
  });

  it('attaches the picked files, then the typed ones main found to be files, each once, while the text still names them', () => {
    const typed = [
      { typed: 'src/calc.js', file: 'src/calc.js' },
      { typed: './README.md', file: 'README.md' },
    ];
    expect(attachedFiles('see @src/calc.js and @./README.md', ['README.md'], typed)).toEqual(['src/calc.js', 'README.md']);
    expect(attachedFiles('see @README.md and @./README.md', ['README.md'], typed)).toEqual(['README.md']);
    // The word was edited since main answered: it names nothing any more.
    expect(attachedFiles('see @src/calc.jsx', [], typed)).toEqual([]);
  });
});
