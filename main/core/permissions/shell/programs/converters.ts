/**
 * Converters, filters and viewers whose options or file names run programs or code (issue 25: the
 * families the held-out sets reached). Each is read whole with a table from its own parser or help
 * (magickOptions.ts, converterOptions.ts, Ghostscript's below): an option it does not define is
 * compound. On top: ImageMagick's `|command` file names, `msl:`, `ephemeral:`, `@file`, `-script`,
 * `-define delegate:`; Ghostscript without `-dSAFER`, `%pipe%` outputs, `-I`; Blender's Python
 * options; ugrep `--filter`; Miller's `--prepipe` and DSL; Kakoune `-e`; vifm `-c`/`+cmd`;
 * actionlint `-shellcheck`; postcss `--use`; chokidar `-c`; watchman-make `--run`; etcdctl `lock`
 * and `watch` commands. exiftool reads its own way (every other `-WORD` is a tag). borg `--rsh`
 * and `consul lock` are still word checks on top of the default (noSpec.ts). pandoc's `--filter`
 * is fixed in the spec layer (specs/overrides.ts).
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, risk, write, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { ACTIONLINT, BLENDER, CHOKIDAR, ETCDCTL, KAK, MLR, MLR_VERBS, POSTCSS, UGREP, VIFM, WATCHMAN_MAKE } from './converterOptions.js';
import { MAGICK, PLUS } from './magickOptions.js';
import { noSpecEffects } from './noSpec.js';
import { optionTable, readItems, readOptions, unknown, useEffects, type OptionHandler } from './optionTable.js';
import { argvOf, opaque, outsideProject, script, valueOf, wholeWords, wordOptions } from './kit.js';
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

/**
 * Blender: every option read with its table (converterOptions.ts); the words after `--` are a
 * script's. A .blend file or render output outside the project is keyed; `//` starts a path
 * relative to the .blend file (`-o //render_`), not the root.
 */
const blender: Check = (argv) => {
  const r = readItems(BLENDER, argv, 1, 'blender');
  const outside = (p: Arg): boolean => p === null || (!p.startsWith('//') && outsideProject(p));
  for (const it of r.items) {
    const path =
      it.kind === 'operand'
        ? it.value
        : it.kind !== 'dynamic' && (it.name === 'render-output' || it.name === 'o')
          ? valueOf(it)
          : undefined;
    if (path !== undefined && outside(path))
      r.effects.push(risk('outside', `blender is given a path outside the project: ${path ?? '?'}`, path));
  }
  return r.effects;
};

/**
 * ugrep (and `ug`): every option read with its table; a `--filter` named in a configuration
 * (`--config`, `---FILE`) is keyed by the table as loading it.
 */
const ugrep: Check = (argv) => readOptions(UGREP, argv, 1, String(argv[0])).effects;

/**
 * Miller's DSL (`put`, `filter`): `system()` and `exec()` run commands, and output redirects write
 * files or pipe to a command (`tee > "x.csv", $*`, `print | "cmd", …`, `emit > …`, `dump > …`).
 */
