#!/usr/bin/env node
/**
 * Generates main/core/permissions/shell/programs/helpTables.ts from the installed GNU and util-linux
 * programs' own `--help`: coreutils, grep, gzip, diffutils, util-linux, bsdutils, procps, psmisc,
 * xz-utils. The spec library describes the BSD flavours of these tools (its `tail` knows `-f` and
 * `-r`), so these tables come from the programs a Linux machine actually runs.
 *
 * Every option line of the help is read (a line that starts with spaces and a dash): its spelling,
 * up to the two spaces before the description, is split at `, -`; a one-letter name after one dash
 * is a short option, a name after two dashes a long one. `=ARG`, ` ARG`, ` <arg>` make it take a
 * value, `[=ARG]` an optional attached one; a short option given with a long one takes the long
 * one's value when that is required ("Mandatory arguments to long options are mandatory for short
 * options too"). A placeholder such as `-NUM` or `-COLUMN` is not an option (the `numeric` setting
 * reads those). The usage lines say whether the program runs a command it is given
 * (`COMMAND`, `<program>`): such a program is a wrapper, which needs a hand rule to be read.
 *
 * Run: `node build/specs/helpTables.mjs` (writes the file); `--check` fails if it would change it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packTokens } from './tableSpecText.mjs';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'main', 'core', 'permissions', 'shell', 'programs', 'helpTables.ts');
const WIDTH = 100;

/**
 * The programs, by package. Left out: those whose words are not options as getopt reads them
 * (echo, printf, test, [, expr, true, false: shell builtins or expression readers; stty's `-echo` is a
 * setting; kill's `-9` a signal; ps, top and w take BSD-style letters), and scripts that pass their
 * options on to another program (zgrep, xzdiff …), whose own help does not list them.
 */
const PACKAGES = {
  coreutils: `arch b2sum base32 base64 basename basenc cat chcon chgrp chmod chown cksum comm cp csplit cut date dd df dir
    dircolors dirname du env expand factor fmt fold groups head hostid id install join link ln logname ls md5sum mkdir mkfifo
    mknod mktemp mv nice nl nohup nproc numfmt od paste pathchk pinky pr printenv ptx pwd readlink realpath rm rmdir runcon seq
    sha1sum sha224sum sha256sum sha384sum sha512sum shred shuf sleep sort split stat stdbuf sum sync tac tail tee timeout touch
    tr truncate tsort tty uname unexpand uniq unlink users vdir wc who whoami yes`,
  grep: 'grep',
  gzip: 'gzip gunzip zcat',
  diffutils: 'cmp diff diff3 sdiff',
  'util-linux': `choom chrt dmesg fallocate findmnt flock getopt hardlink ionice ipcmk ipcrm ipcs last lsblk lscpu lsipc lslocks
    lslogins lsmem lsns mcookie mesg namei nsenter prlimit rev setarch setpriv setsid setterm taskset uclampset unshare utmpdump
    wdctl whereis`,
  bsdutils: 'logger renice script scriptlive scriptreplay',
  procps: 'free pgrep pidwait pkill pmap pwdx uptime vmstat',
  psmisc: 'fuser killall pstree',
  'xz-utils': 'xz unxz xzcat',
};

/** Programs that read `-<digits>` as an option: head -20, tail -5, fmt -72, fold -80, uniq -2, expand -4, pr -2, seq -5 (a number), grep -3 (`-NUM`: --context=NUM), renice -5 (a priority: `renice [-n] priority`). */
const NUMERIC = new Set(['head', 'tail', 'fmt', 'fold', 'uniq', 'expand', 'unexpand', 'pr', 'seq', 'gzip', 'gunzip', 'zcat', 'xz', 'unxz', 'xzcat', 'grep', 'renice']);

/**
 * What a help does not say. chmod reads a mode that starts with a dash as options too (`chmod -x
 * file`: chmod.c's getopt string holds the mode letters `rwxXstugoa`), so they are its flags.
 * scriptlive runs a terminal log's typed input in a shell: it runs commands, though its usage does
 * not say COMMAND.
 */
const EXTRA_OPTIONS = { chmod: 'r| w| x| X| s| t| u| g| o| a|' };
const RUNS = new Set(['scriptlive']);

const env = { ...process.env, LC_ALL: 'C', COLUMNS: '80' };

/** Programs whose `--help` lists only the common options; the full list is behind another flag. */
const FULL_HELP = { xz: '--long-help', unxz: '--long-help', xzcat: '--long-help' };

const help = (program) => {
  const r = spawnSync(program, [FULL_HELP[program] ?? '--help'], { encoding: 'utf8', env });
  if (r.error) throw new Error(`${program}: ${r.error.message}`);
  // psmisc prints its help on stderr.
  return r.stdout !== '' ? r.stdout : r.stderr;
};

const rank = { '': 0, '=?': 1, '=': 2 };

/**
 * What one part of a spelling (`-c`, `--bytes=[-]NUM`, `--color[=WHEN]`, `--lines <num>`) says of its
 * value: a placeholder is `=X`, `<x>` or a word in capitals; anything else after one space is the
 * description of a spelling that filled its column (`-h, --highlight-all highlight current …`).
 */
