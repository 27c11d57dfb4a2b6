/**
 * Editors and pagers: vim family, emacs, nano, less/more/most, man, fzf. Commands given on the command line (`vim -c`, `less +!cmd`) and helper programs (`man -P`).
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, write, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { opaque, script, also, argvOf, itemsOf, readsOutside } from './kit.js';
import { optionTable, readOptions, type OptionTable } from './optionTable.js';
import { programOptions } from './programOptions.js';
import { rules, type Check, type ProgramRule, type Examples } from './rule.js';

/**
 * man-db's options (man-db 2.11 `man --help`; argp: long options take unique prefixes, `-s` is
 * `-S`). `-P` runs a pager, `-H` a browser, `-X` gxditview; `-C` reads a man_db.conf, which can
 * DEFINE the pager and the formatters; `-p` names preprocessors by letter (any other text is keyed).
 */
const man = programOptions('man', {
  abbrev: true,
  options: [
    'C|config-file=:load d|debug D|default warnings=? f|whatis k|apropos K|global-apropos l|local-file w|where path location',
    'W|where-cat location-cat c|catman R|recode= L|locale= m|systems= M|manpath=:read S|sections= s|= e|extension= i|ignore-case',
    'I|match-case regex wildcard names-only a|all u|update no-subpages P|pager=:exec r|prompt= 7|ascii E|encoding= no-hyphenation nh',
    'no-justification nj p|preprocessor= t|troff T|troff-device=? H|html=? X|gxditview=? Z|ditroff ?|help usage V|version',
  ],
  handlers: {
    html: (v, typed) => [exec('html', v === undefined ? opaque() : script(v), `man ${typed} runs a web browser`)],
    gxditview: (_v, typed) => [exec('gxditview', opaque(), `man ${typed} runs gxditview`)],
    preprocessor: (v, typed) =>
      typeof v === 'string' && /^[eptgrv]*$/.test(v)
        ? []
        : [exec('preprocessor', opaque(v ?? null), `man ${typed} names preprocessors to run`)],
  },
});

// ---------------------------------------------------------------------------------------------
// Package managers and language tools.

function vim(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  const name = String(argv[0]);
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === null || a === undefined) continue;
    if (a === '--') break;
    if (/^\+./.test(a) && !/^\+[0-9]+$/.test(a))
      out.push(exec('+', opaque(a), `${name} +cmd runs an editor command, which can run shell commands`));
    else if (
      a === '-c' ||
      a === '--cmd' ||
      a === '-S' ||
      a === '-s' ||
      a === '-u' ||
      a === '-U' ||
      a === '-l' ||
      a === '--remote-send' ||
      a === '--remote-expr'
    ) {
      const v = argv[i + 1] ?? null;
      if (!((a === '-u' || a === '-U') && (v === 'NONE' || v === 'NORC' || v === 'DEFAULTS')))
        out.push(exec(a.replace(/^-+/, ''), opaque(v), `${name} ${a} runs editor commands, which can run shell commands`));
      i++;
    } else if (/^-[cSsl]./.test(a) && !a.startsWith('--'))
      out.push(exec(a[1]!, opaque(a.slice(2)), `${name} ${a.slice(0, 2)} runs editor commands`));
    else if (a === '-w' || a === '-W' || a === '--startuptime') {
      out.push(write(a.replace(/^-+/, ''), argv[i + 1] ?? null, `${name} ${a} writes a file`));
      i++;
    }
  }
  return out;
}

/**
 * emacs's options (emacs 28 emacs(1) and `emacs --help`; emacs.c `standard_args`): every long
 * option has a one-dash spelling too (`-eval`, `-batch`, `-nw`, `-fn`) and takes unique prefixes
 * after `--`. `--eval`/`--execute`, `-l`/`--load`, `-f`/`--funcall`, `--script`, `-x`, `-L`
 * (load-path), `-u` (another user's init file), `--init-directory`, `--dump-file` and `--seccomp`
 * run or load Lisp; `+LINE[:COL]` and files are operands.
 */
