/**
 * The bundled CLI (scripts/build-cli.mjs, run by `npm install`): bin/codecoder.mjs runs it only while
 * it is current, it behaves as the sources do, and `codecoder key` loads only the classifier.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../main/core/fs/tempDir.testkit.js';
import { buildCli } from '../scripts/build-cli.mjs';
import { freshBundle, MANIFEST } from '../scripts/cliBundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
const tempDir = useTempDir();

describe('freshBundle: the bundle runs only while nothing it was built from has changed', () => {
  function fixture() {
    const dir = tempDir.sync('cc-clibundle-');
    writeFileSync(path.join(dir, 'a.ts'), 'a');
    writeFileSync(path.join(dir, 'b.ts'), 'b');
    const past = new Date(Date.now() - 60_000);
    for (const f of ['a.ts', 'b.ts']) utimesSync(path.join(dir, f), past, past);
    const manifest = (m: unknown) => writeFileSync(path.join(dir, MANIFEST), typeof m === 'string' ? m : JSON.stringify(m));
    manifest({ startedAt: Date.now() - 1000, entry: 'main.mjs', inputs: ['a.ts', 'b.ts'] });
    return { dir, manifest };
  }

  it('current: the entry file', () => {
    const { dir } = fixture();
    expect(freshBundle(dir, dir)).toBe(path.join(dir, 'main.mjs'));
  });
  it('a source edited after the build started: stale', () => {
    const { dir } = fixture();
    writeFileSync(path.join(dir, 'b.ts'), 'b2');
    expect(freshBundle(dir, dir)).toBeNull();
  });
  it('a source gone: stale', () => {
    const { dir, manifest } = fixture();
    manifest({ startedAt: Date.now() - 1000, entry: 'main.mjs', inputs: ['a.ts', 'gone.ts'] });
    expect(freshBundle(dir, dir)).toBeNull();
  });
  it("a subcommand's start checks only what it loads; any other start checks everything", () => {
    const { dir, manifest } = fixture();
    manifest({ startedAt: Date.now() - 1000, entry: 'main.mjs', inputs: ['a.ts', 'b.ts'], commands: { key: ['a.ts'] } });
    writeFileSync(path.join(dir, 'b.ts'), 'b2');
    expect(freshBundle(dir, dir, 'key')).toBe(path.join(dir, 'main.mjs'));
    expect(freshBundle(dir, dir, 'run')).toBeNull();
    expect(freshBundle(dir, dir, 'constructor')).toBeNull();
    expect(freshBundle(dir, dir)).toBeNull();
    writeFileSync(path.join(dir, 'a.ts'), 'a2');
    expect(freshBundle(dir, dir, 'key')).toBeNull();
  });
  it('no bundle, or a manifest it cannot read: none', () => {
    const { dir, manifest } = fixture();
    expect(freshBundle(path.join(dir, 'nowhere'), dir)).toBeNull();
    for (const bad of [
      '{',
      'null',
      '{"entry":"main.mjs","inputs":["a.ts"]}',
      '{"startedAt":1,"entry":"main.mjs","inputs":[]}',
      '{"startedAt":1,"entry":"main.mjs","inputs":[3]}',
    ]) {
      manifest(bad);
      expect(freshBundle(dir, dir), bad).toBeNull();
    }
  });
});

describe('the bundle', () => {
  it('keys a command as the sources do, and `key` carries only the classifier', async () => {
    const work = await tempDir('cc-clibuild-');
    // Packages stay external: the bundle finds them as the repository's own build does.
    symlinkSync(path.join(root, 'node_modules'), path.join(work, 'node_modules'), 'dir');
    const { outDir, metafile } = await buildCli({ outDir: path.join(work, 'cli') });

    const run = (args: string[]) =>
      promisify(execFile)(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          'const { main } = await import(process.argv[1]); process.exitCode = await main(process.argv.slice(2));',
          path.join(outDir, 'main.mjs'),
          ...args,
        ],
        { cwd: work },
      );
    const k = await run(['key', 'git status && git push origin main']);
    expect(JSON.parse(k.stdout)).toMatchObject({ kind: 'compound', key: 'run_command:git-status-&&-git-push' });
    const help = await run(['help']);
    for (const name of ['key', 'check', 'run', 'mcp', 'trust']) expect(help.stdout).toContain(`  ${name} `);

    // The manifest lists what each subcommand's start loads: the dispatcher's sources and its own.
    const manifest = JSON.parse(readFileSync(path.join(outDir, MANIFEST), 'utf8')) as {
      inputs: string[];
      commands: Record<string, string[]>;
    };
    expect(manifest.commands.key).toEqual(expect.arrayContaining(['main/core/cli/main.ts', 'main/core/permissions/shell/classify.ts']));
    expect(manifest.commands.key).not.toContain('main/core/assembly/assemble.ts');
    expect(manifest.commands.run).toContain('main/core/assembly/assemble.ts');

    const [keyOut, key] = Object.entries(metafile.outputs).find(([o]) => o.endsWith('/commands/key.mjs'))!;
    const inputs = Object.keys(key.inputs);
    expect(inputs).toContain('main/core/permissions/shell/classify.ts');
    expect(
      inputs.filter((i) =>
        /^main\/core\/(agent|assembly|tools|mcp|llm|env|checkpoints|approvals)\/|permissions\/(engine|audit|configFile)\.ts$/.test(i),
      ),
      keyOut,
    ).toEqual([]);
    expect(key.imports.map((i) => i.path).filter((p) => !p.startsWith('node:'))).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/modelcontextprotocol|openai|anthropic-ai|node-pty|zod/)]),
    );
    // The dispatcher loads each subcommand's own file; none is inlined into it.
    expect(Object.keys(metafile.outputs[Object.keys(metafile.outputs).find((o) => o.endsWith('/main.mjs'))!]!.inputs)).toEqual(
      expect.not.arrayContaining(['main/core/cli/commands/key.ts']),
    );
  }, 120_000);

  it('leaves out only modules nobody calls: no source of ours is imported for its side effects alone', () => {
    const bare = /^\s*import\s*['"][^'"]+['"]/m;
    const sources = (dir: string): string[] =>
      readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory()
          ? sources(path.join(dir, e.name))
          : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$|testkit/.test(e.name)
            ? [path.join(dir, e.name)]
            : [],
      );
    const offenders = ['main/core', 'shared'].flatMap(sources).filter((f) => bare.test(readFileSync(path.join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
    expect(bare.test("import './polyfill.js';")).toBe(true);
    expect(bare.test("import { a } from './a.js';")).toBe(false);
  });
});
