/**
 * The TeX engines and their formats (tex, pdftex, xetex, luatex; latex, pdflatex, xelatex,
 * lualatex run the same programs with another format) and latexmk.
 *
 * One TeX table for every engine: the options of the man pages of tex(1), pdftex(1), xetex(1)
 * and luatex(1) (TeX Live 2022, texlive-binaries), and MiKTeX's, as latexmk 4.79 lists the
 * options it passes on (`%allowed_latex_options`). Web2C parses with getopt_long_only: an option
 * after one dash or two, a unique prefix of its name (`-shell-e`), its value after `=` or as the
 * next word. An option one engine lacks is refused by that engine, so one table serves all.
 *
 * What reaches past the document:
 *   - `-shell-escape` / `--enable-write18` (and MiKTeX's `-enable-pipes`): `\write18{…}` and
 *     `\input|"…"` run shell commands from the document (`-shell-restricted` and
 *     `-restrict-write18` allow only the engine's short list: plain);
 *   - `-cnf-line=shell_escape=t`: sets any kpathsea variable, shell escape included;
 *   - `-output-driver=CMD` (xetex) names the program the engine runs on its output;
 *   - `--lua=FILE` (luatex) runs a Lua file before the document;
 *   - `&/path/fmt` as the first operand loads a format from a path.
 * Files outside the project (`-output-directory`, `-aux-directory`, `-fmt`, the document) are
 * keyed by the default's checks: these rules use `defaults`.
 *
 * latexmk (its option loop in latexmk 4.79: each option matched whole, `--x` read as `-x`, values
 * after `=` except `-e`, `-r`, `-bm`, `-bi`, `-bs`, `-dF`, `-pF`, `-MF`, which take the next word)
 * takes its own options and the TeX options above, which it passes to the engine:
 *   - `-e CODE` runs Perl code; `-r FILE` reads an rc file of Perl (one in the project is read
 *     anyway: latexmkrc);
 *   - `-pdflatex=CMD` and its siblings, `-dF`/`-pF FILTER`: programs to run;
 *   - `-latexoption=OPT`: an option for the engine, read with the TeX table.
 */