const emacs = programOptions('emacs', {
  abbrev: true,
  singleDashLong: true,
  options: [
    'chdir=:read q|no-init-file nl no-shared-memory no-site-file nsl no-site-lisp no-desktop Q|quick no-splash debug-init',
    'u|user=:load t|terminal= daemon=? bg-daemon=? fg-daemon=? version help f|funcall=:load l|load=:load eval=:load',
    'execute=:load batch script=:load x|=:load insert=:read kill L|directory=:load name= no-x-resources T|title= r| rv',
    'reverse-video fn= font= xrm= color=? bw= border-width= ib= internal-border= g|geometry= lsp= line-spacing= vb',
    'vertical-scroll-bars fh fullheight fs fullscreen fw fullwidth mm maximized fg= foreground-color= bg= background-color=',
    'bd= border-color= cr= cursor-color= ms= mouse-color= d|display= nbi no-bitmap-icon iconic nbc no-blinking-cursor',
    'parent-id= nw no-window-system D|basic-display file=:read find-file=:read visit=:read init-directory=:load',
    'dump-file=:load seccomp=:load sandbox=:load scriptload=:load no-build-details module-assertions no-loadup smid=',
    // startup.el's command-line-1: `-e` is `-funcall`; x-win.el: `-hb`, `-i`/`-itype`.
    'e|=:load hb horizontal-scroll-bars i| itype',
  ],
});

/**
 * emacsclient's options (emacs 28 emacsclient(1) and lib-src/emacsclient.c `longopts`;
 * getopt_long_only: `-nw` is `--nw`, unique prefixes). `-e` makes every operand a Lisp expression the server evaluates; `-a` names the
 * editor to run when no server answers (`-a ''` starts the daemon).
 */
const EMACSCLIENT = optionTable({
  abbrev: true,
  singleDashLong: true,
  options:
    'V|version H|help nw t|tty c|create-frame r|reuse-frame F|frame-parameters= e|eval n|no-wait w|timeout= q|quiet ' +
    'u|suppress-output d|display= parent-id= s|socket-name= f|server-file=:read a|alternate-editor=:prog T|tramp=',
  handlers: {
    // emacsclient.c `fail`: the editor's words are split at spaces and run with the files; '' starts the daemon.
    'alternate-editor': (v, typed) =>
      v === ''
        ? []
        : [
            exec(
              'alternate-editor',
              v === undefined || v === null ? opaque() : argvOf(v.split(/\s+/).filter(Boolean)),
              `emacsclient ${typed} names an editor to run`,
            ),
          ],
  },
});

const emacsclient: Check = (argv) => {
  const r = itemsOf(EMACSCLIENT, argv);
  if (r.items.some((it) => it.kind === 'short' && it.name === 'e') || r.items.some((it) => it.kind === 'long' && it.name === 'eval'))
    r.effects.push(exec('eval', opaque(), 'emacsclient -e has the server evaluate its operands as Lisp'));
  return r.effects;
};

/**
 * nano's options (nano 7.2 nano(1); getopt_long: unique prefixes). `-s`/`--speller` runs a
 * program; `-f`/`--rcfile` reads a nanorc, which can name a speller, linter and formatter to run.
 * `+LINE,COL` and files are operands.
 */
const nano = programOptions('nano', {
  abbrev: true,
  options: [
    'A|smarthome B|backup C|backupdir= D|boldtext E|tabstospaces F|multibuffer G|locking H|historylog I|ignorercfiles',
    'J|guidestripe= K|rawsequences L|nonewlines M|trimblanks N|noconvert O|bookstyle P|positionlog Q|quotestr= R|restricted',
    'S|softwrap T|tabsize= U|quickblank V|version W|wordbounds X|wordchars= Y|syntax= Z|zap a|atblanks b|breaklonglines',
    'c|constantshow d|rebinddelete e|emptyline f|rcfile=:load g|showcursor h|help i|autoindent j|jumpyscrolling k|cutfromcursor',
    'l|linenumbers m|mouse n|noread o|operatingdir= p|preserve q|indicator r|fill= s|speller=:exec t|saveonexit u|unix v|view',
    'w|nowrap x|nohelp y|afterends !|magic %|stateflags _|minibar 0|zero z|suspendable tempfile smooth morespace listsyntaxes',
    '@|colonparsing /|modernbindings',
  ],
});