const MLR_DSL_RUNS = /\b(system|exec)\s*\(|\b(tee|emit|emitp|emit1|emitf|print|printn|eprint|eprintn|dump|edump)\s*(>>?|\|)/;

/**
 * Miller: the main flags with their table (converterOptions.ts), then the verb chain
 * (`VERB args then VERB args … files`): each verb must be one Miller has; `put`/`filter`
 * expressions are read for the DSL's commands and redirects (`-f`/`-s` files of DSL are loaded
 * code), `tee` and `split` write files, `repl` runs DSL typed at it. Verbs' own options are not
 * tabled: their words meet the default's path checks.
 */
const mlr: Check = (argv) => {
  const r = readOptions(MLR, argv, 1, 'mlr');
  if (r.unknown || r.rest === undefined) return r.effects;
  const out = [...r.effects];
  let verb = true;
  let current = '';
  for (let i = r.rest; i < argv.length; i++) {
    const w = argv[i] ?? null;
    if (verb) {
      verb = false;
      if (w === null || !MLR_VERBS.has(w)) {
        out.push(unknown('mlr', w));
        return out;
      }
      current = w;
      if (w === 'tee' || w === 'split') out.push(write(w, null, `mlr ${w} writes the files it names (tee -p pipes to a command)`));
      if (w === 'repl') out.push(exec('repl', opaque(), 'mlr repl runs the DSL typed at it, whose system() runs commands'));
      continue;
    }
    if (w === 'then') {
      verb = true;
      continue;
    }
    if (current !== 'put' && current !== 'filter') continue;
    if (w === '-f' || w === '-s') {
      out.push(exec(w.slice(1), opaque(argv[i + 1] ?? null), `mlr ${current} ${w} loads a file of DSL`));
      i++;
    } else if (w === null || MLR_DSL_RUNS.test(w))
      out.push(exec('dsl', opaque(w), `mlr ${current}: the DSL runs commands (system, exec) or redirects output to files or commands`));
  }
  if (verb) out.push(exec('unknown_option', opaque('then'), 'mlr: no verb follows then'));
  return out;
};

/**
 * exiftool's options (exiftool(1), "Option Overview", 12.x–13.x): names are not case-sensitive
 * except single letters; several take a number or a suffix (`-if2`, `-w+`, `-efile3!`). Every
 * other `-WORD` is a tag (`-Model`, `--Make`, `-EXIF:Artist=x`, `-Comment<=file.txt`,
 * `-Title<$Model`), so no option is unknown to exiftool; a word that is neither is compound.
 * Keyed: `-if` and `${TAG;EXPR}` evaluate Perl, `-p` with an expression or a format file,
 * `-config` and `-use` load Perl, `-api Filter…` evaluates Perl, `-@` reads arguments from a
 * file, `-delete_original` deletes files; paths outside the project meet the default.
 */
const EXIFTOOL_VALUE =
  /^-(@|api|c|coordformat|config|csvdelim|d|dateformat|echo\d*|efile\d*!?|ext\+?|extension|fileorder\d*|geotag|globaltimeshift|i|ignore|if\d*|listitem|o|out|p|printformat|password|sep|separator|srcfile|stay_open|tagsfromfile|use|userparam|w[+!]?|textout|W[+!]?|tagout|wext|tagoutext|wm|writemode|x|exclude)$/;
const EXIFTOOL_FLAG =
  /^-(args|argformat|b|binary|charset|csv(\+?=.*)?|D|decimal|E|ex|ec|escape(html|xml|c)|f|forceprint|g[\d:]*|groupheadings|G[\d:]*|groupnames|h|htmlformat|H|hex|htmldump\d*|j(\+?=.*)?|json(\+?=.*)?|l|long|L|latin|lang|n|php|s\d*|short|S|veryshort|sort|struct|t|tab|T|table|v\d*|verbose|X|xmlformat|a|duplicates|e|ee\d*|extractembedded|F\d*|fixbase|fast\d*|m|ignoreminorerrors|overwrite_original|overwrite_original_in_place|P|preserve|progress\d*(:.*)?|q|quiet|r\.?|recurse|scanforxmp|u|unknown|U|unknown2|z|zip|k|pause|list[a-z\d]*|ver|restore_original|common_args|execute\d*|list_dir|delete_original!?|help)$/;
/** A tag operation: `-TAG`, `--TAG`, `-GROUP:TAG`, with `[+-^]=VALUE`, `[+-]<=FILE`, `[+-]<SRC` or `>DST`. */
const EXIFTOOL_TAG = /^--?[\w*?-]+(:[\w*?-]+)*([+\-^]?=.*|[+-]?<.*|>.*)?$/s;

const exiftool: Check = (argv) => {
  const out: Effect[] = [];
  const perl = (flag: string, v: Arg, why: string): Effect => exec(flag, opaque(v), `exiftool ${why}`);
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i] ?? null;
    if (a === null) {
      out.push(perl('arg', null, 'is given an argument known only at run time, which may be an option or a Perl expression'));
      continue;
    }
    if (a === '--') break;
    if (/\$\{[^}]*;/.test(a)) out.push(perl('expr', a, '${TAG;EXPR} evaluates a Perl expression'));
    if (!a.startsWith('-') || a === '-') continue;
    // Single letters keep their case (-w and -W differ); longer names do not (-tagsFromFile is -tagsfromfile).
    const letters = /^-([A-Za-z_]*)/.exec(a)![1]!;
    const name = letters.length <= 1 ? a : `-${letters.toLowerCase()}${a.slice(1 + letters.length)}`;
    if (EXIFTOOL_VALUE.test(name)) {
      const v = argv[++i] ?? null;
      const key = name
        .slice(1)
        .replace(/[\d+!]+$/, '')
        .toLowerCase();
      if (key === 'if') out.push(perl('if', v, '-if evaluates a Perl expression'));
      else if (key === 'config' || key === 'use') out.push(perl(key, v, `-${key} loads Perl code`));
      else if (key === '@') out.push(perl('argfile', v, '-@ reads its arguments from a file'));
      else if ((key === 'p' || key === 'printformat') && (v === null || !v.includes('$') || /\$\{[^}]*;/.test(v)))
        out.push(perl('p', v, '-p reads a format file, or evaluates ${TAG;EXPR} in its format'));
      else if (key === 'api' && (v === null || /^\s*filter/i.test(v))) out.push(perl('api', v, '-api Filter evaluates Perl'));
      continue;
    }
    if (EXIFTOOL_FLAG.test(name)) {
      if (name.startsWith('-delete_original'))
        out.push(write('delete_original', null, 'exiftool -delete_original deletes the backup files'));
      continue;
    }
    if (!EXIFTOOL_TAG.test(a)) out.push(unknown('exiftool', a));
  }
  // Paths outside the project, in operands and option values alike, meet the default.
  return [...out, ...noSpecEffects('exiftool', argv, 'default', out)];
};

