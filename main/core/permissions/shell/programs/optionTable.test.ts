/**
 * The option-table reader: every spelling of an option and its value, and the allowlist rule
 * (an option the table does not know, or a run-time word where an option may stand, is reported).
 */
import { describe, expect, it } from 'vitest';
import type { Arg } from '../options.js';
import { optionTable, readOptions, subcommandOptions, type TableSpec } from './optionTable.js';

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
});
