import { describe, expect, it } from 'vitest';
import { escapeGlobs } from './globText.js';

describe('escapeGlobs', () => {
  it('escapes the stars of globs, not emphasis or code', () => {
    expect(escapeGlobs('run *.test.* files')).toBe('run \\*.test.\\* files');
    expect(escapeGlobs('all src/**/*.ts here')).toBe('all src/\\*\\*/\\*.ts here');
    expect(escapeGlobs('this is *important.* really')).toBe('this is *important.* really');
    expect(escapeGlobs('use `*.test.*` and\n```\nls *.md\n```')).toBe('use `*.test.*` and\n```\nls *.md\n```');
  });
});
