/**
 * A generated table carries its generator and the version of its source (issue 25 item 4): a file
 * under shell/ whose opening comment holds `@generated` names `Generator: <repo path>` (a file that
 * exists) and `Source: <what>@<version>`, so it can be made again from a newer source and checked
 * against the one it came from. A file whose header says it was generated carries the marker.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const shellDir = path.resolve(import.meta.dirname, '..');
const repo = path.resolve(shellDir, '../../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

/** The opening comment of a file. */
const header = (text: string): string => /^\/\*\*[\s\S]*?\*\//.exec(text)?.[0] ?? '';

/**
 * Generated tables whose generator is not in the repository yet (the spec-library helper brings
 * it): listed so the list can only shrink — once a file names its generator it must leave it.
 */
const AWAITING_GENERATOR = ['programs/ldTables.ts', 'programs/opensslTables.ts'];

describe('generated option tables', () => {
  const generated = sources(shellDir)
    .map((f) => ({ file: path.relative(shellDir, f).split(path.sep).join('/'), head: header(readFileSync(f, 'utf8')) }))
    .filter((f) => f.head.includes('@generated'));

  it('finds the generated tables', () => {
    expect(generated.map((g) => g.file)).toEqual(expect.arrayContaining(AWAITING_GENERATOR));
  });

  it('a file that says it was generated carries the @generated marker', () => {
    const unmarked = sources(shellDir)
      .map((f) => ({ file: path.relative(shellDir, f), head: header(readFileSync(f, 'utf8')) }))
      .filter(
        (f) =>
          /^\/\*\*\s*\n?\s*\*?\s*(\S+ ){0,4}\S*\s*generated\b|^\/\*\*\s*\n\s*\*\s*Generated\b/i.test(f.head) &&
          !f.head.includes('@generated'),
      );
    expect(unmarked.map((f) => f.file)).toEqual([]);
  });

  it('each names its generator (a file in the repository) and its source with a version', () => {
    const missing: string[] = [];
    for (const g of generated) {
      const generator = /Generator:\s*(\S+)/.exec(g.head)?.[1];
      const source = /Source:\s*\S+@\d[\w.-]*/.test(g.head);
      if (!generator || !existsSync(path.join(repo, generator)) || !source) missing.push(g.file);
    }
    expect(missing.sort()).toEqual([...AWAITING_GENERATOR].sort());
  });
});