/** fzf's `--bind` actions that only move, select or edit the query (fzf(1) "AVAILABLE ACTIONS"): any other action may run a command. */
const FZF_QUIET_ACTIONS = new Set(
  (
    'abort accept accept-non-empty accept-or-print-query backward-char backward-delete-char backward-delete-char/eof ' +
    'backward-kill-word backward-word beginning-of-line cancel clear-query clear-screen clear-selection close delete-char ' +
    'delete-char/eof deselect deselect-all disable-search down enable-search end-of-line first forward-char forward-word ' +
    'half-page-down half-page-up hide-preview ignore jump jump-accept kill-line kill-word last next-history next-selected ' +
    'page-down page-up prev-history prev-selected preview-bottom preview-down preview-half-page-down preview-half-page-up ' +
    'preview-page-down preview-page-up preview-top preview-up print-query put refresh-preview replace-query select select-all ' +
    'show-preview toggle toggle-all toggle-in toggle-out toggle-preview toggle-preview-wrap toggle-search toggle-sort ' +
    'toggle-track toggle-wrap track unix-line-discard unix-word-rubout up yank offset-up offset-down show-header hide-header ' +
    'toggle-header toggle-multi-line'
  ).split(' '),
);
/** Actions whose argument is only text (a label, a prompt, a query): `change-prompt(> )`. */
const FZF_TEXT_ACTIONS =
  /^(change-(border-label|preview-label|prompt|query|header|ghost|preview-window|multi)|pos|put|rebind|unbind|toggle-bind)\([^()]*\)$/;

/** A `--bind` value made only of quiet actions (`ctrl-a:select-all,ctrl-d:deselect-all+up`): anything else is keyed. */
const quietBindings = (v: string): boolean =>
  v.split(',').every((binding) => {
    const colon = binding.indexOf(':');
    if (colon <= 0) return false;
    return binding
      .slice(colon + 1)
      .split('+')
      .every((a) => FZF_QUIET_ACTIONS.has(a) || FZF_TEXT_ACTIONS.test(a));
  });

/**
 * fzf's options (fzf 0.38 fzf(1), and those added up to 0.60 that agents meet: `--walker*`,
 * `--style`, `--tmux`, borders and labels; src/options.go's usage). fzf's own parser: `--opt=v` or
 * `--opt v`, no prefixes, no clusters; `+s`/`+i`/`+m`/`+x`/`+e`/`+c`/`+2`/`+C` turn a switch off
 * (read as `--plus-X`).
 * `--preview`, `--info-command` run commands; `--with-shell` names the shell they run in; `--bind`
 * actions may run commands (`execute(…)`, `become(…)`, `reload(…)`, `transform…`); `--listen`
 * takes those actions from any local process; `--history` writes its file.
 */
