/**
 * Text and file utilities: find/fd, rg, sed, awk, sort, tee, dd, tar, split, uniq, xxd, shuf, iconv, zip, diff, yq, base64. Options that run a program (`find -exec`, `tar --to-command`, `sed e`) or write a file they name (`sort -o`, `sed -i`).
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, risk, write, type Effect } from '../effects.js';
import { awkProgramDanger, sedScriptDanger } from '../scriptScanners.js';
import type { Arg, OptItem } from '../options.js';
import { opaque, script, argvOf, isShort, isLong, valueOf, outputOption, itemsOf } from './kit.js';
import { rules, type Check, type ProgramRule, type Examples } from './rule.js';
import { optionTable, readOptions, unknown, type OptionTable } from './optionTable.js';
import {
  AWK,
  BASE64,
  BASENC,
  DIFF,
  DD,
  DD_OPERANDS,
  DIFF3,
  FD,
  FIND,
  FILE_UTILITY_TABLES,
  ICONV,
  RG,
  SDIFF,
  SED,
  SHUF,
  SORT,
  SPLIT,
  TEE,
  UNIQ,
  XXD,
  YQ,
  ZIP,
} from './textOptions.js';

const operands = (items: OptItem[]): Arg[] =>
  items.filter((it) => it.kind === 'operand').map((it) => (it.kind === 'operand' ? it.value : null));

// ---------------------------------------------------------------------------------------------
// git: configuration, pagers, external diff/textconv drivers, hooks and transport programs can all
// run arbitrary commands.

/**
 * find: every primary read with its table (textOptions.ts FIND; an unknown primary is compound).
 * -exec/-execdir/-ok/-okdir run the words up to `;` (or `{}` then `+`) for each file found,
 * -delete deletes, -fprint/-fprint0/-fls/-fprintf write the file they name. After those words the
 * expression goes on; a `--` (which find takes only before its starting points) does not end it.
 */
function find(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (let from = 1; from < argv.length; ) {
    const r = itemsOf(FIND, argv, from);
    out.push(...r.effects);
    for (const it of r.items) if (it.kind === 'long' && it.name === 'delete') out.push(risk('delete', 'find -delete deletes every file it finds'));
    if (r.unknown || r.rest === undefined) break;
    if (r.ended) {
      from = r.rest;
      continue;
    }
    const last = r.items.filter((it) => it.kind === 'long').pop();
    const name = last?.kind === 'long' ? last.name : '';
    if (name === 'fprintf') {
      out.push(write('fprintf', argv[r.rest] ?? null, 'find -fprintf writes a file'));
      from = r.rest + 2;
      continue;
    }
    let j = r.rest;
    while (j < argv.length && argv[j] !== ';' && !(argv[j] === '+' && argv[j - 1] === '{}')) j++;
    out.push(exec(name, argvOf(argv.slice(r.rest, j)), `find -${name} runs a program for each file found`));
    from = j + 1;
  }
  return out;
}

function rg(argv: readonly Arg[]): Effect[] {
  const { items, effects: out } = itemsOf(RG, argv);
  for (const it of items) {
    if (isLong(it, ['pre'])) out.push(exec('pre', argvOf([valueOf(it)]), 'rg --pre runs a program on every file searched'));
    if (isLong(it, ['hostname-bin'])) out.push(exec('hostname-bin', argvOf([valueOf(it)]), 'rg --hostname-bin runs a program'));
    if (isShort(it, 'z') || isLong(it, ['search-zip']))
      out.push(risk('search-zip', 'rg --search-zip runs decompression programs (gzip, xz, bzip2, …)'));
  }
  return out;
}

