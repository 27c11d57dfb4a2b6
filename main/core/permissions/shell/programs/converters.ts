/**
 * Converters, filters and viewers whose options or file names run programs or code (issue 25: the
 * families the held-out sets reached): postcss `--use`, Miller `--prepipe`, ugrep `--filter`,
 * exiftool `-if`/`-config`, ImageMagick's `|command` file names, Ghostscript without `-dSAFER`,
 * Blender `--python-expr`, vifm `-c`/`+cmd`, Kakoune `-e`, actionlint `-shellcheck`/`-pyflakes`,
 * borg `--rsh`, and the lock and secret runners (consul lock, etcdctl lock). Each is read by its own
 * check on top of the default for a program without a spec (noSpec.ts: paths outside the project,
 * code by URL, options named for running things). pandoc's `--filter` is fixed in the spec layer
 * (specs/overrides.ts).
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, type Effect } from '../effects.js';
import { opaque, script, wordOptions } from './kit.js';
import { rules, type Check, type Examples, type ProgramRule } from './rule.js';

/**
 * ImageMagick opens a file name that starts with `|` as a pipe to a shell command (MagickCore
 * blob.c OpenBlob; CVE-2016-5118), in every tool of the suite, for input and output alike.
 */
const magick: Check = (argv) =>
  argv
    .slice(1)
    .flatMap((a) =>
      a === null || /^\s*\|/.test(a)
        ? [
            exec(
              'pipe',
              script(a === null ? null : a.replace(/^\s*\|/, '')),
              `${String(argv[0])} opens a "|command" file name as a pipe to a shell command`,
            ),
          ]
        : [],
    );

/**
 * Ghostscript: `-dNOSAFER` (and `-dDELAYSAFER`, `-dSAFER=false`) turns the sandbox off, so a
 * PostScript file can open `%pipe%cmd` and run it (Ghostscript "Use.htm", "-dNOSAFER").
 */
const ghostscript: Check = (argv) =>
  argv
    .slice(1)
    .flatMap((a) =>
      a === null || /^-d(NOSAFER|DELAYSAFER|SAFER=(false|0))\b/i.test(a) || /^--permit-file-(all|control|writing)/.test(a)
        ? [exec('nosafer', opaque(a), 'gs without -dSAFER lets the document run %pipe% commands and write any file')]
        : [],
    );

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
  magick: { match: [["magick '|id' out.png", '#pipe-[-id-]']], notMatch: ['magick in.png -resize 50% out.png'] },
  convert: { match: [["convert in.png '|sh -c id'", '#pipe']], notMatch: ['convert in.png out.jpg'] },
  mogrify: { match: [["mogrify '|id'", '#pipe']], notMatch: ['mogrify -resize 50% a.png'] },
  identify: { match: [["identify '|id'", '#pipe']], notMatch: ['identify a.png'] },
  montage: { match: [["montage a.png '|id'", '#pipe']], notMatch: ['montage a.png b.png out.png'] },
  composite: { match: [["composite a.png b.png '|id'", '#pipe']], notMatch: ['composite a.png b.png out.png'] },
  gs: { match: [['gs -dNOSAFER x.ps', '#nosafer']], notMatch: ['gs -dSAFER -dBATCH -sDEVICE=png16m -o out.png in.pdf'] },
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

export const RULES: readonly ProgramRule[] = rules('converters', { effects }, EXAMPLES);
