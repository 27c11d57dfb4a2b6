/**
 * Our copy of npm's command table against the npm installed next to the running node: a future npm
 * that adds a command or an alias (and so changes which prefixes resolve) fails here.
 */
import { existsSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NPM_ALIASES, NPM_COMMANDS, npmDeref } from './npmCommands.js';

interface CmdList {
  commands: string[];
  aliases: Record<string, string>;
  deref: (c: string) => unknown;
}

const REL = path.join('lib', 'utils', 'cmd-list.js');

/** npm's root folders worth trying: the one running us, next to node, then `npm` on PATH. */
function npmRoots(): string[] {
  const roots: string[] = [];
  const exec = process.env['npm_execpath'];
  if (exec && /np[mx]-cli\.js$/.test(exec)) roots.push(path.resolve(path.dirname(exec), '..'));
  const nodeDir = path.dirname(process.execPath);
  roots.push(path.resolve(nodeDir, '..', 'lib', 'node_modules', 'npm'), path.join(nodeDir, 'node_modules', 'npm'));
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    const bin = path.join(dir, 'npm');
    if (!dir || !existsSync(bin)) continue;
    try {
      // bin/npm → …/npm/bin/npm-cli.js
      roots.push(path.resolve(path.dirname(realpathSync(bin)), '..'));
    } catch {
      // a dangling link: not an npm
    }
  }
  return roots;
}

const tried = npmRoots();
const found = tried.map((r) => path.join(r, REL)).find((f) => existsSync(f));
const npm: CmdList | undefined = found ? (createRequire(import.meta.url)(found) as CmdList) : undefined;
const npmVersion = found
  ? (createRequire(import.meta.url)(path.join(path.dirname(found), '..', '..', 'package.json')) as { version: string }).version
  : undefined;

const asWord = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

describe.skipIf(!npm)(
  npm
    ? `npm's own command table (${found}, npm ${npmVersion})`
    : `npm's own command table — skipped: no npm lib/utils/cmd-list.js found next to node or on PATH (tried ${tried.join(', ')})`,
  () => {
    it('has the same commands and aliases as our copy', () => {
      expect([...NPM_COMMANDS]).toEqual(npm!.commands);
      expect({ ...NPM_ALIASES }).toEqual(npm!.aliases);
    });

    it('resolves every prefix of every command and alias exactly like npm deref', () => {
      const words = new Set<string>();
      for (const w of [...npm!.commands, ...Object.keys(npm!.aliases)]) for (let n = 1; n <= w.length; n++) words.add(w.slice(0, n));
      // camelCase, typos past the end, names an object inherits, empty.
      for (const w of ['installTest', 'cleanInstall', 'runScript', 'distTag', 'Publish', 'publishx', 'pubx', 'xyz', '', '-']) words.add(w);
      const differences = [...words].filter((w) => npmDeref(w) !== asWord(npm!.deref(w)));
      expect(differences).toEqual([]);
      expect(words.size).toBeGreaterThan(400);
    });

    it('treats words an object inherits as unknown, as npm ends up doing (it cannot load them)', () => {
      for (const w of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
        expect(npmDeref(w)).toBeUndefined();
        expect(npm!.commands.includes(w)).toBe(false);
      }
    });
  },
);

describe('npmDeref (our copy, whatever npm is installed)', () => {
  it.each([
    ['publ', 'publish'],
    ['pub', 'publish'],
    ['pu', 'publish'],
    ['i', 'install'],
    ['isntall', 'install'],
    ['add', 'install'],
    ['t', 'test'],
    ['run-script', 'run'],
    ['run-s', 'run'],
    ['install-cl', 'ci'],
    ['installTest', 'install-test'],
    ['x', 'exec'],
    ['exe', 'exec'],
    ['unpub', 'unpublish'],
  ])('%s → %s', (word, command) => expect(npmDeref(word)).toBe(command));

  it.each(['p', 'st', 'in-', 'xyz', '', 'Publish', 'constructor'])('%j is not a command npm would run', (word) =>
    expect(npmDeref(word)).toBeUndefined(),
  );
});
