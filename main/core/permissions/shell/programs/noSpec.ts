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
 *      without a value is a plain flag.
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
  if (!words.some((w) => RUNS_WORDS.has(w))) return false;
  return attachedValue || !OFF_WORDS.has(words[0]!);
}

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

/** A file name with an extension (`webpack.prod.js`, `conf/app.yaml`): what a spec's file option takes. */
const FILE_NAME = /^[\w./-]*\w\.[A-Za-z0-9]+$/;

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
  const out = [word];
  if (/^-[^-]/.test(word)) for (let k = 2; k < word.length; k++) out.push(word.slice(k));
  for (const part of word.split(/[=,]/)) {
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
  policy: 'none' | 'default' | 'spec' = 'none',
  reported: readonly Effect[] = [],
): Effect[] {
  const ruled = policy === 'default';
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
    if (option) {
      const long = w.startsWith('--') ? w.slice(2) : w.length > 3 && !/^-[A-Z]/.test(w) ? w.slice(1) : undefined;
      if (long !== undefined) {
        const eq = long.indexOf('=');
        const name = eq >= 0 ? long.slice(0, eq) : long;
        const value = eq >= 0 ? long.slice(eq + 1) : argv[i + 1];
        const projectFile = policy === 'spec' && typeof value === 'string' && FILE_NAME.test(value) && !outsideProject(value);
        if (!projectFile && runsByName(name, eq >= 0) && !seen.has(name.replace(/-/g, '_')))
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
