/**
 * Any failure to load codecoder.json is "malformed", including one no check foresaw:
 * here the parser itself throws, as it did on 6,000 levels of nesting before the depth bound.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { readConfigFile } from './projectConfig.js';
import { makeEngine, pathKey, request, tempProject } from './permissions.testkit.js';

const parser = vi.hoisted(() => ({ fail: false }));
vi.mock('./configFile.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./configFile.js')>();
  return {
    ...real,
    parseConfigBytes: (buf: Uint8Array) => {
      if (parser.fail) throw new RangeError('Maximum call stack size exceeded');
      return real.parseConfigBytes(buf);
    },
  };
});

let root: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  parser.fail = false;
  ({ root, cleanup } = await tempProject());
});
afterEach(async () => cleanup());

it('a parser that throws gives a malformed result with the reason, never a throw', async () => {
  await writeFile(path.join(root, 'codecoder.json'), '{}');
  parser.fail = true;
  const r = await readConfigFile(path.join(root, 'codecoder.json'));
  expect(r).toMatchObject({
    exists: true,
    result: { ok: false, error: { message: expect.stringMatching(/could not be loaded: Maximum call stack/) } },
  });
});

it('on reload: no allow entry honoured, the last good deny rules kept, the error reported', async () => {
  await writeFile(path.join(root, 'codecoder.json'), '{"allowlist": {"write_file:a": "AlwaysThisProject"}, "deny": ["write_file:.env"]}');
  const h = await makeEngine(root);
  parser.fail = true;
  const report = await h.engine.reload();
  expect(report.error?.message).toMatch(/could not be loaded/);
  expect(h.config.snapshot()).toMatchObject({ allowlist: [], deny: [{ key: 'write_file:.env' }] });
  expect(h.engine.decide(request('write_file', pathKey('a'))).outcome).toBe('ask');
  expect(h.engine.decide(request('write_file', pathKey('.env'))).outcome).toBe('deny');
  await expect(h.config.edit({ op: 'setAllow', key: 'write_file:b', value: 'AlwaysThisProject' })).rejects.toThrow(/malformed/);
});