/** vifm: its options read with its table (converterOptions.ts); an operand `+CMD` runs a vifm command, which may be `:!shell`. */
const vifm: Check = (argv) => {
  const r = readItems(VIFM, argv, 1, 'vifm');
  for (const it of r.items)
    if (it.kind === 'operand' && (it.value === null || /^\+./.test(it.value)))
      r.effects.push(exec('c', opaque(it.value), 'vifm +cmd runs a vifm command, which include :!shell'));
  return r.effects;
};

/** `consul lock PREFIX CMD…` runs the command while it holds the lock. */
const consulLock: Check = (argv) => {
  const at = argv.indexOf('lock');
  if (at < 0) return argv.some((a) => a === null) ? [exec('lock', opaque(), 'consul: a word known only at run time may be lock')] : [];
  const operands = argv.slice(at + 1).filter((a) => a === null || !a.startsWith('-'));
  return operands.length > 1 ? [exec('lock', opaque(), 'consul lock runs the command it is given while it holds the lock')] : [];
};

/**
 * etcdctl: every option read with its table (converterOptions.ts). `lock NAME CMD…` runs CMD while
 * it holds the lock; `watch KEY [--] CMD…` runs CMD on every event (etcdctl(1), "watch").
 */
const etcdctl: Check = (argv) => {
  const r = readItems(ETCDCTL, argv, 1, 'etcdctl');
  const [sub] = r.path;
  if (r.unknown || (sub !== 'lock' && sub !== 'watch')) return r.effects;
  const words = r.items.filter((it) => it.kind === 'operand').map((it) => (it.kind === 'operand' ? it.value : null));
  if (words.length > 1 || (sub === 'watch' && r.ended && r.rest !== undefined && r.rest < argv.length))
    r.effects.push(exec(sub, argvOf(words.slice(1)), `etcdctl ${sub} runs the command it is given`));
  return r.effects;
};

