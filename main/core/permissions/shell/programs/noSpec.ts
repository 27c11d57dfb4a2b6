/**
 * The rule of a program the classifier holds no option table for (docs/permissions.md, "The
 * default for a program without a spec"). Without a table nothing says which option takes a
 * value, which operand is a file, or which option loads code, so the rule keeps to what holds for
 * any program and makes the call compound when an argument could reach past the project:
 *
 *   1. a path outside the project anywhere in an argument: an operand, an option's value
 *      (`--opt=../x`, the next word, `-o../x` attached to a short option), a `key=value` or
 *      `a,b` piece, `@file`, a `file:` URL. Outside: absolute, `~`, or climbing out with `..`,
 *      after quote removal (`/dev/null` discards and does not count). Reads outside the project
 *      follow read_file, which refuses them: a command reading there asks every time.
 *   2. code named by a remote specifier: `npm:`, `jsr:`, `git+…`, `github:`, `ssh://`, and
 *      `http(s)://` anywhere but this machine (loopback: a local dev server is everyday).
 *   3. a long option (or a single-dash word of three letters or more, Go's flag package and
 *      Java spell them so) whose name says it runs or loads something, or moves the program's
 *      working folder: exec, eval, command, shell, script, require, preload, load(er), plugin,
 *      extension, bootstrap, init, setup, config, rc, hook, wrapper, launcher, runner,
 *      interpreter, compiler, linker, editor, pager, browser, program, cwd, chdir, workdir,
 *      unsafe, insecure, privileged, dangerously… The name is read as words (`--config-file`,
 *      `--setupFiles`, `-chdir`), so the next spelling of the same option is caught too. A name
 *      that only turns such a thing off (`--no-config`, `--ignore-scripts`, `--skip-plugins`)
 *      without a value is a plain flag. A hook named for its event (`--onSuccess`, `--on-change`)
 *      is read so too. Spared, since they name no code: a plain `--init` given no value, a
 *      configuration-only name given a configuration's plain name (`--configuration production`)
 *      or, with `=`, a file of the project (`--rcfile=.pylintrc`), and a list of file extensions.
 *
 * For a program with no rule and a spec program (a hand rule's checks know these), four more:
 *   4. a shell or interpreter with its inline-code option, in separate words or one (`nyc sh -c
 *      id`, `pm2 start "bash -lc x"`);
 *   5. an operand naming an action that runs code (eval, exec, runner) followed by code or a
 *      command line (`crystal eval '…'`, `firebase emulators:exec 'npm test'`);
 *   6. a repository address without a scheme (`github.com/u/r`, `git@github.com:u/r.git`);
 *   7. an unsafe mode asked for by value (`--safe-mode=unsafe`, `-Z shell-escape`).
 *
 * Everything else — flags, short options, values and operands inside the project — is read as
 * plain, as the program most likely means it. That is the trade-off against over-blocking: an
 * unknown program's `-x 3`, `--watch`, `src/` are everyday (the everyday fixture keeps that
 * cost measured). `--help`, `--version` and `-V` are plain flags by rules 1–3 too.
 *
 * A short option's letter means something else in each program (`-C dir` for make, context
 * lines for grep), so letters are never matched by name: the folder `-C ../x` names is caught
 * by rule 1, and a folder inside the project holds only the project's own code.
 */
import { exec, risk, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { opaque, outsideProject } from './kit.js';

/** Words in an option's name that say it runs, loads or relocates something (see the file comment). */
const RUNS_WORDS = new Set([
  'exec',
  'execute',
  'executable',
  'eval',
  'evaluate',
  'cmd',
  'command',
  'commands',
  'shell',
  'script',
  'scripts',
  'require',
  'requires',
  'preload',
  'load',
  'loader',
  'loaders',
  'plugin',
  'plugins',
  'extension',
  'extensions',
  'addon',
  'addons',
  'bootstrap',
  'init',
  'setup',
  'config',
  'configs',
  'configuration',
  'conf',
  'cfg',
  'rc',
  'rcfile',
  'settings',
  'autoload',
  'renderer',
  'helper',
  'hook',
  'hooks',
  'wrapper',
  'wrap',
  'launcher',
  'runner',
  'interpreter',
  'compiler',
  'linker',
  'editor',
  'pager',
  'browser',
  'program',
  'prog',
  'cwd',
  'chdir',
  'workdir',
  'working',
  'unsafe',
  'insecure',
  'privileged',
  'dangerously',
]);

/** Leading words that only turn a thing off: `--no-config`, `--ignore-scripts`, `--skip-plugins`. */
const OFF_WORDS = new Set(['no', 'ignore', 'skip', 'disable', 'without']);

/** The words of an option name: `config-file`, `setupFiles`, `load_restrictor`, `-chdir`. */
export function optionWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[-_. ]+/)
    .filter(Boolean);
}

