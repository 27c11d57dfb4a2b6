/**
 * Language interpreters: inline code (`python -c`, `node -e`, `perl -e`, …) is opaque, pinned by its hash in the key; a script file is named.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, write, type Effect } from '../effects.js';
import { scanOptions } from '../options.js';
import { opaque, isShort, isLong, valueOf, HELP } from './kit.js';
import { javaOptions, NODE_TABLE, PERL_TABLE, PYTHON_TABLE, RUBY_TABLE } from './interpreterOptions.js';
import { programOptions } from './programOptions.js';
import { rules, type Check, type SubcommandSpec, type ProgramRule, type Examples } from './rule.js';

/**
 * Interpreters: the options before the script (or `-m module`) are the interpreter's own. The scan
 * stops at the first operand, except right after a long option the table does not know, which may
 * take that word as its value (`node --title x -e …`, `python3 --check-hash-based-pycs always -c …`):
 * stopping there would hide the inline code that follows. `stopLetters` end the interpreter's
 * options (python `-m module`: the rest belong to the module).
 */
function inlineCode(name: string, letters: string, longs: readonly string[] = [], shortValue = '', stopLetters = ''): Check {
  return (argv) => {
    const out: Effect[] = [];
    for (const it of scanOptions(argv, 1, { shortValue: letters + shortValue + stopLetters, longValue: longs })) {
      if (it.kind === 'operand' || it.kind === 'dynamic') {
        const prev = it.word > 1 ? argv[it.word - 1] : undefined;
        if (typeof prev === 'string' && /^--[^=]+$/.test(prev)) continue;
        break;
      }
      if (isShort(it, letters) || isLong(it, longs)) out.push(exec(it.name, opaque(valueOf(it)), `${name} runs inline code`));
      if (name === 'perl' || name === 'ruby') if (isShort(it, 'i')) out.push(write('i', null, `${name} -i edits files in place`));
      if (stopLetters && isShort(it, stopLetters)) break;
    }
    return out;
  };
}

const effects: Readonly<Record<string, Check>> = {
  jrunscript: inlineCode('jrunscript', 'e'),
  gnuplot: inlineCode('gnuplot', 'e'),
  octave: inlineCode('octave', '', ['eval']),
  'ts-node': inlineCode('ts-node', 'ep', ['eval', 'print']),
  ipython: inlineCode('ipython', 'c'),
  ipython3: inlineCode('ipython3', 'c'),
  groovy: inlineCode('groovy', 'e'),
  scala: inlineCode('scala', 'e'),
  ghc: inlineCode('ghc', 'e'),
  guile: inlineCode('guile', 'ce', [], 'lLx'),
  racket: inlineCode('racket', 'eer', ['eval', 'require']),
  sbcl: inlineCode('sbcl', '', ['eval', 'load', 'script']),
  clisp: inlineCode('clisp', 'x'),
  elixir: inlineCode('elixir', 'er', ['eval']),
  // dc: "!" runs the rest of the line as a shell command; -f reads a script file.
  dc: inlineCode('dc', 'ef', ['expression', 'file']),
  tsx: inlineCode('tsx', 'ep', ['eval', 'print']),
  python: inlineCode('python', 'c', [], 'WXQ', 'm'),
  python2: inlineCode('python2', 'c', [], 'WXQ', 'm'),
  python3: inlineCode('python3', 'c', [], 'WXQ', 'm'),
  pypy: inlineCode('pypy', 'c', [], 'WXQ', 'm'),
  pypy3: inlineCode('pypy3', 'c', [], 'WXQ', 'm'),
  node: inlineCode('node', 'epr', ['eval', 'print', 'require', 'import', 'loader', 'experimental-loader'], 'C'),
  nodejs: inlineCode('nodejs', 'epr', ['eval', 'print', 'require', 'import', 'loader', 'experimental-loader'], 'C'),
  deno: (argv, sub) =>
    sub.subcommand === 'eval' ? [exec('eval', opaque(argv[(sub.index ?? 0) + 1] ?? null), 'deno eval runs inline code')] : [],
  perl: inlineCode('perl', 'eE', [], 'IMm'),
  ruby: inlineCode('ruby', 'e', [], 'rICEF'),
  php: inlineCode('php', 'rBRE', [], 'cdz'),
  lua: inlineCode('lua', 'e', [], 'l'),
  luajit: inlineCode('luajit', 'e', [], 'l'),
  Rscript: inlineCode('Rscript', 'e'),
  R: inlineCode('R', 'e'),
  julia: inlineCode('julia', 'eE', ['eval', 'print']),
  osascript: inlineCode('osascript', 'e'),
  tclsh: (argv) => (argv.length > 1 ? [] : [exec('stdin', opaque(), 'tclsh reads commands from stdin')]),
};

