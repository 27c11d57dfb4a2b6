/**
 * Converters, filters and viewers whose options or file names run programs or code (issue 25: the
 * families the held-out sets reached). ImageMagick's tools and Ghostscript read every option with a
 * table (magickOptions.ts; gs's below): an option they do not define is compound. ImageMagick's
 * `|command` file names, `msl:`, `ephemeral:`, `@file`, `-script`, `-define delegate:`; Ghostscript
 * without `-dSAFER`, `%pipe%` outputs, `-I`. The others (postcss `--use`, Miller `--prepipe`, ugrep
 * `--filter`, exiftool `-if`/`-config`, Blender `--python-expr`, vifm `-c`/`+cmd`, Kakoune `-e`,
 * actionlint `-shellcheck`/`-pyflakes`, borg `--rsh`, consul lock, etcdctl lock) are read by their
 * own checks on top of the default for a program without a spec (noSpec.ts). pandoc's `--filter` is
 * fixed in the spec layer (specs/overrides.ts).
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, risk, write, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { MAGICK, PLUS } from './magickOptions.js';
import { optionTable, readItems, unknown, useEffects, type OptionHandler } from './optionTable.js';
import { opaque, outsideProject, script, valueOf, wordOptions } from './kit.js';
import { rules, type Check, type Examples, type ProgramRule } from './rule.js';

/** The tools `magick TOOL …` runs (ImageMagick 7's one binary); `conjure` runs Magick Scripting Language files. */
const MAGICK_TOOLS = new Set('animate compare composite conjure convert display identify import mogrify montage stream'.split(' '));

/**
 * What an ImageMagick word names, in any tool and any position (magick(1), "Input Filename";
 * MagickCore blob.c OpenBlob): `|command` is a pipe to a shell command (CVE-2016-5118), `msl:` and
 * a `.msl` file a Magick Scripting Language script (which reads and writes any file), `ephemeral:`
 * a file deleted once read.
 */
function magickWord(name: string, a: string | null): Effect[] {
  if (a === null) return [exec('pipe', script(null), `${name}: a word known only at run time may be a "|command" file name`)];
  if (/^\s*\|/.test(a))
    return [exec('pipe', script(a.replace(/^\s*\|/, '')), `${name} opens a "|command" file name as a pipe to a shell command`)];
  if (/^msl:|\.msl(\[[^\]]*\])?$/i.test(a))
    return [exec('msl', opaque(a), `${name} runs a Magick Scripting Language file, which reads and writes any file`)];
  if (/^ephemeral:/i.test(a)) return [write('ephemeral', a.slice(10), `${name} deletes an ephemeral: file once it has read it`)];
  return [];
}

/**
 * ImageMagick's tools: every option read with the suite's table (magickOptions.ts), `+option`
 * words with `PLUS`, and every word for the file names above. An operand `@file` is a list of
 * file names (or arguments) read from the file: what it names is known only at run time.
 */
const magick: Check = (argv) => {
  const name = String(argv[0]);
  let from = 1;
  const tool = argv[1];
  if (name === 'magick' && typeof tool === 'string' && MAGICK_TOOLS.has(tool)) {
    if (tool === 'conjure') return [exec('msl', opaque(), 'magick conjure runs Magick Scripting Language files')];
    from = 2;
  }
  const r = readItems(MAGICK, argv, from, name);
  const out = [...r.effects];
  const at = { where: name };
  for (let k = 0; k < r.items.length; k++) {
    const it = r.items[k]!;
    if (it.kind !== 'operand' || it.value === null) continue;
    const w = it.value;
    if (/^\+[A-Za-z]/.test(w)) {
      const def = PLUS.long.get(w.slice(1));
      if (!def) out.push(unknown(name, w));
      else if (def.arity === 'value') {
        const next = r.items[k + 1];
        out.push(...useEffects(def, next?.kind === 'operand' ? next.value : null, w, PLUS, at));
        k++;
      }
    } else if (w.startsWith('@') && w.length > 1)
      out.push(exec('argfile', opaque(w), `${name} ${w} reads file names or arguments from a file`));
  }
  for (let i = from; i < argv.length; i++) out.push(...magickWord(name, argv[i] ?? null));
  return out;
};