const effects: Readonly<Record<string, Check>> = {
  // Each read with its table (converterOptions.ts); one-dash whole words (Go flag, Kakoune) as such.
  postcss: (argv) => readOptions(POSTCSS, argv, 1, 'postcss').effects,
  actionlint: (argv) => readOptions(ACTIONLINT, wholeWords(ACTIONLINT, argv), 1, 'actionlint').effects,
  kak: (argv) => readOptions(KAK, wholeWords(KAK, argv), 1, 'kak').effects,
  chokidar: (argv) => readOptions(CHOKIDAR, argv, 1, 'chokidar').effects,
  'watchman-make': (argv) => readOptions(WATCHMAN_MAKE, argv, 1, 'watchman-make').effects,
  // borg: `--rsh RSH` is the command that reaches the remote repository.
  borg: wordOptions('borg', [['--rsh', 'exec']]),
  magick,
  convert: magick,
  mogrify: magick,
  identify: magick,
  montage: magick,
  composite: magick,
  gs: ghostscript,
  blender,
  ugrep,
  mlr,
  exiftool,
  vifm,
  consul: consulLock,
  etcdctl,
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  postcss: {
    match: [
      ['postcss --use evil-plugin in.css', '#use'],
      ['postcss -u evil-plugin in.css', '#use'],
      ['postcss --parser=evil in.css', '#parser'],
      ['postcss in.css -o /tmp/out.css', '#outside'],
      ['postcss --frob in.css', '#unknown_option'],
    ],
    notMatch: ['postcss src/in.css -o dist/out.css', 'postcss src/*.css --dir dist --no-map'],
  },
  mlr: {
    match: [
      ["mlr --prepipe 'sh -c id' cat x.csv", '#prepipe'],
      ["mlr --prepipex='sh -c id' cat x.csv", '#prepipe'],
      ['mlr --load ./f.mlr put -q x.csv', '#load'],
      ['mlr -n put \'end { system("id") }\'', '#dsl'],
      ['mlr --icsv put \'tee > "out.csv", $*\' x.csv', '#dsl'],
      ['mlr --icsv head -n 2 then put -f x.mlr x.csv', '#f'],
      ['mlr --icsv frob x.csv', '#unknown_option'],
      ['mlr --frob cat x.csv', '#unknown_option'],
    ],
    notMatch: [
      'mlr --icsv --ojson cat x.csv',
      'mlr --c2p head -n 4 x.csv',
      "mlr --icsv put '$z = $x . $y' x.csv",
      'mlr -icsv -opprint sort -f a x.csv',
    ],
  },
  ugrep: {
    match: [
      ["ugrep --filter='txt:sh -c id' pat", '#filter'],
      ["ugrep --filter 'txt:sh -c id' pat", '#filter'],
      ['ugrep --config=./x pat', '#config'],
      ['ugrep --pager=./x pat', '#pager'],
      ['ugrep --view=vim pat', '#view'],
      ['ugrep --frob pat', '#unknown_option'],
      ['ugrep pat /etc', '#outside'],
    ],
    notMatch: ['ugrep -r pat src', 'ugrep -rn -i TODO src', 'ugrep --no-heading -w main src'],
  },
  actionlint: {
    match: [
      ['actionlint -shellcheck=evil', '#shellcheck'],
      ['actionlint --shellcheck evil', '#shellcheck'],
      ['actionlint -pyflakes=./x', '#pyflakes'],
      ['actionlint -frob', '#unknown_option'],
    ],
    notMatch: ['actionlint -color', 'actionlint -oneline .github/workflows/ci.yml'],
  },
  blender: {
    match: [
      ["blender -b --python-expr 'import os'", '#python_expr'],
      ['blender -b x.blend -P script.py', '#python'],
      ['blender -b x.blend --python=s.py', '#python'],
      ['blender -y x.blend', '#enable_autoexec'],
      ['blender --enable-autoexec x.blend', '#enable_autoexec'],
      ['blender --addons evil -b', '#addons'],
      ['blender -c extension install x', '#command'],
      ['blender -b ../x.blend -a', '#outside'],
      ['blender --frob', '#unknown_option'],
    ],
    notMatch: ['blender -b scene.blend -a', 'blender -b x.blend -noaudio -o //render_ -F PNG -f 1'],
  },
  kak: {
    match: [
      ["kak -e 'nop %sh{id}'", '#e'],
      ["kak -E 'nop %sh{id}' x", '#E'],
      ["kak -f 'gg:nop %sh{id}<ret>' x", '#f'],
      ['kak -p session', '#p'],
      ['kak -frob', '#unknown_option'],
    ],
    notMatch: ['kak notes.txt', 'kak -n -ro notes.txt'],
  },
  borg: { match: [["borg --rsh 'sh -c id' list repo", '#rsh']], notMatch: ['borg list repo'] },
  chokidar: {
    match: [
      ["chokidar '*.js' -c 'sh -c id'", '#c'],
      ["chokidar '*.js' --command='sh -c id'", '#command'],
      ["chokidar '*.js' --frob", '#unknown_option'],
    ],
    notMatch: ["chokidar '*.js'", "chokidar 'src/**/*.ts' --initial --silent"],
  },
  'watchman-make': {
    match: [
      ["watchman-make -p '*.c' --run 'sh -c id'", '#run'],
      ["watchman-make -p '*.c' --ru 'sh -c id'", '#run'],
      ["watchman-make -p '*.c' -t all --make ./evil", '#make'],
      ['watchman-make --frob', '#unknown_option'],
    ],
    notMatch: ["watchman-make -p '*.c' -t all", "watchman-make -p 'src/**' -t build --settle 1"],
  },
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
      ['exiftool -Config cfg.pl x.jpg', '#config'],
      ['exiftool -IF1 1 x.jpg', '#if'],
      ["exiftool -p '${Model;system(1)}' x.jpg", '#p'],
      ['exiftool -p fmt.txt x.jpg', '#p'],
      ['exiftool -@ args.txt', '#argfile'],
      ['exiftool -use MWG x.jpg', '#use'],
      ['exiftool -api Filter=x x.jpg', '#api'],
      ['exiftool -o /tmp/x.jpg x.jpg', '#outside'],
      ['exiftool -a/b x.jpg', '#unknown_option'],
    ],
    notMatch: ['exiftool -Model x.jpg', 'exiftool -json -G1 -a -s x.jpg', 'exiftool -overwrite_original -Artist=Me x.jpg'],
  },
  vifm: {
    match: [
      ["vifm -c '!id'", '#c'],
      ["vifm '+!id'", '#c'],
      ["vifm --on-choose 'sh -c id'", '#on_choose'],
      ["vifm --remote-expr 'system(1)'", '#remote_expr'],
      ['vifm --frob', '#unknown_option'],
    ],
    notMatch: ['vifm src', 'vifm src docs'],
  },
  consul: { match: [["consul lock locks/x 'sh -c id'", '#lock']], notMatch: ['consul members'] },
  etcdctl: {
    match: [
      ['etcdctl lock m id', '#lock-[-id-]'],
      ['etcdctl lock m -- sh -c id', '#lock'],
      ['etcdctl --endpoints=http://127.0.0.1:2379 lock m id', '#lock'],
      ['etcdctl watch foo -- sh -c id', '#watch'],
      ['etcdctl migrate --transformer ./x', '#transformer'],
      ['etcdctl snapshot save /tmp/s.db', '#outside'],
      ['etcdctl frob', '#unknown_option'],
      ['etcdctl get foo --frob', '#unknown_option'],
    ],
    notMatch: ['etcdctl get foo', 'etcdctl put foo bar', 'etcdctl get --prefix app/ -w json', 'etcdctl member list'],
  },
};

/** Read whole with an option table; their operands are files, so the default's path checks apply too. */
const WITH_DEFAULTS = [
  'magick',
  'convert',
  'mogrify',
  'identify',
  'montage',
  'composite',
  'ugrep',
  'mlr',
  'postcss',
  'actionlint',
  'kak',
  'chokidar',
  'watchman-make',
  'vifm',
  'etcdctl',
];

export const RULES: readonly ProgramRule[] = rules(
  'converters',
  {
    effects,
    allowlist: [...WITH_DEFAULTS, 'gs', 'blender'],
    withDefaults: WITH_DEFAULTS,
    exceptions: {
      exiftool:
        'every -WORD that is not an option is a tag name, so no option is unknown to it: its check reads each option that takes a value or runs Perl, and applies the default itself',
    },
  },
  EXAMPLES,
);