/** The option allowlists (interpreterOptions.ts): an option they do not know is compound. */
const PYTHON = programOptions('python', PYTHON_TABLE);
const NODE = programOptions('node', NODE_TABLE);
const options: Readonly<Record<string, Check>> = {
  python: PYTHON,
  python2: PYTHON,
  python3: PYTHON,
  pypy: PYTHON,
  pypy3: PYTHON,
  node: NODE,
  nodejs: NODE,
  ruby: programOptions('ruby', RUBY_TABLE),
  perl: programOptions('perl', PERL_TABLE),
  java: javaOptions,
};

const subcommands: Readonly<Record<string, SubcommandSpec>> = {
  deno: { grammar: { noAbbrev: true }, flags: [...HELP, '-q', '--quiet', '--unstable'] },
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  python2: { match: [['python2 -c x', '#c']], notMatch: ['python2 script.py'] },
  python3: { match: [["python3 -c 'import os'", '#c']], notMatch: ['python3 -m pytest -q'] },
  pypy: { match: [['pypy -c x', '#c']], notMatch: ['pypy script.py'] },
  pypy3: { match: [['pypy3 -c x', '#c']], notMatch: ['pypy3 -m http.server'] },
  nodejs: { match: [['nodejs -e x', '#e']], notMatch: ['nodejs app.js'] },
  python: {
    match: [
      ["python -c 'print(1)'", '#c-[-?'],
      ['python --frob x.py', '#unknown_option'],
      ['python -X presite=m x.py', '#unknown_option'],
      ['python -X pycache_prefix=/tmp/p x.py', '#X'],
    ],
    notMatch: ['python script.py', 'python -X dev -W error x.py', 'python -m pytest -q --frob', 'python x.py --frob'],
  },
  node: {
    match: [
      ["node -e 'x'", '#e-[-?'],
      ['node --frob x.js', '#unknown_option'],
      ['node --inspect=0.0.0.0:9229 x.js', '#inspect'],
      ['node --env-file=/tmp/e x.js', '#env_file'],
      ['node --test-reporter=./r.mjs --test', '#test_reporter'],
      ['node --redirect-warnings=/tmp/w x.js', '#redirect_warnings'],
    ],
    notMatch: ['node --inspect x.js', 'node --max-old-space-size=4096 x.js', 'node --env-file=.env x.js', 'node x.js --frob'],
  },
  ruby: {
    match: [
      ['ruby --frob x.rb', '#unknown_option'],
      ['ruby -r/tmp/x x.rb', '#r'],
      ['ruby -I /tmp x.rb', '#I'],
    ],
    notMatch: ['ruby -w -rjson x.rb', 'ruby -Ilib x.rb', 'ruby x.rb --frob'],
  },
  perl: {
    match: [
      ['perl --frob x.pl', '#unknown_option'],
      ["perl '-Mstrict;system q(id)' x.pl", '#M'],
      ['perl -I/tmp x.pl', '#I'],
    ],
    notMatch: ['perl -Ilib -MData::Dumper x.pl', 'perl -wc x.pl', 'perl x.pl --frob'],
  },
  java: {
    match: [
      ['java --frob Main', '#unknown_option'],
      ['java -javaagent:/tmp/a.jar Main', '#agent'],
      ['java @opts Main', '#argfile'],
      ['java -XX:OnError=id Main', '#unknown_option'],
      ['java -Djava.system.class.loader=E Main', '#D'],
    ],
    notMatch: ['java -Xmx512m -XX:+UseG1GC -Dapp.mode=dev -jar app.jar --frob', 'java -cp lib/a.jar Main', 'java -version'],
  },
};

export const RULES: readonly ProgramRule[] = rules('interpreters', { effects, options, subcommands }, EXAMPLES);