/**
 * Ghostscript's options (gs(1) and Ghostscript's "Use.htm", "Command line options"; imainarg.c):
 * `-dNAME[=v]`/`-DNAME`, `-sNAME=v`/`-SNAME`, `-rRES`, `-gWxH`, `-Idirs`, `-fFILE`, `-o FILE`,
 * `-c` (PostScript up to the next option), `-q`, `-P[-]`, debug and memory letters, the
 * `--permit-*` and `--debug` long options, `--` (the rest: a file and its arguments). What is keyed:
 * `-dNOSAFER` (and `-dDELAYSAFER`, `-dSAFER=false`) and `--permit-file-*` turn the sandbox off, so
 * a PostScript file can open `%pipe%cmd` and write any file; an output file named `|cmd` or
 * `%pipe%cmd` runs a command; `-I` and the resource folders (`-sGenericResourceDir=`, `FONTPATH`)
 * load the PostScript that sets the sandbox up; `@file` reads arguments from a file; a document
 * or output outside the project is keyed (the default's path rule, read here on the values, since
 * `-sOutputFile=out/x.pdf` is one word).
 */
const nosafer: OptionHandler = (v, typed) =>
  v === null || v === undefined || /^(NOSAFER|DELAYSAFER|NOSAFETY)\b|^SAFER=(false|0)\b/i.test(v)
    ? [exec('nosafer', opaque(typed), 'gs without -dSAFER lets the document run %pipe% commands and write any file')]
    : [];
const gsOutput = (v: Arg, typed: string): Effect[] => {
  if (v === null || /^\s*(\||%pipe%)/i.test(v))
    return [exec('pipe', script(v === null ? null : v.replace(/^\s*(\||%pipe%)/i, '')), `gs ${typed} pipes the output to a command`)];
  return outsideProject(v) ? [write('o', v, `gs ${typed} writes a file outside the project`)] : [];
};
const gsString: OptionHandler = (v, typed) => {
  if (v === null || v === undefined) return [exec('s', opaque(typed), 'gs: a setting known only at run time')];
  const eq = v.indexOf('=');
  const key = eq < 0 ? v : v.slice(0, eq);
  const value = eq < 0 ? '' : v.slice(eq + 1);
  if (/^(OutputFile|stdout)$/i.test(key)) return gsOutput(value, typed);
  if (/(Dir|PATH|FONTMAP|Resource)$/i.test(key))
    return [exec('resources', opaque(value), `gs ${typed} loads PostScript resources from where it names`)];
  return [];
};
const permits: OptionHandler = (v, typed) => [
  exec('nosafer', opaque(v ?? null), `gs ${typed} lets the document reach files or devices past the sandbox`),
];
const GS = optionTable({
  options:
    'd* D* s* S* r* g* I*:load f* P* K* M* N* B* Z* A* E* T* c| q| h| ?| o|= _| +| v| ' +
    'permit-file-read= permit-file-write= permit-file-control= permit-file-all= permit-devices= ' +
    'debug=? saved-pages=? saved-pages-test help version',
  handlers: {
    d: nosafer,
    D: nosafer,
    s: gsString,
    S: gsString,
    o: (v, typed) => gsOutput(v ?? null, typed),
    ...Object.fromEntries(['file-read', 'file-write', 'file-control', 'file-all', 'devices'].map((k) => [`permit-${k}`, permits])),
  },
});
const ghostscript: Check = (argv) => {
  const r = readItems(GS, argv, 1, 'gs');
  for (const it of r.items) {
    const file = it.kind === 'operand' ? it.value : it.kind === 'long' && it.name === 'f' ? valueOf(it) : undefined;
    if (file === undefined || file === null) continue;
    if (file.startsWith('@')) r.effects.push(exec('argfile', opaque(file), `gs ${file} reads arguments from a file`));
    else if (outsideProject(file)) r.effects.push(risk('outside', `gs runs a file outside the project: ${file}`, file));
  }
  return r.effects;
};

/** exiftool: `-if EXPR` and `${TAG;EXPR}` in `-p` are Perl expressions; `-config FILE` is Perl code (exiftool(1)). */
const exiftool: Check = (argv) => {
  const out: Effect[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? null;
    const v = argv[i + 1] ?? null;
    if (a === null) out.push(exec('arg', opaque(), 'exiftool: an argument known only at run time may be a Perl expression'));
    else if (/^-if\d*$/i.test(a)) out.push(exec('if', opaque(v), 'exiftool -if evaluates a Perl expression'));
    else if (/^-config$/i.test(a)) out.push(exec('config', opaque(v), 'exiftool -config loads a Perl configuration file'));
    else if (/^-(p|printFormat)$/i.test(a) && (v === null || v.includes(';')))
      out.push(exec('p', opaque(v), 'exiftool -p ${TAG;EXPR} evaluates Perl expressions'));
    else if (/^-api$/i.test(a) && (v === null || /^filter/i.test(v)))
      out.push(exec('api', opaque(v), 'exiftool -api Filter= evaluates Perl'));
    else if (/\$\{[^}]*;/.test(a)) out.push(exec('expr', opaque(a), 'exiftool ${TAG;EXPR} evaluates a Perl expression'));
  }
  return out;
};