const FZF = optionTable({
  options: [
    'x|extended e|exact i| plus-i plus-s plus-m plus-x plus-e plus-c plus-2 literal scheme= algo= n|nth= with-nth= accept-nth=',
    'd|delimiter= disabled enabled phony no-sort tac tiebreak= m|multi=? no-multi no-mouse bind= cycle no-cycle keep-right',
    'scroll-off= no-hscroll hscroll-off= filepath-word jump-labels= height= min-height= layout= reverse border=? border-label=',
    'border-label-pos= no-unicode unicode margin= padding= info= no-info inline-info separator= no-separator scrollbar=?',
    'no-scrollbar prompt= pointer= marker= marker-multi-line= header= header-lines= header-first ellipsis= ansi tabstop=',
    'color= no-color no-bold bold black no-256 history=:write history-size= preview=:exec preview-window= preview-label=',
    'preview-label-pos= q|query= 1|select-1 0|exit-0 f|filter= print-query expect= read0 print0 sync async listen=?',
    'listen-unsafe=? version h|help man bash zsh fish walker= walker-root=:read walker-skip= style= tmux=? no-tmux gap=?',
    'freeze-left= freeze-right= ghost= footer= list-border=? list-label= input-border=? input-label= header-border=?',
    'header-label= preview-border=? highlight-line wrap no-wrap wrap-sign= info-command=:exec track id-nth= with-shell=:prog',
    'raw gutter= no-input tail= ignore-case no-ignore-case smart-case no-clear C| plus-C keymap-convert no-keymap-convert',
    'gap-line=? gutter-raw= list-label-pos= input-label-pos= header-lines-border=? header-label-pos= footer-border=?',
    'footer-label= footer-label-pos= no-multi-line',
  ],
  handlers: {
    bind: (v, typed) =>
      typeof v === 'string' && quietBindings(v)
        ? []
        : [exec('bind', opaque(v ?? null), `fzf ${typed} binds actions that can run commands`)],
    listen: (v, typed) => [exec('listen', opaque(v ?? null), `fzf ${typed} takes actions, execute among them, from any local process`)],
    'listen-unsafe': (v, typed) => [
      exec('listen-unsafe', opaque(v ?? null), `fzf ${typed} takes actions, execute among them, from any local process`),
    ],
    'walker-root': readsOutside,
  },
});

/** fzf's options; its only operands are more `--walker-root` folders (fzf 0.60 `--walker-root=DIR [...]`), keyed outside the project. */
const fzf: Check = (argv) => {
  const r = itemsOf(
    FZF,
    argv.map((w, i) => (i > 0 && typeof w === 'string' && /^\+[simxec2C]$/.test(w) ? `--plus-${w[1]!}` : w)),
  );
  for (const it of r.items) if (it.kind === 'operand') r.effects.push(...readsOutside(it.value, '--walker-root', { where: 'fzf' }));
  return r.effects;
};

function pager(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  const name = String(argv[0]);
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === null || a === undefined) continue;
    // +N, +G, +F, +Ng: go to a line, the end, or follow. Any other command string may hold "!cmd".
    // +/pattern, +?pattern: a search, whose text up to the end of the string is the pattern.
    if (/^\+./.test(a) && !/^\+[0-9]*[GFg]?$/.test(a) && !/^\+[/?][^\x00-\x1f]*$/.test(a))
      out.push(exec('+', opaque(a), `${name} +cmd runs pager commands, which include "!" shell escapes`));
  }
  return out;
}

/**
 * less's options (less 590 `less --help`; long names are case-sensitive and take unique prefixes).
 * Options end at the first file; `+cmd` words are options too (read by `pager`), and `-+X` resets X.
 * `-o`/`-O` write a log, `-k`/`--lesskey-src` load key bindings that can run shell commands.
 */
const LESS = optionTable({
  abbrev: true,
  stopAtOperand: true,
  options: [
    '?|help a|search-skip-screen A|SEARCH-SKIP-SCREEN b|buffers= B|auto-buffers c|clear-screen C|CLEAR-SCREEN d|dumb',
    'D|color= e|quit-at-eof E|QUIT-AT-EOF f|force F|quit-if-one-screen g|hilite-search G|HILITE-SEARCH h|max-back-scroll=',
    'i|ignore-case I|IGNORE-CASE j|jump-target= J|status-column k|lesskey-file=:load lesskey-src=:load lesskey-content=:load',
    'K|quit-on-intr L|no-lessopen m|long-prompt M|LONG-PROMPT n|line-numbers N|LINE-NUMBERS o|log-file=:write',
    'O|LOG-FILE=:write p|pattern= P|prompt= q|quiet Q|QUIET silent SILENT r|raw-control-chars R|RAW-CONTROL-CHARS',
    's|squeeze-blank-lines S|chop-long-lines t|tag= T|tag-file=:read u|underline-special U|UNDERLINE-SPECIAL V|version',
    'w|hilite-unread W|HILITE-UNREAD x|tabs= X|no-init y|max-forw-scroll= z|window= "|quotes= ~|tilde #|shift= file-size',
    'follow-name incsearch line-num-width= mouse no-keypad no-histdups rscroll= save-marks status-col-width= use-backslash',
    'use-color wheel-lines= exit-follow-on-close header= no-number-headers no-search-headers no-vbell redraw-on-quit',
    'search-options= show-preproc-errors intr= modelines= proc-backspace proc-tab proc-return',
  ],
});

