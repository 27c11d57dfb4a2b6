/**
 * The option-table reader: every spelling of an option and its value, and the allowlist rule
 * (an option the table does not know, or a run-time word where an option may stand, is reported).
 */
import { describe, expect, it } from 'vitest';
import type { Arg } from '../options.js';
import { optionTable, readItems, readOptions, subcommandOptions, type TableSpec } from './optionTable.js';

const SPEC: TableSpec = {
  options: 'a|all b|branch= q|quiet o|output=:write x|exec=:exec abbrev=? upload-pack=:prog template=:load O|=? dry-run',
  abbrev: true,
  negate: true,
  numeric: true,
};
const T = optionTable(SPEC);
const read = (words: string, t = T) => readOptions(t, words.split(' ') as Arg[], 0, 'p s');
const flags = (words: string, t = T) => read(words, t).effects.map((e) => [e.flag, e.writes ?? e.runs?.kind ?? e.value]);

describe('option tables', () => {
  it('reads known flags and values in every spelling without effects', () => {
    for (const w of [
      '-a',
      '--all',
      '-aq',
      '-b main',
      '-bmain',
      '--branch main',
      '--branch=main',
      '-qab x',
      '--abbrev',
      '--abbrev=7',
      '-20',
      '--no-all',
      '--al',
      '--bra x',
    ])
      expect(read(w), w).toMatchObject({ effects: [], path: [], unknown: false });
  });

  it('reports each use with the value, however spelled', () => {
    expect(flags('-o out.txt')).toEqual([['output', 'out.txt']]);
    expect(flags('-oout.txt')).toEqual([['output', 'out.txt']]);
    expect(flags('-qo out.txt')).toEqual([['output', 'out.txt']]);
    expect(flags('--output=out.txt')).toEqual([['output', 'out.txt']]);
    expect(flags('--out out.txt')).toEqual([['output', 'out.txt']]);
    expect(flags('-x id')).toEqual([['exec', 'script']]);
    expect(flags('--upload-pack=evil')).toEqual([['upload-pack', 'argv']]);
    expect(flags('--template /t')).toEqual([['template', 'opaque']]);
  });

  it('takes a value word even when it starts with a dash (it is the value)', () => {
    expect(flags('-b -q -o x')).toEqual([['output', 'x']]);
  });

  it('an unknown option, an ambiguous prefix or a run-time word is unknown and ends the reading', () => {
    for (const w of ['--nope', '-z', '-az', '--d', '-a --nope -o x']) {
      const r = read(w);
      expect(r.unknown, w).toBe(true);
      expect(r.effects.at(-1)!.flag).toBe('unknown_option');
    }
    const r = readOptions(T, ['-a', null, '-o', 'x'], 0, 'p s');
    expect(r.unknown).toBe(true);
    expect(r.effects).toHaveLength(1);
  });

  it('an ambiguous prefix is unknown (the program refuses it, and which one it meant is unknown)', () => {
    const t = optionTable({ options: 'output=:write outline', abbrev: true });
    expect(read('--out x', t).unknown).toBe(true);
    expect(flags('--outp x', t)).toEqual([['output', 'x']]);
  });

  it('no abbreviations unless the table allows them', () => {
    const t = optionTable({ options: 'branch=' });
    expect(read('--bra x', t).unknown).toBe(true);
    expect(read('--no-branch', t).unknown).toBe(true);
  });

  it('operands are not options; `--` ends the options', () => {
    expect(read('file -a -- -z --nope').unknown).toBe(false);
    expect(read('file -a -- -z').rest).toBe(3);
    expect(read('file -b x -a y -- -z').operands).toEqual([0, 4, 6]);
  });

  it('a table that stops at the first operand leaves the rest to the program', () => {
    const t = optionTable({ options: 'i|interactive v|volume=', stopAtOperand: true, equalsShort: true });
    expect(read('-i image node -v', t)).toMatchObject({ effects: [], path: [], rest: 1, unknown: false });
    expect(read('-iv=/:/h image', t).rest).toBe(1);
    // A run-time word after the operand is the program's: not read.
    expect(readOptions(t, ['image', null], 0, 'p').unknown).toBe(false);
  });

  it('nested subcommands choose their own table', () => {
    const t = optionTable({
      options: 'q|quiet',
      subs: { push: { options: 'm|message= p|patch' }, list: { options: 'oneline' } },
      subsOnly: true,
    });
    expect(read('push -p -m x', t)).toMatchObject({ effects: [], path: ['push'], unknown: false });
    expect(read('list -p', t).unknown).toBe(true);
    expect(read('drop', t).unknown).toBe(true);
  });

  it('handlers decide an option by its value', () => {
    const t = optionTable({
      options: 'c|config=',
      handlers: { config: (v) => (v === 'safe' ? [] : [{ flag: 'config', value: v ?? null, note: 'sets config' }]) },
    });
    expect(flags('-c safe', t)).toEqual([]);
    expect(flags('--config=x', t)).toEqual([['config', 'x']]);
  });

  it('a malformed spec fails at load time', () => {
    expect(() => optionTable({ options: 'a|all a|also' })).toThrow(/twice/);
    expect(() => optionTable({ options: 'bad:token' })).toThrow(/bad token/);
    expect(() => optionTable({ options: 'a|all', handlers: { nope: () => [] } })).toThrow(/handler/);
  });

  it('a subcommand without a table is compound; one with a table is read', () => {
    const check = subcommandOptions('p', { tables: { s: T }, exempt: ['free'] });
    const argv = (w: string) => w.split(' ') as Arg[];
    expect(check(argv('p s -a'), { subcommand: 's', index: 1 }, 'p')).toEqual([]);
    expect(check(argv('p s --nope'), { subcommand: 's', index: 1 }, 'p')[0]!.flag).toBe('unknown_option');
    expect(check(argv('p other'), { subcommand: 'other', index: 1 }, 'p')[0]!.flag).toBe('unknown_option');
    expect(check(argv('p free --anything'), { subcommand: 'free', index: 1 }, 'p')).toEqual([]);
    expect(check(argv('p'), {}, 'p')).toEqual([]);
  });

  it('an option of stopAfter ends the options after its value, in every spelling (python -m mod, -c code)', () => {
    const t = optionTable({ options: 'I| m|= c|=', stopAfter: ['m', 'c'], stopAtOperand: true });
    for (const w of ['-m mod --frob', '-mmod --frob', '-Im mod --frob', '-Immod --frob']) {
      const r = read(w, t);
      expect(r, w).toMatchObject({ effects: [], unknown: false });
      expect(r.rest, w).toBe(w.split(' ').indexOf('--frob'));
    }
    expect(read('-I --frob', t).unknown).toBe(true);
  });

  it('reads prefix families: the whole word is one option, the longest family first, an exact option before any', () => {
    const t = optionTable({ singleDashLong: true, options: ['c| o|= MF= include=', 'O* f* W* Wl,*:load MF*:write'] });
    for (const w of ['-O2', '-O', '-fno-rtti', '-Wall', '-c', '-include x.h', '-ofile'])
      expect(read(w, t), w).toMatchObject({ effects: [], unknown: false });
    expect(flags('-Wl,-z,now', t)).toEqual([['Wl,', 'opaque']]);
    expect(read('-Wl,-z,now', t).effects[0]?.runs).toEqual({ kind: 'opaque', text: '-z,now' });
    expect(flags('-MFdeps.d', t)).toEqual([['MF', 'deps.d']]);
    expect(read('-MF deps.d', t).effects).toEqual([]);
    // Families are one-dash spellings only: `--frob` is unknown, not the `f` family.
    expect(read('--frob', t).unknown).toBe(true);
    expect(read('-zzz', t).unknown).toBe(true);
    expect(() => optionTable({ options: 'x|f*' })).toThrow(/bad family/);
  });

  it('readItems returns each option and operand as read, by the same reader', () => {
    const r = readItems(T, ['-qb', 'main', '--out=x', 'file', '--bra', 'dev', '--', '-a'], 0, 'p s');
    expect(r.items).toEqual([
      { kind: 'short', name: 'q', word: 0 },
      { kind: 'short', name: 'b', value: 'main', word: 0 },
      { kind: 'long', name: 'output', value: 'x', word: 2 },
      { kind: 'operand', value: 'file', word: 3 },
      { kind: 'long', name: 'branch', value: 'dev', word: 4 },
      { kind: 'operand', value: '-a', word: 7 },
    ]);
    // An unknown option ends the reading, as readOptions does: the rest is not guessed at.
    const u = readItems(T, ['-a', '--frob', '-q'], 0, 'p s');
    expect(u.unknown).toBe(true);
    expect(u.items).toEqual([{ kind: 'short', name: 'a', word: 0 }]);
    expect(u.effects.map((e) => e.flag)).toEqual(['unknown_option']);
    // A word known only at run time where an option may stand: dynamic, and unknown.
    expect(readItems(T, ['-a', null], 0, 'p').items.at(-1)).toEqual({ kind: 'dynamic', word: 1 });
    // A table that stops at its first operand: the rest are operands.
    const stop = optionTable({ options: 'u|user=', stopAtOperand: true });
    expect(readItems(stop, ['-u', 'x', 'cmd', '-rf'], 0, 'sudo').items.slice(1)).toEqual([
      { kind: 'operand', value: 'cmd', word: 2 },
      { kind: 'operand', value: '-rf', word: 3 },
    ]);
  });
});

