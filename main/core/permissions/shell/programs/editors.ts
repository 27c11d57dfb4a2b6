/**
 * Editors and pagers: vim family, emacs, nano, less/more/most, man, fzf. Commands given on the command line (`vim -c`, `less +!cmd`) and helper programs (`man -P`).
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, write, type Effect } from '../effects.js';
import { scanOptions, type Arg } from '../options.js';
import { opaque, script, isShort, isLong, valueOf, also } from './kit.js';
import { optionTable, readOptions, type OptionTable } from './optionTable.js';
import { rules, type Check, type ProgramRule, type Examples } from './rule.js';

function man(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (const it of scanOptions(argv, 1, {
    shortValue: 'PCMSemLpRTEr',
    shortOptional: 'HX',
    longValue: [
      'pager',
      'config-file',
      'manpath',
      'sections',
      'extension',
      'systems',
      'locale',
      'preprocessor',
      'recode',
      'encoding',
      'prompt',
    ],
    longOptional: ['html', 'gxditview'],
  })) {
    if (isShort(it, 'P') || isLong(it, ['pager'])) out.push(exec('pager', script(valueOf(it)), 'man -P runs a pager program'));
    if (isShort(it, 'H') || isLong(it, ['html']))
      out.push(exec('html', valueOf(it) === null ? opaque() : script(valueOf(it)), 'man -H runs a web browser'));
    if (isShort(it, 'X') || isLong(it, ['gxditview'])) out.push(exec('gxditview', opaque(), 'man -X runs gxditview'));
    if (isShort(it, 'C') || isLong(it, ['config-file']))
      out.push(exec('config-file', opaque(), 'man -C reads a configuration that can DEFINE the pager and formatters'));
  }
  return out;
}

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

function emacs(argv: readonly Arg[]): Effect[] {
  return argv
    .slice(1)
    .flatMap((a) =>
      a === null || /^(--eval|-l|--load|-f|--funcall|--script|-x|--batch-eval|-L|--directory)(=|$)/.test(a)
        ? [exec('eval', opaque(a), 'emacs runs Lisp code given on the command line')]
        : [],
    );
}

function nano(argv: readonly Arg[]): Effect[] {
  return scanOptions(argv, 1, {
    shortValue: 'sYoCTrXQ',
    longValue: ['speller', 'syntax', 'operatingdir', 'backupdir', 'tabsize', 'fill', 'wordchars', 'quotestr', 'rcfile'],
  })
    .filter((it) => isShort(it, 's') || isLong(it, ['speller']))
    .map((it) => exec('speller', script(valueOf(it)), 'nano --speller runs a program'));
}

function fzf(argv: readonly Arg[]): Effect[] {
  return argv
    .slice(1)
    .flatMap((a) =>
      a === null || /^--(preview|bind|with-shell|listen)/.test(a) ? [exec('preview', opaque(a), 'fzf --preview/--bind runs commands')] : [],
    );
}

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
  emacsclient: emacs,
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
  man: { match: [["man -P 'rm x' ls", '#pager-[-rm-]']] },
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
  { effects, allowlist: ['vim', 'vi', 'nvim', 'view', 'vimdiff', 'gvim', 'ex', 'less', 'more', 'most'], withDefaults: ['more', 'most'] },
  EXAMPLES,
);