/** util-linux more(1): `-NUM` lines, `+NUM` and `+/pattern` (read by `pager`). */
const MORE = optionTable({
  numeric: true,
  abbrev: true,
  options: 'd|silent l|logical f|no-pause p|print-over c|clean-print s|squeeze u|plain e|exit-on-eof n|lines= h|help V|version',
});
/** most(1): one-letter switches; `+d`, `+s`, `+u`, `+/string` (read by `pager`). */
const MOST = optionTable({ options: '1| b| C| c| d| k| M| s| t| u| v| w| z|' });

/** more's and most's options with their table: `+cmd` words are the pager's commands (`pager`), not options. */
const pagerOptions =
  (table: OptionTable): Check =>
  (argv) =>
    readOptions(
      table,
      argv.map((w, i) => (i > 0 && typeof w === 'string' && w.startsWith('+') ? 'operand' : w)),
      1,
      String(argv[0]),
    ).effects;

/** less's options as an allowlist: `+cmd` words stand as options (their commands: `pager`). */
const lessOptions: Check = (argv) => {
  const words = argv.map((w, i) => (i === 0 || w === null ? w : w.startsWith('+') ? '-c' : w.replace(/^-\+(?=.)/, '-')));
  return readOptions(LESS, words, 1, 'less').effects;
};

// ---------------------------------------------------------------------------------------------
// Interpreters: inline code runs anything the language can (a shell command, a file write).

/** vim -V<n>FILE writes its verbose log to FILE; -i names the viminfo file it writes; -w/-W record keys. */
const vimFiles: Check = (argv) =>
  argv.slice(1).flatMap((w, i) => {
    if (w === null) return [];
    if (/^-V\d*[^\d]/.test(w)) return [write('V', w.replace(/^-V\d*/, ''), 'vim -V<n>FILE writes its log to FILE')];
    if (w === '-i' || w === '-w' || w === '-W') return [write(w.slice(1), argv[i + 2] ?? null, `vim ${w} writes the file it names`)];
    return [];
  });

/**
 * vim's options (vim 9 `vim --help`, nvim's too) as an allowlist: an option not listed makes the
 * command compound. vim reads options before `--` anywhere among the files; `vim` and `vimFiles`
 * key what they do (`-c`/`--cmd`/`-S`/`-s` run Ex commands, `-u` a vimrc, `-V`/`-i`/`-w` write).
 */
const VIM_FLAGS = new Set(
  (
    '-v -e -E -s -d -y -R -Z -m -M -b -l -C -N -D -n -r -L -A -H -F -g -f -X -x -h -? -es -Es -P ' +
    '--help --version --clean --noplugin --noplugins --not-a-term --ttyfail --nofork --literal --serverlist --embed ' +
    '--headless --remote --remote-silent --remote-wait --remote-wait-silent --remote-tab --remote-tab-silent ' +
    '--remote-tab-wait --remote-tab-wait-silent --echo-wid --api-info'
  ).split(' '),
);
/** Options whose value is the next word. */
const VIM_VALUES = new Set(
  '-T -u -U -c --cmd -S -w -W -i --startuptime --log --servername --remote-send --remote-expr -t -q --listen --socketid --gui-dialog-file'.split(
    ' ',
  ),
);

