import { describe, expect, it } from 'vitest';
import { violationWords } from './ceilingRule.js';
import { fileErrorDetail, fileErrorWhere } from './fileError.js';

describe('fileErrorDetail', () => {
  it('drops a location the parser already put in the message', () => {
    const e = { message: 'codecoder.json: line 1, column 18: unexpected character', line: 1, column: 18 };
    expect(`${fileErrorWhere(e)}: ${fileErrorDetail(e)}`).toBe('at line 1, column 18: unexpected character');
  });
  it('keeps a message without a location as it is', () => {
    expect(fileErrorDetail({ message: 'allowlist must be an object', line: 3 })).toBe('allowlist must be an object');
    expect(fileErrorDetail({ message: 'codecoder.json: line 2: x' })).toBe('codecoder.json: line 2: x');
    expect(fileErrorWhere({})).toBe('');
  });
});

describe('violationWords', () => {
  it('drops the class name, keeps the sentence', () => {
    expect(violationWords('CeilingViolation: run_command:git is a key of a shell tool')).toBe('run_command:git is a key of a shell tool');
    expect(violationWords('run_command:git is fine')).toBe('run_command:git is fine');
  });
});
