/**
 * A key file inside the project (`--api-key-file ./key.txt`): a container of the project sees an
 * empty file in its place, by its name and by its real path; one outside the project needs no mask
 * (the container sees only the project), and one that is not there gets none (a mount over a missing
 * file would create it in the project). The sandbox side is proven end to end in
 * cli/commands/runKeyFile.test.ts.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { buildRunArgv } from './container.js';
import { insideProject } from './run.js';

const tempDirs = useTempDir();

describe('key files in a container', () => {
  it('masks a key file inside the project, by name and by real path; nothing outside or missing', () => {
    const base = tempDirs.sync('cc-hidden-');
    const root = path.join(base, 'proj');
    mkdirSync(path.join(root, 'secrets'), { recursive: true });
    writeFileSync(path.join(root, 'secrets', 'key.txt'), 'sk-x\n');
    symlinkSync('secrets/key.txt', path.join(root, 'key-link'));
    writeFileSync(path.join(base, 'outside.txt'), 'sk-y\n');
    const masked = insideProject(root, [path.join(root, 'key-link'), path.join(base, 'outside.txt'), path.join(root, 'gone.txt')]);
    expect(masked.sort()).toEqual(['key-link', path.join('secrets', 'key.txt')]);
    const argv = buildRunArgv({
      engine: { name: 'docker', bin: 'docker', globalArgs: [] },
      image: 'img',
      projectRoot: root,
      command: 'cat secrets/key.txt',
      name: 'n',
      masked,
    });
    const mounts = argv.flatMap((a, i) => (a === '-v' ? [argv[i + 1]] : []));
    expect(mounts[0]).toBe(`${root}:/work:rw`);
    // After the project's mount, so they land on top of it.
    expect(mounts.slice(1).sort()).toEqual(['/dev/null:/work/key-link:ro', '/dev/null:/work/secrets/key.txt:ro']);
  });
});
