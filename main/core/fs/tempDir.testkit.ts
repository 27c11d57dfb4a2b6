/**
 * Temp folders for tests that remove themselves, so a run leaves nothing in the temp dir
 * (`build/tempLeaks.globalSetup.ts` fails the run if it does).
 *
 * `useTempDir()` decides when its folders go by where it is called:
 * - inside a test or a beforeEach: when that test finishes (`onTestFinished`), pass or fail;
 * - at module or describe level: it registers an afterEach that removes folders made during a test
 *   and an afterAll that removes those made outside one (in a beforeAll).
 * Not from inside a beforeAll: hooks cannot be registered there (call it at module level instead).
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { mkdtemp, realpath } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, expect, onTestFinished } from 'vitest';

/** Every folder starts with this, so a leak is recognisable (and counted by the global teardown). */
export const TEMP_PREFIX = 'cc-';

export interface TempDirs {
  /** A fresh folder (realpath) named `<prefix>XXXXXX`; prefix must start with `cc-`. */
  (prefix?: string): Promise<string>;
  sync(prefix?: string): string;
}

const inTest = () => expect.getState().currentTestName !== undefined;

export function useTempDir(): TempDirs {
  const duringTest: string[] = [];
  const outsideTests: string[] = [];
  const removeAll = (dirs: string[]) => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true, maxRetries: 3 });
  };
  if (inTest()) {
    onTestFinished(() => removeAll(duringTest));
  } else {
    afterEach(() => removeAll(duringTest));
    afterAll(() => removeAll(outsideTests));
  }
  const track = (d: string): string => {
    (inTest() ? duringTest : outsideTests).push(d);
    return d;
  };
  const checked = (prefix: string): string => {
    if (!prefix.startsWith(TEMP_PREFIX)) throw new Error(`useTempDir: prefix ${JSON.stringify(prefix)} must start with ${TEMP_PREFIX}`);
    return path.join(tmpdir(), prefix);
  };
  const make = async (prefix = 'cc-test-') => {
    const d = await mkdtemp(checked(prefix));
    track(d);
    return realpath(d);
  };
  make.sync = (prefix = 'cc-test-') => realpathSync(track(mkdtempSync(checked(prefix))));
  return make;
}