function sed(argv: readonly Arg[]): Effect[] {
  const { items, effects: out } = itemsOf(SED, argv);
  const sandbox = items.some((it) => it.kind === 'long' && it.name === 'sandbox');
  const scripts: Arg[] = [];
  let inPlace = false;
  for (const it of items) {
    if (isShort(it, 'e') || isLong(it, ['expression'])) scripts.push(valueOf(it));
    if (isShort(it, 'f') || isLong(it, ['file'])) {
      if (!sandbox) out.push(exec('file', opaque(), 'sed -f reads a script file the classifier cannot inspect'));
      scripts.push('');
    }
    if (isShort(it, 'i') || isLong(it, ['in-place'])) inPlace = true;
  }
  const ops = operands(items);
  if (scripts.length === 0) scripts.push(ops.shift() ?? '');
  if (!sandbox) {
    for (const sc of scripts) {
      if (sc === null) out.push(exec('script', opaque(), 'sed script not known before it runs'));
      else {
        const why = sedScriptDanger(sc);
        if (why) out.push(exec('script', opaque(sc), why));
      }
    }
  }
  if (inPlace) for (const f of ops.length ? ops : [null]) out.push(write('in-place', f, 'sed -i rewrites the files it names'));
  return out;
}

function awk(argv: readonly Arg[]): Effect[] {
  const name = String(argv[0]);
  const { items, effects: out } = itemsOf(AWK, argv);
  const programs: Arg[] = [];
  for (const it of items) {
    if (isShort(it, 'e') || isLong(it, ['source'])) programs.push(valueOf(it));
    if (isShort(it, 'fiE') || isLong(it, ['file', 'include', 'exec'])) {
      out.push(exec('file', opaque(), `${name} -f/-i/-E loads a program file the classifier cannot inspect`));
      programs.push('');
    }
    if (isShort(it, 'l') || isLong(it, ['load'])) out.push(exec('load', opaque(), `${name} -l loads a shared library`));
    if (isShort(it, 'W')) out.push(exec('W', opaque(), `${name} -W options are not inspected`));
    if (isShort(it, 'dDop') || isLong(it, ['dump-variables', 'debug', 'pretty-print', 'profile']))
      out.push(write(it.name, valueOf(it), `${name} writes a report file`));
  }
  if (programs.length === 0) programs.push(operands(items)[0] ?? '');
  for (const p of programs) {
    if (p === null) out.push(exec('program', opaque(), `${name} program not known before it runs`));
    else {
      const why = awkProgramDanger(p);
      if (why) out.push(exec('program', opaque(p), why));
    }
  }
  return out;
}

function sort(argv: readonly Arg[]): Effect[] {
  const { items, effects: out } = itemsOf(SORT, argv);
  for (const it of items) {
    if (isShort(it, 'o') || isLong(it, ['output'])) out.push(write('output', valueOf(it), 'sort -o writes a file'));
    if (isLong(it, ['compress-program']))
      out.push(exec('compress-program', argvOf([valueOf(it)]), 'sort --compress-program runs a program'));
  }
  return out;
}

function tee(argv: readonly Arg[]): Effect[] {
  const { items, effects } = itemsOf(TEE, argv);
  return [...effects, ...operands(items).map((f) => write('', f, 'tee writes the files it names'))];
}

/**
 * GNU tar's options, from `tar --help` (1.34; getopt_long, so unique prefixes). What runs a program
 * (`-I`, `--to-command`, `--info-script`, `--rsh-command`, `--checkpoint-action=exec=`), what writes
 * a file it names (`--index-file`, `--volno-file`, `-g` snapshot files), and what writes outside the
 * folder (`-C` to an absolute or climbing path, `-P` absolute member names) is keyed; an option the
 * table does not know makes the command compound.
 */
