/**
 * The text utilities' tables (textOptions.ts): each knows `--help`, refuses an option it does not
 * list, and reads the everyday spellings its program's `--help` documents.
 */
import { describe, expect, it } from 'vitest';
import type { Arg } from '../options.js';
import { readOptions } from './optionTable.js';
import { TEXT_TABLES } from './textOptions.js';

const read = (name: string, words: string) => readOptions(TEXT_TABLES[name]!, words.split(' ') as Arg[], 0, name);

describe('text utility tables', () => {
  it('every table knows --help and refuses an option it does not list', () => {
    for (const name of Object.keys(TEXT_TABLES)) {
      expect(read(name, '--help').unknown, name).toBe(false);
      expect(read(name, '--zz-not-an-option-zz').unknown, name).toBe(true);
    }
  });

  it('reads the spellings each --help documents', () => {
    const everyday: [string, string][] = [
      ['sort', '-rn -k 2,2 -t , -o out.txt in.txt'],
      ['sort', '--key=2 --field-sep=, --uniq'],
      ['tee', '-a log.txt'],
      ['split', '-l 1000 -d --additional-suffix=.csv big.csv part-'],
      ['uniq', '-c -f 1'],
      ['diff', '-u -r --exclude=node_modules a b'],
      ['diff', '-U3 a b'],
      ['sed', '-n -E -i.bak s/a/b/ f'],
      ['awk', '-F : -v x=1 {print} f'],
      ['awk', '-W version'],
      ['rg', '-n -i --glob !*.lock -C 2 --no-heading pat src'],
      ['rg', '--no-hidden -e -x src'],
      ['fd', '-t f -e ts -H src'],
      ['xxd', '-l 64 -c 16 f'],
      ['xxd', '-ps f'],
      ['yq', '-i .a=1 f.yaml'],
      ['yq', '-r .a f.yaml'],
      ['zip', '-r -q out.zip src -x *.log'],
      ['zip', '-FS -9 out.zip src'],
      ['base64', '-d -w 0 f'],
      ['iconv', '-f latin1 -t utf-8 -o out f'],
      ['cp', '-a --parents -t build src/a.ts'],
      ['cp', '-r --reflink=auto --preserve=mode,timestamps src dist'],
      ['cp', '--target=build a'],
      ['mv', '-f --backup=numbered -S .old a b'],
      ['ln', '-sfnr dist current'],
      ['install', '-D -m 0644 -o root -g root a.conf etc/a.conf'],
      ['rm', '-rf --one-file-system build'],
      ['rmdir', '-p --ignore a/b'],
      ['touch', '-d 2024-01-01 -r ref a'],
      ['truncate', '-s 0 -c app.log'],
      ['shred', '-vzun 3 f'],
      ['find', '-L . -maxdepth 2 -type f -name *.ts -newermt 2024-01-01 -not -path ./node_modules/* -print0'],
      ['find', '. ( -iname a -o -size +1M ) -a -perm -u+x -prune -o -ls'],
      ['dd', 'if=a of=b bs=1M'],
    ];
    for (const [name, words] of everyday) expect(read(name, words), `${name} ${words}`).toMatchObject({ unknown: false });
  });

  it('a long option is read by a unique prefix only (getopt_long): --target is --target-directory, --s is ambiguous', () => {
    expect(read('cp', '--target=build a').unknown).toBe(false);
    // cp: --s could be --sparse, --suffix, --strip-trailing-slashes or --symbolic-link.
    expect(read('cp', '--s a b').unknown).toBe(true);
    expect(read('install', '--strip-prog=./x -s a b').effects.map((e) => e.flag)).toEqual(['strip-program']);
  });
});