/** vifm: `-c CMD` and `+CMD` run vifm commands on start, and `:!cmd` runs a shell command (vifm(1)). */
const vifm: Check = (argv) =>
  argv.flatMap((a, i) =>
    i > 0 && (a === null || a === '-c' || /^\+./.test(a))
      ? [exec('c', opaque(a === '-c' ? (argv[i + 1] ?? null) : a), 'vifm -c/+cmd runs vifm commands, which include :!shell')]
      : [],
  );

/** `consul lock PREFIX CMD…` and `etcdctl lock NAME CMD…` run the command while they hold the lock. */
const lockRunner =
  (name: string): Check =>
  (argv) => {
    const at = argv.indexOf('lock');
    if (at < 0) return argv.some((a) => a === null) ? [exec('lock', opaque(), `${name}: a word known only at run time may be lock`)] : [];
    const operands = argv.slice(at + 1).filter((a) => a === null || !a.startsWith('-'));
    return operands.length > 1 ? [exec('lock', opaque(), `${name} lock runs the command it is given while it holds the lock`)] : [];
  };

const effects: Readonly<Record<string, Check>> = {
  // postcss-cli: `-u, --use` names plugins (modules it loads), `--config` a config module.
  postcss: wordOptions('postcss', [
    ['--use', 'load'],
    ['-u', 'load', true],
  ]),
  // Miller 6: `--prepipe CMD`/`--prepipex CMD` run a shell command to read each input file.
  mlr: wordOptions('mlr', [
    ['--prepipe', 'exec'],
    ['--prepipex', 'exec'],
  ]),
  // ugrep: `--filter=COMMANDS` runs a command for each file of a matching suffix.
  ugrep: wordOptions('ugrep', [['--filter', 'exec']]),
  // actionlint (Go flag: one or two dashes): the shellcheck and pyflakes programs it runs.
  actionlint: wordOptions('actionlint', [
    ['-shellcheck', 'exec'],
    ['--shellcheck', 'exec'],
    ['-pyflakes', 'exec'],
    ['--pyflakes', 'exec'],
  ]),
  // Blender: `--python-expr` runs inline Python; `--python-text` a text block of the .blend file.
  blender: wordOptions('blender', [
    ['--python-expr', 'exec'],
    ['--python-text', 'exec'],
  ]),
  // Kakoune: `-e CMDS` runs commands on start, `%sh{…}` in them a shell.
  kak: wordOptions('kak', [
    ['-e', 'exec'],
    ['-E', 'exec'],
  ]),
  // borg: `--rsh RSH` is the command that reaches the remote repository.
  borg: wordOptions('borg', [['--rsh', 'exec']]),
  // chokidar-cli: `-c, --command CMD` runs on every change; watchman-make: `-r, --run CMD`.
  chokidar: wordOptions('chokidar', [
    ['-c', 'exec'],
    ['--command', 'exec'],
  ]),
  'watchman-make': wordOptions('watchman-make', [
    ['-r', 'exec'],
    ['--run', 'exec'],
  ]),
  magick,
  convert: magick,
  mogrify: magick,
  identify: magick,
  montage: magick,
  composite: magick,
  gs: ghostscript,
  exiftool,
  vifm,
  consul: lockRunner('consul'),
  etcdctl: lockRunner('etcdctl'),
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  postcss: { match: [['postcss --use evil-plugin in.css', '#use']], notMatch: ['postcss src/in.css -o dist/out.css'] },
  mlr: { match: [["mlr --prepipe 'sh -c id' cat x.csv", '#prepipe']], notMatch: ['mlr --icsv --ojson cat x.csv'] },
  ugrep: { match: [["ugrep --filter='txt:sh -c id' pat", '#filter']], notMatch: ['ugrep -r pat src'] },
  actionlint: { match: [['actionlint -shellcheck=evil', '#shellcheck']], notMatch: ['actionlint -color'] },
  blender: { match: [["blender -b --python-expr 'import os'", '#python_expr']], notMatch: ['blender -b scene.blend -a'] },
  kak: { match: [["kak -e 'nop %sh{id}'", '#e']], notMatch: ['kak notes.txt'] },
  borg: { match: [["borg --rsh 'sh -c id' list repo", '#rsh']], notMatch: ['borg list repo'] },
  chokidar: { match: [["chokidar '*.js' -c 'sh -c id'", '#c']], notMatch: ["chokidar '*.js'"] },
  'watchman-make': { match: [["watchman-make -p '*.c' --run 'sh -c id'", '#run']], notMatch: ["watchman-make -p '*.c' -t all"] },
  magick: {
    match: [
      ["magick '|id' out.png", '#pipe-[-id-]'],
      ["magick in.png -write '|id' out.png", '#pipe'],
      ['magick in.png -script s.txt', '#script'],
      ['magick -define delegate:png=x a.png b.png', '#delegate'],
      ['magick in.png -set option:delegate:png x out.png', '#delegate'],
      ['magick msl:x.msl', '#msl'],
      ['magick x.msl out.png', '#msl'],
      ['magick conjure x.msl', '#msl'],
      ['magick ephemeral:a.png out.png', '#ephemeral'],
      ['magick @list.txt out.pdf', '#argfile'],
      ['magick in.png +write ../x.png out.png', '#outside'],
      ['magick in.png -frob out.png', '#unknown_option'],
      ['magick in.png +frob out.png', '#unknown_option'],
    ],
    notMatch: [
      'magick in.png -resize 50% out.png',
      'magick in.png -auto-orient -thumbnail 200x200^ -gravity center -extent 200x200 out.png',
      'magick -define jpeg:quality=90 a.png b.jpg',
      'magick in.png -annotate +10+10 Hi out.png',
    ],
  },
  convert: {
    match: [
      ["convert in.png '|sh -c id'", '#pipe'],
      ['convert ../x.png out.png', '#outside'],
      ['convert in.png -write msl:x.msl out.png', '#msl'],
    ],
    notMatch: [
      'convert in.png out.jpg',
      'convert -density 300 in.pdf -quality 90 out.png',
      'convert a.png -crop 100x100+10+10 +repage out.png',
    ],
  },
  mogrify: {
    match: [
      ["mogrify '|id'", '#pipe'],
      ['mogrify -path /tmp/out -resize 50% a.png', '#outside'],
    ],
    notMatch: ['mogrify -resize 50% a.png', 'mogrify -format jpg -quality 85 a.png'],
  },
  identify: {
    match: [
      ["identify '|id'", '#pipe'],
      ['identify /etc/x.png', '#outside'],
    ],
    notMatch: ['identify a.png', 'identify -format "%w %h" a.png'],
  },
  montage: {
    match: [
      ["montage a.png '|id'", '#pipe'],
      ['montage a.png -frob out.png', '#unknown_option'],
    ],
    notMatch: ['montage a.png b.png out.png', 'montage a.png b.png -tile 2x1 -geometry +2+2 out.png'],
  },
  composite: {
    match: [
      ["composite a.png b.png '|id'", '#pipe'],
      ['composite ../a.png b.png out.png', '#outside'],
    ],
    notMatch: ['composite a.png b.png out.png', 'composite -gravity center a.png b.png out.png'],
  },
  gs: {
    match: [
      ['gs -dNOSAFER x.ps', '#nosafer'],
      ['gs -DNOSAFER x.ps', '#nosafer'],
      ['gs -dSAFER=false x.ps', '#nosafer'],
      ['gs --permit-file-read=/ x.ps', '#nosafer'],
      ['gs -sOutputFile=%pipe%id in.ps', '#pipe-[-id-]'],
      ["gs -o '|id' in.ps", '#pipe-[-id-]'],
      ['gs -I ./lib x.ps', '#I'],
      ['gs -Ilib x.ps', '#I'],
      ['gs -sGenericResourceDir=./r x.ps', '#resources'],
      ['gs -o ../x.pdf in.ps', '#o'],
      ['gs -f ../x.ps', '#outside'],
      ['gs @args.txt', '#argfile'],
      ['gs --frob x.ps', '#unknown_option'],
    ],
    notMatch: [
      'gs -dSAFER -dBATCH -sDEVICE=png16m -o out.png in.pdf',
      'gs -q -dNOPAUSE -dBATCH -sDEVICE=pdfwrite -sOutputFile=out/x.pdf in.ps',
      'gs -sDEVICE=pdfwrite -dPDFSETTINGS=/ebook -o out.pdf in.pdf',
    ],
  },
  exiftool: {
    match: [
      ['exiftool -if \'system("id")\' x.jpg', '#if'],
      ['exiftool -config cfg.pl x.jpg', '#config'],
    ],
    notMatch: ['exiftool -Model x.jpg'],
  },
  vifm: {
    match: [
      ["vifm -c '!id'", '#c'],
      ["vifm '+!id'", '#c'],
    ],
    notMatch: ['vifm src'],
  },
  consul: { match: [["consul lock locks/x 'sh -c id'", '#lock']], notMatch: ['consul members'] },
  etcdctl: { match: [['etcdctl lock m sh -c id', '#lock']], notMatch: ['etcdctl get foo'] },
};

/** Read whole with an option table; their operands are files, so the default's path checks apply too. */
const WITH_DEFAULTS = ['magick', 'convert', 'mogrify', 'identify', 'montage', 'composite'];

export const RULES: readonly ProgramRule[] = rules(
  'converters',
  { effects, allowlist: [...WITH_DEFAULTS, 'gs'], withDefaults: WITH_DEFAULTS },
  EXAMPLES,
);