const TAR_TABLE = optionTable({
  abbrev: true,
  options: [
    'A|catenate concatenate c|create delete d|diff compare r|append test-label t|list u|update x|extract get check-device',
    'g|listed-incremental=:write G|incremental hole-detection= ignore-failed-read level= no-check-device no-seek n|seek',
    'occurrence=? sparse-version= S|sparse add-file= C|directory= exclude= exclude-backups exclude-caches exclude-caches-all',
    'exclude-caches-under exclude-ignore= exclude-ignore-recursive= exclude-tag= exclude-tag-all= exclude-tag-under= exclude-vcs',
    'exclude-vcs-ignores no-null no-recursion no-unquote no-verbatim-files-from null verbatim-files-from recursion',
    'T|files-from=:read unquote X|exclude-from=:read anchored ignore-case no-anchored no-ignore-case no-wildcards',
    'no-wildcards-match-slash wildcards wildcards-match-slash keep-directory-symlink keep-newer-files k|keep-old-files',
    'no-overwrite-dir one-top-level=? overwrite overwrite-dir recursive-unlink remove-files skip-old-files U|unlink-first',
    'W|verify ignore-command-error no-ignore-command-error O|to-stdout to-command= atime-preserve=? clamp-mtime',
    'delay-directory-restore group= group-map=:read mode= mtime= m|touch no-delay-directory-restore o|no-same-owner',
    'no-same-permissions numeric-owner owner= owner-map=:read p|preserve-permissions same-permissions same-owner sort=',
    's|preserve-order same-order acls no-acls no-selinux no-xattrs selinux xattrs xattrs-exclude= xattrs-include= force-local',
    'f|file= F|info-script= new-volume-script= L|tape-length= M|multi-volume rmt-command=:prog rsh-command=:prog',
    'volno-file=:write b|blocking-factor= B|read-full-records i|ignore-zeros record-size= H|format= old-archive portability',
    'pax-option= posix V|label= a|auto-compress I|use-compress-program= j|bzip2 J|xz lzip lzma lzop no-auto-compress zstd',
    'z|gzip gunzip ungzip Z|compress uncompress backup=? hard-dereference h|dereference K|starting-file= newer-mtime=',
    'N|newer= after-date= one-file-system P|absolute-names suffix= strip-components= transform= xform= checkpoint=?',
    'checkpoint-action= full-time index-file=:write l|check-links no-quote-chars= quote-chars= quoting-style=',
    'R|block-number show-defaults show-omitted-dirs show-snapshot-field-ranges show-transformed-names totals=? utc',
    'v|verbose warning= w|interactive confirmation ?|help restrict usage version',
  ],
  handlers: {
    'use-compress-program': (v) => [exec('use-compress-program', script(v ?? null), 'tar --use-compress-program runs a program')],
    'info-script': (v) => [exec('info-script', script(v ?? null), 'tar --info-script runs a script')],
    'new-volume-script': (v) => [exec('info-script', script(v ?? null), 'tar --new-volume-script runs a script')],
    'to-command': (v) => [exec('to-command', script(v ?? null), 'tar --to-command runs a command for every file')],
    'checkpoint-action': (v) => [
      exec(
        'checkpoint-action',
        typeof v === 'string' && /^exec=/.test(v) ? script(v.slice(5)) : opaque(v ?? null),
        'tar --checkpoint-action can run a command',
      ),
    ],
    // host:file is a remote archive, reached through rsh/ssh (unless --force-local; see tar()).
    file: (v) =>
      v === null || v === undefined || /^[^/]*:/.test(v) ? [exec('file', opaque(), 'tar -f host:file runs a remote shell')] : [],
    directory: (v) =>
      v === null || v === undefined || /^(\/|~)|(^|\/)\.\.(\/|$)/.test(v)
        ? [write('directory', v ?? null, 'tar -C works in a folder outside the project')]
        : [],
    'absolute-names': () => [write('absolute-names', null, 'tar -P keeps absolute member names: extraction can write anywhere')],
  },
});

/** Old-style letters that take a value (each takes the NEXT word, in order: `tar cfI x.tar prog src`). */
const TAR_OLD_VALUE = [...TAR_TABLE.short.values()]
  .filter((d) => d.arity === 'value')
  .map((d) => d.short!)
  .join('');