describe("nopt's dialect (npm, pnpm)", () => {
  // nopt 7 (npm's), @pnpm/nopt: lib/nopt-lib.js parse and resolveShort.
  const N = optionTable({
    options: 'global yes save save-dev registry= loglevel= workspace= script-shell=:prog dry-run',
    nopt: { g: '--global', y: '--yes', D: '--save-dev', w: '--workspace', q: '--loglevel warn', n: '--no-yes', ws: '--global' },
  });
  const nopt = (words: string) => readItems(N, words.split(' ') as Arg[], 0, 'npm x');

  it('reads every spelling nopt accepts: dashes, shorthands, clusters, prefixes, no-, Boolean words', () => {
    const cases: readonly [string, Record<string, unknown>][] = [
      ['-script-shell sh', { kind: 'long', name: 'script-shell', value: 'sh' }],
      ['---script-shell=sh', { kind: 'long', name: 'script-shell', value: 'sh' }],
      ['--scr sh', { kind: 'long', name: 'script-shell', value: 'sh' }],
      ['-w app', { kind: 'long', name: 'workspace', value: 'app' }],
      ['-q', { kind: 'long', name: 'loglevel', value: 'warn' }],
      ['--no-global', { kind: 'long', name: 'no-global' }],
      ['--no-no-global', { kind: 'long', name: 'global' }],
      ['-n', { kind: 'long', name: 'no-yes' }],
      ['--dry', { kind: 'long', name: 'dry-run' }],
    ];
    for (const [w, item] of cases) {
      const r = nopt(w);
      expect(r.unknown, w).toBe(false);
      expect(r.items[0], w).toMatchObject(item);
    }
    expect(nopt('-gD x').items.map((it) => it.kind === 'long' && it.name)).toEqual(['global', 'save-dev', false]);
    // `ws` is a shorthand (its own expansion), not the cluster `-w -s`.
    expect(nopt('-ws').items).toEqual([{ kind: 'long', name: 'global', word: 0 }]);
    // A switch takes a following true/false; an operand after anything else stays an operand.
    expect(nopt('--yes false build').items.at(-1)).toEqual({ kind: 'operand', value: 'build', word: 2 });
    expect(nopt('--yes build').items.at(-1)).toEqual({ kind: 'operand', value: 'build', word: 1 });
    expect(readOptions(N, ['-scr', '/tmp/sh'], 0, 'npm x').effects.map((e) => e.flag)).toEqual(['script-shell']);
  });

  it('fails closed where nopt would read a word by what the table does not hold', () => {
    for (const w of [
      '--frob',
      '--s x', // ambiguous: save, save-dev, script-shell
      '--registry --script-shell=/tmp/sh', // a String option re-reads it as an option; a path one takes it
      '-wg x', // a value-taking shorthand inside a cluster
      '-q=x', // a shorthand whose expansion has its value already
      '--dry-run=publish', // a switch given a value nopt leaves behind as an operand
      '---', // not `--`: an option named ""
    ])
      expect(nopt(w).unknown, w).toBe(true);
    expect(() => optionTable({ options: 'yes', nopt: { x: '--frob' } })).toThrow(/shorthand x/);
  });
});
