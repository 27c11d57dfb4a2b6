import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshotDirFor } from './screenshots.js';

describe('screenshots of the e2e specs', () => {
  const docs = path.resolve(import.meta.dirname, '../docs/screenshots');
  it('a plain test run leaves the tracked docs/screenshots alone', () => {
    expect(screenshotDirFor({})).not.toBe(docs);
    expect(screenshotDirFor({ UPDATE_SCREENSHOTS: '0' })).not.toBe(docs);
    expect(path.relative(path.resolve(import.meta.dirname, '..'), screenshotDirFor({}))).toBe(path.join('test-results', 'screenshots'));
  });
  it('UPDATE_SCREENSHOTS=1 regenerates them', () => {
    expect(screenshotDirFor({ UPDATE_SCREENSHOTS: '1' })).toBe(docs);
  });
});