function tar(argv: readonly Arg[]): Effect[] {
  // Old-style `tar xzf a.tar`: the first word is a cluster of options without a dash, spelled out
  // as separate options so the table reads them.
  let words: Arg[] = [...argv];
  if (typeof words[1] === 'string' && !words[1].startsWith('-')) {
    const spelled: Arg[] = [words[0]!];
    let next = 2;
    for (const letter of words[1]) {
      spelled.push('-' + letter);
      if (TAR_OLD_VALUE.includes(letter) && next < words.length) spelled.push(words[next++]!);
    }
    words = [...spelled, ...words.slice(next)];
  }
  const effects = readOptions(TAR_TABLE, words, 1, String(argv[0])).effects;
  const forceLocal = words.some((w) => typeof w === 'string' && w.length > 4 && '--force-local'.startsWith(w));
  return forceLocal ? effects.filter((e) => e.flag !== 'file') : effects;
}

/** sdiff -o writes the merged file; sdiff/diff3/diff --diff-program runs a program. */
function diffTools(argv: readonly Arg[]): Effect[] {
  const name = String(argv[0]);
  const { items, effects: out } = itemsOf(name === 'diff' ? DIFF : name === 'sdiff' ? SDIFF : DIFF3, argv);
  for (const it of items) {
    if ((isShort(it, 'o') && name !== 'diff') || isLong(it, ['output'])) out.push(write('output', valueOf(it), `${name} -o writes a file`));
    if (isLong(it, ['diff-program'])) out.push(exec('diff-program', argvOf([valueOf(it)]), `${name} --diff-program runs a program`));
  }
  return out;
}

/** yq -i / --inplace rewrites the file it names. */
function yq(argv: readonly Arg[]): Effect[] {
  const { items, effects } = itemsOf(YQ, argv);
  return [
    ...effects,
    ...items
      .filter((it) => isShort(it, 'i') || isLong(it, ['inplace', 'in-place']))
      .map(() => write('inplace', null, 'yq -i rewrites the files it names')),
  ];
}

function zip(argv: readonly Arg[]): Effect[] {
  // `-TT=cmd` / `-TTcmd`: zip also reads the command attached.
  const attached = argv
    .slice(1)
    .flatMap((a) =>
      a !== null && /^-TT./.test(a) ? [exec('unzip-command', script(a.slice(a[3] === '=' ? 4 : 3)), 'zip -TT runs a command')] : [],
    );
  return attached.length > 0 ? attached : zipOptions(argv);
}

function zipOptions(argv: readonly Arg[]): Effect[] {
  const { items, effects } = itemsOf(ZIP, argv);
  return [
    ...effects,
    ...items
      .filter((it) => isLong(it, ['TT', 'unzip-command']))
      .map((it) => exec('unzip-command', script(valueOf(it)), 'zip -TT runs a command to test the archive')),
  ];
}

/** The N-th operand (1-based) is an output file: `uniq in out`, `xxd -r in out`. */
const outputOperand =
  (name: string, n: number, table: OptionTable): Check =>
  (argv) => {
    const { items, effects } = itemsOf(table, argv);
    const ops = operands(items);
    return ops.length >= n ? [...effects, write('', ops[n - 1] ?? null, `${name} writes its output file`)] : effects;
  };

/**
 * fd: `-x`/`-X` take the words up to `;` (or the end) as the command to run for each file found;
 * fd reads its own options again after the `;`.
 */
