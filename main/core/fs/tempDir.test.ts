import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTempDir } from './tempDir.testkit.js';

// These tests run in order: each checks what the previous one left.
describe('useTempDir at module level', () => {
  const tempDirs = useTempDir();
  let fromBeforeAll = '';
  let fromTest = '';
  let fromTestSync = '';
  beforeAll(async () => {
    fromBeforeAll = await tempDirs('cc-tempdir-all-');
  });

  it('makes cc-* folders in the temp dir', async () => {
    fromTest = await tempDirs('cc-tempdir-each-');
    fromTestSync = tempDirs.sync();
    for (const d of [fromTest, fromTestSync]) expect(existsSync(d)).toBe(true);
    expect(path.basename(fromTest)).toMatch(/^cc-tempdir-each-/);
    expect(path.basename(fromTestSync)).toMatch(/^cc-test-/);
    expect(path.dirname(fromTest)).toBe(path.resolve(tmpdir()));
  });

  it('removes a test’s folders when it ends, and keeps the beforeAll one for the file', () => {
    expect(existsSync(fromTest)).toBe(false);
    expect(existsSync(fromTestSync)).toBe(false);
    expect(existsSync(fromBeforeAll)).toBe(true);
  });
});

describe('useTempDir inside a test', () => {
  let made = '';
  it('makes a folder that lasts the test', () => {
    made = useTempDir().sync('cc-tempdir-inside-');
    expect(existsSync(made)).toBe(true);
  });
  it('has removed it when the test finished', () => {
    expect(made).not.toBe('');
    expect(existsSync(made)).toBe(false);
  });
});

describe('useTempDir prefixes', () => {
  it('refuses a prefix the leak check would not see', async () => {
    const tempDirs = useTempDir();
    expect(() => tempDirs.sync('tmp-')).toThrow(/must start with cc-/);
    await expect(tempDirs('x')).rejects.toThrow(/must start with cc-/);
  });
});