/**
 * True when an option name says it runs, loads or relocates something, and does not only turn it
 * off (`--no-config`; given `=value`, it is no plain negation).
 */
export function runsByName(name: string, attachedValue: boolean): boolean {
  const words = optionWords(name);
  // A hook named for the event it waits for: `--onSuccess CMD`, `--on-change`, `--on-fail`.
  const hook = words[0] === 'on' && words.length > 1;
  if (!hook && !words.some((w) => RUNS_WORDS.has(w))) return false;
  return attachedValue || !OFF_WORDS.has(words[0]!);
}

/**
 * Option names whose one word sets something up rather than naming code: `--init` (tsc, tflint)
 * creates a starter config. Given no value (the last word, or an option next), it is a plain flag;
 * given one (`--init=x`, `--init ./x.sh`), it is read as rule 3 reads any other.
 */
const FLAG_WHEN_ALONE = new Set(['init']);

/**
 * Words that name a configuration rather than code: given a plain name (`--configuration
 * production`, `--config Release`, `--rcfile pylintrc`), the option picks one of the project's own
 * named configurations or files. A path is read by rule 1, a specifier (`python:mod`, `@scope/x`,
 * `pkg-name`) by rule 3.
 */
const CONFIG_WORDS = new Set(['config', 'configs', 'configuration', 'conf', 'cfg', 'rc', 'rcfile', 'settings']);
/** A configuration's plain name: letters, digits and underscores. */
const CONFIG_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** A list of file extensions (`.ts,.tsx`, `.js`): names no file, module or program. */
const EXTENSION_LIST = /^\.[A-Za-z0-9]+(,\.[A-Za-z0-9]+)*$/;

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)(:\d+)?([/?#]|$)/i;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/** Registry and VCS specifiers that name code to fetch: `npm:x`, `jsr:@s/x`, `git+https://…`, `github:u/r`. */
const REMOTE_SCHEMES = new Set([
  'npm',
  'jsr',
  'github',
  'gitlab',
  'bitbucket',
  'gist',
  'git',
  'ssh',
  'sftp',
  'ftp',
  's3',
  'gs',
  'hg',
  'svn',
  // Container images a program pulls and runs (`apptainer run docker://…`, `oci://…`).
  'docker',
  'oci',
]);

/** A remote specifier in `piece` (a URL not on this machine, or a registry/VCS specifier), or undefined. */
export function remoteCode(piece: string): string | undefined {
  const m = SCHEME.exec(piece);
  if (!m) return undefined;
  const scheme = m[1]!.toLowerCase();
  if (scheme.startsWith('git+') || REMOTE_SCHEMES.has(scheme)) return piece;
  if (scheme === 'http' || scheme === 'https' || scheme === 'ws' || scheme === 'wss')
    return LOOPBACK.test(piece.slice(m[0].length).replace(/^\/\//, '')) ? undefined : piece;
  return undefined;
}

/**
 * A shell or interpreter (by its name, any folder or version suffix): followed by its inline-code
 * option (`sh -c`, `bash -lc`, `node -e`, `python3 -c`, `pwsh -Command`), the words are a program to run.
 */
const INTERPRETER =
  /^(?:.*\/)?(?:sh|bash|dash|zsh|ksh|mksh|ash|fish|csh|tcsh|pwsh|powershell|cmd|busybox|python[\d.]*|pypy3?|node(?:js)?|deno|bun|perl[\d.]*|ruby[\d.]*|php[\d.]*|lua(?:jit)?[\d.]*|Rscript|osascript|tclsh[\d.]*)(?:\.exe)?$/;
/** The inline-code option, alone or in a cluster (`bash -lc`, `sh -ec`, `perl -lne`, `ruby -rx`). */
const INLINE_OPTION = /^(?:-[A-Za-z]*[ceEr][A-Za-z]*|--eval|--print|--command|-Command|\/[cC])$/;

/**
 * Rule 4: a shell or interpreter with inline code, as two words (`nyc sh -c id`) or inside one
 * (`pm2 start "sh -c id"`, `--onSuccess 'node -e x'` read by rule 3 too): the code, or undefined.
 */
function inlineCode(word: string, next: Arg | undefined): string | undefined {
  const tokens = word.trim().split(/\s+/);
  if (tokens.length > 1 && INTERPRETER.test(tokens[0]!) && INLINE_OPTION.test(tokens[1]!)) return word;
  for (const piece of word.split('=').slice(1)) {
    const t = piece.trim().split(/\s+/);
    if (t.length > 1 && INTERPRETER.test(t[0]!) && INLINE_OPTION.test(t[1]!)) return word;
  }
  return INTERPRETER.test(word) && typeof next === 'string' && INLINE_OPTION.test(next) ? `${word} ${next}` : undefined;
}

/** Words naming an action that runs what follows it: `crystal eval CODE`, `rails runner CODE`, `firebase emulators:exec CMD`. */
const RUNS_OPERAND = new Set(['eval', 'exec', 'runner']);
/** A word that reads as code or a command line rather than a name: spaces, calls, statements. */
const CODE_LIKE = /\s|[();{}]/;

/**
 * Rule 5: an operand naming an action that runs code (eval, exec, runner), followed by a word that
 * reads as code; or a word that is itself such a line (`sbt 'eval sys.process…'`): the code.
 */
function codeOperand(word: string, next: Arg | undefined): string | undefined {
  const first = word.trim().split(/\s+/);
  if (first.length > 1 && RUNS_OPERAND.has(first[0]!.toLowerCase())) return word;
  const names = word.toLowerCase().split(/[:._-]/);
  return names.some((n) => RUNS_OPERAND.has(n)) && typeof next === 'string' && CODE_LIKE.test(next) ? next : undefined;
}

/**
 * Rule 6: a repository address without a scheme: a code host's path (`github.com/u/r+target`) or
 * scp-like `user@host.tld:path` (`git@github.com:u/r.git`): code fetched from there.
 */
const CODE_HOST = /^(?:(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org|gitee\.com|git\.sr\.ht)\/|[\w.-]+@[\w-]+(?:\.[\w-]+)+:)/i;

/**
 * Rule 7: a value or operand that asks for an unsafe mode by name (`--safe-mode=unsafe`, `-S unsafe`;
 * `tectonic -Z shell-escape`, TeX's `\\write18` running commands).
 */
const UNSAFE_VALUE = /^(?:unsafe|insecure|shell[-_]?escape)$/i;

/** A file name with an extension (`webpack.prod.js`, `conf/app.yaml`): what a spec's file option takes. */
const FILE_NAME = /^[\w./-]*\w\.[A-Za-z0-9]+$/;

/** A dotfile, maybe in a folder (`.pylintrc`, `config/.mocharc`). */
const DOTFILE = /^(?:[\w-]+\/)*\.\w[\w.-]*$/;

/**
 * A slash switch with a value: `/p:`, `/t:`, `/bl:` (one or two letters, then a colon). Longer
 * names are not read so: `/etc:data` (a mount's host side) stays a path.
 */
const SLASH_SWITCH = /^\/[A-Za-z]{1,2}:/;

/** Devices that hold no file of anyone's: reading or writing them reaches nothing outside the project. */
const DEVICES = /^\/dev\/(null|zero|u?random|std(in|out|err)|tty|fd\/\d+)$/;

/** A build label rooted at the workspace (Bazel, Buck, Pants: `//pkg:target`, `//...`), not a path. */
const BUILD_LABEL = /^\/\/[^/][^:]*:[^/]*$|^\/\/(.*\/)?\.\.\.$/;

/** A path outside the project named by `piece` (a `file:` URL's path too), or undefined. */
function outsidePiece(piece: string): string | undefined {
  if (BUILD_LABEL.test(piece)) return undefined;
  let p = piece.startsWith('@') ? piece.slice(1) : piece;
  if (/^file:/i.test(p)) p = p.slice(5).replace(/^\/\/(localhost)?(?=\/)/i, '');
  return p !== '' && outsideProject(p) && !DEVICES.test(p) ? piece : undefined;
}

/**
 * The pieces of a word that may each be a path or specifier: the word, what follows `=` or `,`
 * (`--opt=v`, `type=bind,src=/x`), what follows a `:` that is no URL scheme (`a:/etc`), and
 * for a short-option word every attached tail (`-o../x`, `-vo/tmp/x`).
 */
export function pieces(word: string): string[] {
  const out = SLASH_SWITCH.test(word) ? [] : [word];
  // The tails after each option letter of a cluster (`-vo/tmp/x`: `o/tmp/x`, `/tmp/x`); the letters
  // end at the first other character, past which is the value (`-destination=mocks/a.go` has no
  // tail `/a.go`: it is one path, read after the `=`).
  if (/^-[^-]/.test(word)) for (let k = 2; k < word.length && /[A-Za-z0-9]/.test(word[k - 1]!); k++) out.push(word.slice(k));
  for (let part of word.split(/[=,]/)) {
    // A switch spelled with a slash (`/p:Configuration=Release`, msbuild and Windows tools): its
    // value is what follows the colon; the switch itself names no folder.
    const slashSwitch = SLASH_SWITCH.exec(part);
    if (slashSwitch) part = part.slice(slashSwitch[0].length);
    out.push(part);
    if (!SCHEME.test(part) || /^file:/i.test(part)) for (const sub of part.split(':')) out.push(sub);
    else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(part)) out.push(part.slice(part.indexOf(':') + 1));
  }
  return out;
}

/**
 * The default's effects for a call's arguments (see the file comment). `policy`: `none`, the
 * program has no rule; `default`, a hand rule whose checks know what it fetches and runs — a web
 * URL is then left to them; `spec`, the spec library's table, which knows every option the program
 * has and which of them take a file: rule 3 then spares an option given a file inside the project
 * (`webpack --config webpack.prod.js`: the project's own code), while a flag (`--enable-exec`), a
 * command (`--exec "sh x"`) or a module name (`--plugin=x`) is still keyed. Paths and remote code
 * apply to every policy: a spec marks them only where its authors did. An option the checks
 * `reported` already is not keyed twice (find -exec, npx --shell).
 */
export function noSpecEffects(
  program: string,
  argv: readonly Arg[],
  policy: 'none' | 'default' | 'spec' | 'table' = 'none',
  reported: readonly Effect[] = [],
): Effect[] {
  // `table`: an allowlist whose table says what each option does (rule.ts `defaults`): rules 1 and 2
  // only, as for `default`; its options' names are not read (rule 3), the table knows them.
  const ruled = policy === 'default' || policy === 'table';
  const out: Effect[] = [];
  let options = true;
  // Flags as the key spells them (`post-renderer` and `post_renderer` are one).
  const seen = new Set(reported.map((e) => e.flag.replace(/-/g, '_')));
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    // A word known only at run time already makes the call compound; nothing more to read in it.
    if (w === null || w === undefined) continue;
    if (w === '--') {
      options = false;
      continue;
    }
    const option = options && w.startsWith('-') && w !== '-';
    if (option && policy !== 'table') {
      const long = w.startsWith('--') ? w.slice(2) : w.length > 3 && !/^-[A-Z]/.test(w) ? w.slice(1) : undefined;
      if (long !== undefined) {
        const eq = long.indexOf('=');
        const name = eq >= 0 ? long.slice(0, eq) : long;
        const value = eq >= 0 ? long.slice(eq + 1) : argv[i + 1];
        const projectFile = policy === 'spec' && typeof value === 'string' && FILE_NAME.test(value) && !outsideProject(value);
        const alone = eq < 0 && (value === undefined || (typeof value === 'string' && value.startsWith('-') && value !== '-' && value !== '--'));
        const words = optionWords(name);
        const plainFlag = alone && words.length === 1 && FLAG_WHEN_ALONE.has(words[0]!);
        const extensions = typeof value === 'string' && EXTENSION_LIST.test(value);
        // A configuration by name, or (given with `=`, so surely the option's) a file of the project's.
        const configOnly = words.every((x) => CONFIG_WORDS.has(x) || x === 'file' || x === 'name');
        const namedConfig =
          configOnly &&
          typeof value === 'string' &&
          (CONFIG_NAME.test(value) || (eq >= 0 && (FILE_NAME.test(value) || DOTFILE.test(value)) && !outsideProject(value)));
        if (!projectFile && !plainFlag && !extensions && !namedConfig && runsByName(name, eq >= 0) && !seen.has(name.replace(/-/g, '_')))
          out.push(
            exec(
              name,
              opaque(eq >= 0 ? long.slice(eq + 1) : null),
              `${program} ${w.slice(0, w.length - (eq >= 0 ? long.length - eq : 0))}: an option the classifier has no table for, whose name says it runs, loads or relocates something`,
            ),
          );
      }
    }
    if (BUILD_LABEL.test(w)) continue;
    if (!ruled) {
      const code = inlineCode(w, argv[i + 1]) ?? (option ? undefined : codeOperand(w, argv[i + 1]));
      if (code !== undefined) {
        out.push(exec('inline_code', opaque(code), `${program} is given code or a command line to run: ${code}`));
        continue;
      }
      if (CODE_HOST.test(w)) {
        out.push(exec('remote', opaque(w), `${program} is given code by its repository address: ${w}`));
        continue;
      }
      if (pieces(w).some((p) => UNSAFE_VALUE.test(p))) {
        out.push(risk('unsafe', `${program} is asked for an unsafe mode: ${w}`, w));
        continue;
      }
    }
    for (const p of pieces(w)) {
      const remote = ruled && /^(https?|wss?):/i.test(p) ? undefined : remoteCode(p);
      if (remote !== undefined) {
        out.push(exec('remote', opaque(remote), `${program} is given code by URL or registry specifier: ${remote}`));
        break;
      }
      const outside = outsidePiece(p);
      if (outside !== undefined) {
        out.push(risk('outside', `${program} is given a path outside the project: ${w}`, w));
        break;
      }
    }
  }
  return out;
}