function fd(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (let from = 1; from < argv.length;) {
    const r = itemsOf(FD, argv, from);
    out.push(...r.effects);
    if (r.rest === undefined || r.ended) break;
    let j = r.rest;
    while (j < argv.length && argv[j] !== ';') j++;
    out.push(exec('exec', argvOf(argv.slice(r.rest, j)), 'fd --exec runs a program for each file found'));
    from = j + 1;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Text tools.

/** dd's operands are KEY=VALUE (textOptions.ts DD_OPERANDS): `of=` writes a file; a key dd does not know is compound. */
function dd(argv: readonly Arg[]): Effect[] {
  const { items, effects } = itemsOf(DD, argv);
  for (const it of items) {
    if (it.kind !== 'operand') continue;
    const eq = it.value === null ? -1 : it.value.indexOf('=');
    const key = it.value === null || eq < 0 ? undefined : it.value.slice(0, eq);
    if (key === undefined || !DD_OPERANDS.has(key)) effects.push(unknown('dd', it.value));
    else if (key === 'of') effects.push(write('of', it.value!.slice(eq + 1), 'dd of= writes a file'));
  }
  return effects;
}

/**
 * The file utilities (cp, mv, ln, install, rm, touch …): every option read with the program's
 * table (an unknown one is compound; install --strip-program names a program). The files they
 * write, delete or move are fileTargets.ts's, read from the same table's items.
 */
const fileUtilities: Readonly<Record<string, Check>> = Object.fromEntries(
  Object.entries(FILE_UTILITY_TABLES).map(([name, table]) => [name, (argv: readonly Arg[]) => itemsOf(table, argv).effects]),
);

const effects: Readonly<Record<string, Check>> = {
  ...fileUtilities,
  find,
  gfind: find,
  fd,
  fdfind: fd,
  rg,
  sed,
  gsed: sed,
  awk,
  gawk: awk,
  mawk: awk,
  nawk: awk,
  sort,
  gsort: sort,
  base64: outputOption('base64', BASE64),
  basenc: outputOption('basenc', BASENC),
  tee,
  dd,
  tar,
  gtar: tar,
  bsdtar: tar,
  // split --filter runs a shell command for every piece.
  split: (argv) => {
    const { items, effects } = itemsOf(SPLIT, argv);
    return [
      ...effects,
      ...items
        .filter((it) => isLong(it, ['filter']))
        .map((it) => exec('filter', script(valueOf(it)), 'split --filter runs a shell command for every piece')),
    ];
  },
  uniq: outputOperand('uniq', 2, UNIQ),
  xxd: outputOperand('xxd', 2, XXD),
  shuf: outputOption('shuf', SHUF),
  iconv: outputOption('iconv', ICONV),
  zip,
  sdiff: diffTools,
  diff3: diffTools,
  diff: diffTools,
  yq,
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
/**
 * sed and awk: read with their tables (textOptions.ts), without the default's checks on top: their
 * first operand is a program text (`/x/d`, `'/ERROR/ {n++}'`) the default would read as an absolute
 * path. Their checks read the options that write or run (sed -i/w/e, awk system()/getline/-f); a
 * file they only read is read as cat reads it.
 */
const SCRIPT_FIRST = ['sed', 'gsed', 'awk', 'gawk', 'mawk', 'nawk'];
/** Read with their tables (textOptions.ts), and the default's checks on top: their operands are files. */
const FILE_OPERANDS = [
  'rg',
  'sort',
  'gsort',
  'tee',
  'split',
  'uniq',
  'xxd',
  'shuf',
  'iconv',
  'base64',
  'basenc',
  'zip',
  'sdiff',
  'diff3',
  'diff',
  'yq',
  'fd',
  'fdfind',
  'find',
  'gfind',
  'dd',
  ...Object.keys(FILE_UTILITY_TABLES),
];

const EXAMPLES: Readonly<Record<string, Examples>> = {
  cp: {
    match: [
      ['cp --frobnicate a b', '#unknown_option'],
      ['cp -t ../out a', '#outside-../out'],
      ['cp --target=../out a', '#outside'],
      ['cp -r src /tmp/x', '#outside-/tmp/x'],
    ],
    notMatch: ['cp -r src dist', 'cp -a --parents src/a.ts build', 'cp -t build a b', 'cp --target-dir=build a'],
  },
  mv: {
    match: [
      ['mv --frobnicate a b', '#unknown_option'],
      ['mv -t ~/x a', '#outside'],
      ['mv --target-directory=../x a', '#outside'],
    ],
    notMatch: ['mv a.txt b.txt', 'mv -f -S .bak a b', 'mv --backup=numbered a b'],
  },
  ln: {
    match: [
      ['ln -s /etc/passwd p', '#outside-/etc/passwd'],
      ['ln --frobnicate a b', '#unknown_option'],
      ['ln -sf --target-directory=../x a', '#outside'],
    ],
    notMatch: ['ln -sf lib/a.js a.js', 'ln -sfn build current', 'ln -s -r dist/a link'],
  },
  install: {
    match: [
      ['install -s --strip-program=./evil a b', '#strip_program-[-./evil-]'],
      ['install --strip-prog ./evil -s a b', '#strip_program'],
      ['install -m 755 a /usr/local/bin/a', '#outside'],
    ],
    notMatch: ['install -m 644 a.conf build/a.conf', 'install -d -m 755 build/bin', 'install -D -t build/bin a'],
  },
  rm: {
    match: [
      ['rm -rf ../x', '#outside-../x'],
      ['rm --frobnicate x', '#unknown_option'],
      ['rm -r --no-preserve-root /', '#outside'],
    ],
    notMatch: ['rm -rf build', 'rm -f a.log b.log', 'rm --interactive=never -r dist'],
  },
  rmdir: { match: [['rmdir ../x', '#outside'], ['rmdir -x a', '#unknown_option']], notMatch: ['rmdir -p a/b/c', 'rmdir --ignore-fail dist'] },
  unlink: { match: [['unlink ../x', '#outside'], ['unlink -f x', '#unknown_option']], notMatch: ['unlink a.lock', 'unlink -- -x'] },
  touch: {
    match: [
      ['touch ../x', '#outside'],
      ['touch -r /etc/passwd x', '#outside-/etc/passwd'],
      ['touch --ref=/etc/passwd x', '#outside'],
    ],
    notMatch: ['touch a.txt', 'touch -d "2024-01-01" -c a', 'touch -t 202401010000 a'],
  },
  truncate: {
    match: [['truncate -s 0 ../log', '#outside'], ['truncate --frob 0 x', '#unknown_option']],
    notMatch: ['truncate -s 0 app.log', 'truncate --size=10M big.bin'],
  },
  shred: {
    match: [['shred -u ../x', '#outside'], ['shred --random-source=../k -n 1 x', '#outside'], ['shred -Q x', '#unknown_option']],
    notMatch: ['shred -u secret.txt', 'shred -n 3 -z --remove=wipe f'],
  },
  sort: {
    match: [
      ['sort -o ../out f', '#output->-../out-#outside'],
      ['sort --output=../out f', '#outside'],
    ],
    notMatch: ['sort f'],
  },
  tee: { match: [['tee ../x', '#outside-../x']] },
  split: { match: [['split -b 1k ../big part', '#outside-../big']], notMatch: ['split -b 1k big part'] },
  uniq: { match: [['uniq in ../out', '#outside-../out']], notMatch: ['uniq in'] },
  shuf: { match: [['shuf -o ../o f', '#outside-../o']], notMatch: ['shuf f'] },
  iconv: { match: [['iconv -o ../o -f latin1 f', '#outside-../o']], notMatch: ['iconv -f latin1 -t utf-8 f'] },
  base64: { match: [['base64 -d ../x', '#outside-../x']], notMatch: ['base64 f'] },
  basenc: { match: [['basenc --base64 ../x', '#outside-../x']], notMatch: ['basenc --base64 f'] },
  xxd: { match: [['xxd -r f ../o', '#outside-../o']], notMatch: ['xxd f'] },
  zip: { match: [['zip -TT "sh -c id" -T a.zip f', '#unzip_command-[-sh']], notMatch: ['zip a.zip f'] },
  diff: { match: [['diff --to-file=../x f', '#outside']], notMatch: ['diff a b'] },
  sdiff: { match: [['sdiff -o ../o a b', '#output->-../o']], notMatch: ['sdiff a b'] },
  diff3: { match: [['diff3 a b ../c', '#outside-../c']], notMatch: ['diff3 a b c'] },
  yq: { match: [['yq -i .a=1 ../f.yaml', '#inplace']], notMatch: ['yq .a f.yaml'] },
  rg: { match: [['rg --pre sh x', '#pre-[-sh']], notMatch: ['rg x src'] },
  fd: { match: [['fd -x rm', '#exec-[-rm-]']], notMatch: ['fd name src'] },
  fdfind: { match: [['fdfind -x rm', '#exec-[-rm-]']], notMatch: ['fdfind name src'] },
  awk: { match: [['awk -f ../p.awk f', '#file']], notMatch: ["awk '{print}' f"] },
  gfind: {
    match: [
      ['gfind . -exec rm {} ;', '#exec-[-rm-]'],
      ['gfind . -frobnicate', '#unknown_option'],
    ],
    notMatch: ['gfind . -name x', 'gfind src -type f -newermt 2024-01-01'],
  },
  dd: {
    match: [
      ['dd if=a of=../x', '#of->-../x'],
      ['dd if=../secret of=copy', '#outside-if=../secret'],
      ['dd frob=1 if=a', '#unknown_option'],
      ['dd -x if=a', '#unknown_option'],
    ],
    notMatch: ['dd if=disk.img bs=1M count=1 status=progress', 'dd if=a.bin ibs=512 skip=1 conv=notrunc,sync iflag=fullblock'],
  },
  gsed: { match: [['gsed -i s/a/b/ f', '#in_place']], notMatch: ['gsed s/a/b/ f'] },
  gawk: { match: [['gawk \'BEGIN{system("id")}\'', '#program']], notMatch: ["gawk '{print}' f"] },
  mawk: { match: [['mawk \'BEGIN{system("id")}\'', '#program']], notMatch: ["mawk '{print}' f"] },
  nawk: { match: [['nawk \'BEGIN{system("id")}\'', '#program']], notMatch: ["nawk '{print}' f"] },
  gsort: { match: [['gsort -o out f', '#output->-out']], notMatch: ['gsort f'] },
  gtar: { match: [['gtar --to-command=sh -xf x.tar', '#to_command']], notMatch: ['gtar -xf x.tar'] },
  bsdtar: { match: [['bsdtar --to-command=sh -xf x.tar', '#to_command']], notMatch: ['bsdtar -xf x.tar'] },
  find: {
    match: [
      ['find . -exec rm {} ;', '#exec-[-rm-]'],
      ['find . -execdir sh -c x {} +', '#execdir-[-sh'],
      ['find -- . -ok rm {} ;', '#ok-[-rm-]'],
      ['find . -fprintf out %p -exec id ;', '#exec-[-id-]'],
      ['find . -fls ../x', '#fls->-../x'],
      ['find . -name x -delete', '#delete'],
      ['find . -frobnicate', '#unknown_option'],
    ],
    notMatch: [
      'find . -name x',
      "find src -type f -name '*.ts' -mtime -7 -print0",
      "find . -maxdepth 2 -not -path './node_modules/*' -iname '*.md'",
      "find . '(' -name a -o -name b ')' -prune -o -print",
    ],
  },
  sed: { match: [['sed -i s/a/b/ f', '#in_place->-f']], notMatch: ['sed s/a/b/ f'] },
  tar: { match: [['tar --to-command=sh -xf x.tar', '#to_command-[-sh']], notMatch: ['tar -xf x.tar'] },
};

export const RULES: readonly ProgramRule[] = rules(
  'coreutils',
  {
    effects,
    allowlist: ['tar', 'gtar', 'bsdtar', ...SCRIPT_FIRST, ...FILE_OPERANDS],
    withDefaults: FILE_OPERANDS,
  },
  EXAMPLES,
);