import { exec, risk, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { opaque, itemsOf, optionName } from './kit.js';
import { optionTable, readItems, unknown, type OptionHandler } from './optionTable.js';
import type { Check } from './rule.js';

const TEX_OPTIONS = [
  // tex(1), pdftex(1), xetex(1), luatex(1).
  '8bit cnf-line= default-translate-file= draftmode enc etex file-line-error no-file-line-error file-line-error-style fmt=',
  'halt-on-error help ini interaction= ipc ipc-start jobname= kpathsea-debug= mktex= no-mktex= mltex output-comment=',
  'output-directory= output-format= parse-first-line no-parse-first-line progname= recorder shell-escape no-shell-escape',
  'shell-restricted src-specials=? synctex= translate-file= version no-pdf output-driver= papersize= credits debug-format',
  'lua= luaonly luaconly nosocket socket safer utc show-library-versions jithash=',
  // MiKTeX (latexmk's list of the options it passes on).
  'alias= buf-size= c-style-errors no-c-style-errors disable-installer enable-installer disable-pipes enable-pipes',
  'disable-write18 enable-write18 restrict-write18 dont-parse-first-line enable-enctex enable-mltex error-line=',
  'extra-mem-bot= extra-mem-top= font-max= font-mem-size= half-error-line= hash-extra= job-time= main-memory= max-in-open=',
  'max-print-line= max-strings= nest-size= param-size= pool-size= record-package-usages= save-size= stack-size=',
  'string-vacancies= tcx= time-statistics trace=? trie-size= undump= aux-directory= include-directory= initialize quiet',
].join(' ');

const shellEscape: OptionHandler = (_v, typed) => [exec('shell_escape', opaque(typed), `${typed} lets the document run shell commands`)];

const TEX_HANDLERS: Readonly<Record<string, OptionHandler>> = {
  'shell-escape': shellEscape,
  'enable-write18': shellEscape,
  'enable-pipes': shellEscape,
  'cnf-line': (v, typed) => [risk('cnf_line', `${typed} sets a kpathsea variable (shell_escape among them)`, v ?? null)],
  'output-driver': (v, typed) => [exec('output_driver', opaque(v ?? null), `${typed} names the program the engine runs on its output`)],
  lua: (v, typed) => [exec('lua', opaque(v ?? null), `${typed} runs a Lua file before the document`)],
};

const TEX_TABLE = optionTable({ singleDashLong: true, abbrev: true, options: TEX_OPTIONS, handlers: TEX_HANDLERS });

/** `&fmt` as an operand picks the format; one named by a path is loaded from there. */
const formatOperand = (w: Arg): Effect[] =>
  typeof w === 'string' && w.startsWith('&') && w.includes('/') ? [exec('format', opaque(w), `${w} loads a format file from a path`)] : [];

/** A TeX engine: every option read with the TeX table, and a format named by a path. */
export const texEngine: Check = (argv) => {
  const r = itemsOf(TEX_TABLE, argv);
  return [...r.effects, ...r.items.flatMap((it) => (it.kind === 'operand' ? formatOperand(it.value) : []))];
};

/** latexmk's `-pdflatex=CMD` family: the engine command it runs. */
const ENGINE_COMMANDS = ['latex', 'pdflatex', 'lualatex', 'pdflualatex', 'xelatex', 'pdfxelatex', 'dvilualatex'];

const runsProgram: OptionHandler = (v, typed) =>
  v === undefined ? [] : [exec(optionName(typed), opaque(v), `latexmk ${typed} names a program to run`)];

const latexOption: OptionHandler = (v, typed) => {
  if (v === undefined || v === null)
    return [exec('latexoption', opaque(v ?? null), `latexmk ${typed} passes an option known only at run time`)];
  return readItems(TEX_TABLE, ['tex', v], 1, 'latexmk -latexoption').effects;
};

const LATEXMK_TABLE = optionTable({
  singleDashLong: true,
  options: [
    'aux-directory=? auxdir=? bibfudge bibtexfudge bibfudge- bibtexfudge- bibtex bibtex- nobibtex bibtex-cond bibtex-cond1',
    'c| C| CA CF cd cd- commands d| dependents deps M| nodependents dependents- deps- deps-out=? diagnostics dir-report',
    'dir-report- dvi dvilua dvi- dvilualatex=? emulate-aux-dir emulate-aux-dir- f| f- g| g- gg gt h| help jobname=? l| l-',
    'latex=? latexoption=? lualatex=? pdflualatex=? MF= MP indexfudge makeindexfudge indexfudge- makeindexfudge-',
    'MSWinBackSlash MSWinBackSlash- new-viewer new-viewer- norc nobibfudge nobibtexfudge noemulate-aux-dir noindexfudge',
    'nomakeindexfudge output-directory=? outdir=? output-format=? p| p- pdf pdf- pdfdvi pdflua pdfps pdfxe pdflatex=?',
    'pdfxelatex=? xelatex=? pretex=? print=? ps ps- pv pv- pvc pvc- pvctimeout pvctimeout- pvctimeoutmins=? rc-report',
    'rc-report- recorder recorder- rules norules rules- showextraoptions silent quiet stdtexcmds time time- use-make',
    'use-make- usepretex=? v| version verbose view=? Werror xdv xdv- e|= r|= bm= bi= bs= dF= pF=',
  ].concat(
    // The TeX options latexmk passes on (their values after `=` only).
    TEX_OPTIONS.replace(/=\??(?=\s|$)/g, '=?'),
  ),
  handlers: {
    ...TEX_HANDLERS,
    ...Object.fromEntries(ENGINE_COMMANDS.map((n) => [n, runsProgram])),
    dF: runsProgram,
    pF: runsProgram,
    e: (v) => [exec('e', opaque(v ?? null), 'latexmk -e runs Perl code')],
    latexoption: latexOption,
  },
});

/**
 * latexmk: its table, each option matched whole. latexmk reads no clusters and no attached values
 * (`-rfile` is not `-r file`), so a one-letter option read from a longer word is unknown.
 */
export const latexmk: Check = (argv) => {
  const r = itemsOf(LATEXMK_TABLE, argv);
  const joined = r.items.find((it) => it.kind === 'short' && String(argv[it.word]).length > 2);
  return joined ? [...r.effects, unknown('latexmk', argv[joined.word] ?? null)] : r.effects;
};

/** The TeX engines and formats: one table. */
export const TEX_ENGINES = ['tex', 'latex', 'pdflatex', 'xelatex', 'lualatex', 'luatex', 'pdftex', 'xetex'] as const;