const vimAllowlist: Check = (argv) => {
  const name = String(argv[0]);
  const out: Effect[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (w === undefined || w === '--') break;
    if (w === null) {
      out.push(exec('unknown_option', opaque(), `${name}: a word known only at run time stands where an option may`));
      break;
    }
    if (!w.startsWith('-') || w === '-' || VIM_FLAGS.has(w)) continue;
    if (VIM_VALUES.has(w)) {
      i++;
      continue;
    }
    // -p3 -o2 -O (windows), -V9 / -V9file (verbose; its file: vimFiles), -r file, -cCMD -SSESSION -tTAG -qFILE (attached).
    if (/^-[pOo]\d*$/.test(w) || /^-V\d*/.test(w) || /^-[cStq]./.test(w) || /^-[0-9]+$/.test(w)) continue;
    out.push(exec('unknown_option', opaque(w), `${name} option ${w} is not known to the classifier`));
    break;
  }
  for (let i = 1; i < argv.length; i++)
    if (argv[i] === '--log') out.push(write('log', argv[i + 1] ?? null, `${name} --log writes the file it names`));
  return out;
};

const effects: Readonly<Record<string, Check>> = {
  man,
  fzf,
  vim: also(vimAllowlist, vim, vimFiles),
  vi: also(vimAllowlist, vim, vimFiles),
  nvim: also(vimAllowlist, vim, vimFiles),
  view: also(vimAllowlist, vim, vimFiles),
  vimdiff: also(vimAllowlist, vim, vimFiles),
  gvim: also(vimAllowlist, vim, vimFiles),
  rvim: also(vimAllowlist, vim, vimFiles),
  ex: also(vimAllowlist, vim, vimFiles),
  emacs,
  emacsclient,
  nano,
  less: also(lessOptions, pager),
  more: also(pagerOptions(MORE), pager),
  most: also(pagerOptions(MOST), pager),
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  more: {
    match: [
      ['more +!id f', '#+-['],
      ['more ../x', '#outside-../x'],
    ],
    notMatch: ['more f'],
  },
  most: {
    match: [
      ['most --evil f', '#unknown_option'],
      ['most ../x', '#outside-../x'],
    ],
    notMatch: ['most f', 'most -s f'],
  },
  nvim: { match: [["nvim --cmd 'x' f", '#cmd']], notMatch: ['nvim src/a.ts'] },
  vi: { match: [["vi -c '!id' f", '#c']], notMatch: ['vi f'] },
  view: { match: [["view -c '!id' f", '#c']], notMatch: ['view f'] },
  vimdiff: { match: [["vimdiff -c '!id' a b", '#c']], notMatch: ['vimdiff a b'] },
  gvim: { match: [["gvim -c '!id' f", '#c']], notMatch: ['gvim f'] },
  ex: { match: [["ex -c '!id' f", '#c']] },
  vim: {
    match: [
      ["vim -c '!rm x' f", '#c-[-?'],
      ['vim --frobnicate f', '#unknown_option'],
      ['vim -u /tmp/vimrc f', '#u'],
      ['vim -V9/tmp/log f', '#V->-/tmp/log'],
      ['vim --log /tmp/l f', '#log->-/tmp/l'],
    ],
    notMatch: ['vim f', 'vim -R -O2 a b', 'vim -u NONE -N f', 'vim +42 f', 'vim -d a b', 'vim -- -weird-file'],
  },
  rvim: {
    match: [
      ["rvim -c '!id' f", '#c'],
      ['rvim --cmd x f', '#cmd'],
      ['rvim --frobnicate f', '#unknown_option'],
    ],
    notMatch: ['rvim f', 'rvim -R -O2 a b'],
  },
  man: {
    match: [
      ["man -P 'rm x' ls", '#pager-[-rm-]'],
      ['man -Pless ls', '#pager'],
      ['man --pag=evil ls', '#pager'],
      ['man -H ls', '#html'],
      ['man --html=firefox ls', '#html'],
      ['man -C evil.conf ls', '#config_file'],
      ["man -p 'x;id' ls", '#preprocessor'],
      ['man -l ../x.1', '#outside'],
      ['man --frobnicate ls', '#unknown_option'],
    ],
    notMatch: ['man ls', 'man 5 crontab', 'man 3 printf', 'man -k socket', 'man -a git-log', 'man -p tr ls', 'man -Z ls'],
  },
  fzf: {
    match: [
      ["fzf --preview 'cat {}'", '#preview'],
      ["fzf --preview='cat {}'", '#preview'],
      ["fzf --bind 'enter:execute(vim {})'", '#bind'],
      ['fzf --bind=ctrl-r:reload:ls', '#bind'],
      ["fzf --bind 'enter:become(vim {})'", '#bind'],
      ['fzf --listen 6266', '#listen'],
      ["fzf --with-shell 'bash -c'", '#with_shell'],
      ['fzf --history=/tmp/h', '#history'],
      ['fzf --frobnicate', '#unknown_option'],
      ['fzf --evil=1', '#unknown_option'],
      ['fzf --walker-root=../x', '#walker_root'],
      ['fzf --walker-root=. /etc', '#walker_root'],
    ],
    notMatch: [
      'fzf',
      'fzf -m',
      'fzf --query foo',
      'fzf -m --height 40% --reverse',
      "fzf --bind 'ctrl-a:select-all,ctrl-d:deselect-all+up'",
      'fzf +s -q foo',
    ],
  },
  emacs: {
    match: [
      ['emacs --eval \'(shell-command "id")\'', '#eval'],
      ["emacs -eval '(x)'", '#eval'],
      ["emacs --ev='(x)'", '#eval'],
      ['emacs -l evil.el f', '#load'],
      ['emacs --load=evil.el f', '#load'],
      ['emacs --batch -f evil', '#funcall'],
      ['emacs -e evil', '#e'],
      ['emacs --script x.el', '#script'],
      ['emacs -x x.el', '#x'],
      ['emacs -L evil f', '#directory'],
      ['emacs --init-directory=/tmp/e', '#init_directory'],
      ['emacs ../x', '#outside'],
      ['emacs --frobnicate f', '#unknown_option'],
      ['emacs --evil notes.txt', '#unknown_option'],
      ['emacs -evil notes.txt', '#e'],
    ],
    notMatch: ['emacs f.txt', 'emacs -Q', 'emacs -nw +10 src/a.ts', 'emacs -Q -nw f'],
  },
  emacsclient: {
    match: [
      ['emacsclient -e \'(shell-command "id")\'', '#eval'],
      ["emacsclient --eval '(x)'", '#eval'],
      ['emacsclient -a vim f', '#alternate_editor'],
      ['emacsclient --alt=vim f', '#alternate_editor'],
      ['emacsclient ~/.bashrc', '#outside'],
    ],
    notMatch: ['emacsclient -n f.txt', 'emacsclient -nw src/a.ts', "emacsclient -c -a '' f.txt"],
  },
  nano: {
    match: [
      ['nano -s ./evil f', '#speller'],
      ['nano --speller=x f', '#speller'],
      ['nano --spell x f', '#speller'],
      ['nano --rcfile=evil.rc f', '#rcfile'],
      ['nano -f evil.rc f', '#rcfile'],
      ['nano ~/.bashrc', '#outside'],
      ['nano -C /tmp/b f', '#outside'],
      ['nano --frobnicate f', '#unknown_option'],
    ],
    notMatch: ['nano f.txt', 'nano -l +10 src/a.ts', 'nano -w -T 4 f'],
  },
  less: {
    match: [
      ['less -o /tmp/log f', '#log_file->-/tmp/log'],
      ['less --LOG-F=/tmp/log f', '#LOG_FILE'],
      ['less -k /tmp/keys f', '#lesskey_file'],
      ["less '+!id' f", '#+'],
      ['less --frobnicate f', '#unknown_option'],
    ],
    notMatch: ['less README.md', 'less -R +G log.txt', 'less -SN +/TODO f', 'less -+S f', 'less --RAW f'],
  },
};

export const RULES: readonly ProgramRule[] = rules(
  'editors',
  {
    effects,
    allowlist: [
      'vim',
      'vi',
      'nvim',
      'view',
      'vimdiff',
      'gvim',
      'rvim',
      'ex',
      'less',
      'more',
      'most',
      'man',
      'fzf',
      'emacs',
      'emacsclient',
      'nano',
    ],
    // Their operands are files (and man's with -l): one outside the project is compound.
    withDefaults: ['more', 'most', 'man', 'emacs', 'emacsclient', 'nano'],
  },
  EXAMPLES,
);
