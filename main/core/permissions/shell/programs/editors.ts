/**
 * Editors and pagers: vim family, emacs, nano, less/more/most, man, fzf. Commands given on the command line (`vim -c`, `less +!cmd`) and helper programs (`man -P`).
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, write, type Effect } from '../effects.js';
import { scanOptions, type Arg } from '../options.js';
import { opaque, script, isShort, isLong, valueOf, also } from './kit.js';
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
  for (const it of scanOptions(argv, 1, {
    shortValue: 'bhjkopPTxyzoO#',
    longValue: [
      'log-file',
      'LOG-FILE',
      'lesskey-file',
      'lesskey-src',
      'lesskey-content',
      'tag-file',
      'prompt',
      'tabs',
      'jump-target',
      'max-back-scroll',
      'max-forw-scroll',
      'window',
      'shift',
      'buffers',
    ],
    noAbbrev: true,
  })) {
    if (isShort(it, 'oO') || isLong(it, ['log-file', 'LOG-FILE'])) out.push(write('log-file', valueOf(it), `${name} -o writes a log file`));
    if (isShort(it, 'k') || isLong(it, ['lesskey-file', 'lesskey-src', 'lesskey-content']))
      out.push(exec('lesskey', opaque(), `${name} --lesskey can bind keys to shell commands`));
  }
  return out;
}

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

const effects: Readonly<Record<string, Check>> = {
  man,
  fzf,
  vim: also(vim, vimFiles),
  vi: also(vim, vimFiles),
  nvim: also(vim, vimFiles),
  view: also(vim, vimFiles),
  vimdiff: also(vim, vimFiles),
  gvim: also(vim, vimFiles),
  rvim: also(vim, vimFiles),
  ex: also(vim, vimFiles),
  emacs,
  emacsclient: emacs,
  nano,
  less: pager,
  more: pager,
  most: pager,
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  vim: { match: [["vim -c '!rm x' f", '#c-[-?']] },
  man: { match: [["man -P 'rm x' ls", '#pager-[-rm-]']] },
  less: { notMatch: ['less README.md'] },
};

export const RULES: readonly ProgramRule[] = rules('editors', { effects }, EXAMPLES);
