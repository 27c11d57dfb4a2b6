import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { failOnTempLeaks, isolateTempDir, leakError } from './tempLeaks.js';

describe('the global setups’ temp dir (build/tempLeaks.ts)', () => {
  it('gives the run its own TMPDIR, names the prefixed entries left there, and removes it', () => {
    const outer = tmpdir();
    const run = isolateTempDir('cc-leakcheck');
    try {
      expect(tmpdir()).toBe(run.dir);
      expect(path.dirname(run.dir)).toBe(outer);
      expect(run.leaks('cc-')).toEqual([]);
      mkdirSync(path.join(run.dir, 'cc-left-folder'));
      writeFileSync(path.join(run.dir, 'cc-left-file'), 'x');
      mkdirSync(path.join(run.dir, 'other'));
      expect(run.leaks('cc-').sort()).toEqual(['cc-left-file', 'cc-left-folder']);
      expect(leakError('this run', 'cc-', run.dir, run.leaks('cc-'))?.message).toMatch(/this run left 2 cc-\* entries[\s\S]*cc-left-f/);
    } finally {
      run.close();
    }
    expect(tmpdir()).toBe(outer);
    expect(existsSync(run.dir)).toBe(false);
  });

  it('fails the run (exit code and error) when something was left, and not otherwise', () => {
    const code = process.exitCode;
    try {
      const clean = failOnTempLeaks('a clean run', 'cc-leakcheck', 'cc-');
      expect(() => clean()).not.toThrow();
      expect(process.exitCode).toBe(code);

      const leaky = failOnTempLeaks('a leaky run', 'cc-leakcheck', 'cc-');
      mkdirSync(path.join(tmpdir(), 'cc-forgotten'));
      expect(() => leaky()).toThrow(/a leaky run left 1 cc-\* entry[\s\S]*cc-forgotten/);
      expect(process.exitCode).toBe(1);
    } finally {
      process.exitCode = code;
    }
  });
});