function arityOf(rest) {
  if (/^ ?\[/.test(rest)) return '=?';
  if (/^=|^ ?<|^ [A-Z0-9_]+(?![a-z])/.test(rest)) return '=';
  return '';
}

/** The option tokens of one program's help, and whether its usage names a command it runs. */
function read(program) {
  const text = help(program);
  const shorts = new Map();
  const longs = new Map();
  // A long option listed both bare and with a value (`--check`, `--check=diagnose-first`) takes an optional one.
  const bare = new Set();
  const valued = new Set();
  const add = (map, name, arity) => {
    const had = map.get(name);
    if (had === undefined || rank[arity] > rank[had]) map.set(name, arity);
  };
  for (const line of text.split('\n')) {
    if (!/^\s+-/.test(line)) continue;
    // stat's `-c  --format=FORMAT` pairs a short and a long option with spaces where others put `, `.
    const spelling = line.trim().replace(/^(-[A-Za-z0-9])\s{2,}(?=--[A-Za-z])/, '$1, ').split(/\s{2,}|\t/)[0];
    const parts = spelling.split(/,\s*(?=-)/);
    const read = [];
    for (const part of parts) {
      const m = /^(--?)([A-Za-z0-9?][A-Za-z0-9_.?-]*)(.*)$/.exec(part);
      if (!m) continue;
      if (m[1] === '-') {
        // `-NUM`, `-COLUMN`: a placeholder for a number, not the letters N, C …
        if (/^[A-Z]{2,}$/.test(m[2])) continue;
        read.push({ short: true, name: m[2][0], arity: arityOf(m[2].slice(1) + m[3]) });
      } else read.push({ short: false, name: m[2], arity: arityOf(m[3]), literal: /^=[a-z][a-z-]*$/.test(m[3]) });
    }
    // The long option's value is mandatory for the short one too, when it is a placeholder
    // (`--bytes=[-]NUM`, `--lines <num>`); `--check=quiet` spells one value of an option, and its
    // short option (`-C`) is that value already.
    const placeholder = read.some((r) => !r.short && r.arity === '=' && r.literal !== true);
    for (const r of read) {
      if (r.short) add(shorts, r.name, r.arity !== '' ? r.arity : placeholder ? '=' : '');
      else {
        add(longs, r.name, r.arity);
        (r.arity === '' ? bare : valued).add(r.name);
      }
    }
  }
  for (const name of bare) if (valued.has(name)) longs.set(name, '=?');
  // The synopsis lines (one space, then the program's name): a command operand makes it a wrapper.
  const synopsis = text.split('\n').filter((l) => l.startsWith(`Usage: ${program} `) || l.startsWith(`  or:  ${program} `) || l.startsWith(` ${program} `));
  const runs = /\bCOMMAND\b|\bPROGRAM\b|<command>|<program>|\bcmd\b|\bcommand \[/.test(synopsis.join('\n'));
  const byCode = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  const tokens = [
    ...[...shorts].sort(([a], [b]) => byCode(a, b)).map(([n, a]) => `${n}|${a}`),
    ...[...longs].sort(([a], [b]) => byCode(a, b)).map(([n, a]) => `${n}${a}`),
  ];
  return { tokens, runs };
}

/** Tokens wrapped into lines of at most WIDTH characters, as a string constant's pieces. */
function wrap(toks, indent) {
  return packTokens(toks, WIDTH).map((l) => `${indent}'${l}'`).join(` +\n`).replace(/'\s\+\n(\s+)'/g, ` ' +\n$1'`);
}

const versionOf = (program) => {
  const r = spawnSync(program, ['--version'], { encoding: 'utf8', env });
  const first = (r.stdout || r.stderr).split('\n')[0];
  return /(\d+(?:\.\d+)+)/.exec(first)?.[1] ?? '?';
};

const VERSION_FROM = { coreutils: 'ls', grep: 'grep', gzip: 'gzip', diffutils: 'diff', 'util-linux': 'lsblk', bsdutils: 'logger', procps: 'free', psmisc: 'pstree', 'xz-utils': 'xz' };
const sources = Object.keys(PACKAGES).map((p) => `${p} ${versionOf(VERSION_FROM[p])}`);

const entries = [];
for (const [pkg, list] of Object.entries(PACKAGES))
  for (const program of list.split(/\s+/).filter(Boolean)) {
    const { tokens, runs } = read(program);
    if (tokens.length === 0) throw new Error(`${program} --help lists no option: leave it out`);
    const flags = [`from: '${pkg}'`];
    if (runs || RUNS.has(program)) flags.push('runs: true');
    if (NUMERIC.has(program)) flags.push('numeric: true');
    entries.push(`  '${program}': {\n    ${flags.join(', ')},\n    options:\n${wrap([...(EXTRA_OPTIONS[program]?.split(' ') ?? []), ...tokens], '      ')},\n  },`);
  }

const header = `/**
 * GENERATED by build/specs/helpTables.mjs from ${sources.slice(0, 4).join(', ')},
 * ${sources.slice(4).join(', ')}
 * (each program's \`--help\`, Debian) — do not edit. Every option line's spelling is split at \`, -\`:
 * a one-letter name after one dash is a short option, a name after two dashes a long one; \`=ARG\`,
 * \` ARG\` and \` <arg>\` take a value, \`[=ARG]\` an optional attached one, and a short option takes its
 * long option's required placeholder value. \`runs\`: the usage names a command the program runs (a
 * wrapper: helpRules.ts never reads it as simple). \`numeric\`: \`-<digits>\` is an option (head -20).
 * chmod's mode letters and scriptlive's running of a log are the generator's two additions.
 */

export interface HelpTable {
  /** The Debian package the program comes from. */
  from: string;
  /** The usage names a command the program runs. */
  runs?: true;
  /** \`-<digits>\` is an option. */
  numeric?: true;
  /** The options, in optionTable.ts's compact spec. */
  options: string;
}

export const HELP_TABLES: Readonly<Record<string, HelpTable>> = {
${entries.join('\n')}
};
`;

if (process.argv.includes('--check')) {
  if (readFileSync(OUT, 'utf8') !== header) {
    console.error(`${OUT} is not what build/specs/helpTables.mjs generates from the installed programs`);
    process.exit(1);
  }
} else writeFileSync(OUT, header);
