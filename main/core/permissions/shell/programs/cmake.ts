/**
 * cmake's option allowlist (cmake 3.25 `cmake --help`): its three modes read separately.
 * - configure: -C (an initial cache is cmake code), --toolchain and -P (a script, which can
 *   execute_process) load code; --graphviz, --system-information FILE, --trace-redirect,
 *   --profiling-output and --debugger-dap-log write; -D is read by build.ts `cmakeVars`.
 * - `--build DIR [opts] -- NATIVE…`: the native words go to make/ninja (`-- --eval=…`), so only
 *   plain ones (-jN, -k, -v, VERBOSE=1, a target name) stay simple.
 * - `-E CMD`: read-only commands stay simple, and file commands (rm, copy, touch, tar …) whose paths
 *   stay in the project; the others (env, chdir, time, anything new) are keyed with their words.
 * An option not listed makes the command compound.
 */
import { exec, risk, type Effect } from '../effects.js';
import { opaque, outsideProject } from './kit.js';
import { optionTable, readOptions } from './optionTable.js';
import type { Check } from './rule.js';

const CONFIGURE = optionTable({
  options: [
    'S|= B|= C|=:load D|= U|= G|= T|= A|= toolchain=:load install-prefix= project-file= fresh N| P|=:load',
    'preset= list-presets=? workflow h|help version help-full help-manual help-command help-command-list help-commands',
    'help-module help-module-list help-modules help-policy help-policy-list help-policies help-property help-property-list',
    'help-properties help-variable help-variable-list help-variables graphviz=:write system-information=?:write',
    'print-config-dir log-level= loglevel= log-context debug-trycompile debug-output debug-find debug-find-pkg= debug-find-var=',
    'trace trace-expand trace-format= trace-source= trace-redirect=:write warn-uninitialized warn-unused-vars',
    'no-warn-unused-cli check-system-vars compile-no-warning-as-error link-no-warning-as-error profiling-output=:write',
    'profiling-format= debugger debugger-pipe= debugger-dap-log=:write find-package',
  ],
});

const BUILD = optionTable({
  options: 'build= preset= list-presets j|parallel=? t|target= config= clean-first resolve-package-references= use-stderr v|verbose',
});
const INSTALL = optionTable({ options: 'install= config= component= default-directory-permissions= prefix= strip v|verbose' });

/** -E commands that only print or compare. */
const READ_ONLY_E = new Set([
  'capabilities',
  'cat',
  'compare_files',
  'echo',
  'echo_append',
  'environment',
  'false',
  'true',
  'help',
  'md5sum',
  'sha1sum',
  'sha224sum',
  'sha256sum',
  'sha384sum',
  'sha512sum',
]);

/** -E commands that change only the files they name: simple while those stay in the project. */
const FILE_E = new Set([
  'copy',
  'copy_if_different',
  'copy_directory',
  'copy_directory_if_different',
  'make_directory',
  'remove',
  'remove_directory',
  'rm',
  'rename',
  'touch',
  'touch_nocreate',
  'create_symlink',
  'create_hardlink',
  'tar',
  'true',
]);

/** Native build-tool words that name no file and no program. */
const PLAIN_NATIVE = /^(-j\d*|-k|-v|--verbose|-n|VERBOSE=1|V=1|[A-Za-z0-9_.-]+)$/;

export const cmakeAllowlist: Check = (argv) => {
  const w1 = argv[1];
  if (w1 === undefined) return [];
  if (w1 === '-E') {
    const cmd = argv[2] ?? null;
    if (cmd !== null && cmd !== undefined && READ_ONLY_E.has(cmd)) return [];
    const args = argv.slice(3);
    if (cmd !== null && cmd !== undefined && FILE_E.has(cmd) && args.every((a) => a !== null && !outsideProject(a))) return [];
    // env/chdir/time run a command: build.ts keys them too.
    return [
      risk(
        'E',
        `cmake -E ${cmd ?? '?'} changes files or runs a program`,
        argv
          .slice(2)
          .map((a) => a ?? '?')
          .join(' '),
      ),
    ];
  }
  if (w1 === '--build' || (w1 !== null && w1.startsWith('--build='))) {
    const r = readOptions(BUILD, argv, 1, 'cmake --build');
    const dd = argv.indexOf('--');
    const native = dd < 0 ? [] : argv.slice(dd + 1);
    const out: Effect[] = [...r.effects];
    if (native.some((a) => a === null || !PLAIN_NATIVE.test(a)))
      out.push(exec('native', opaque(native.map((a) => a ?? '?').join(' ')), 'cmake --build passes these words to make or ninja'));
    return out;
  }
  if (w1 === '--install' || (w1 !== null && w1.startsWith('--install='))) return readOptions(INSTALL, argv, 1, 'cmake --install').effects;
  return readOptions(CONFIGURE, argv, 1, 'cmake').effects;
};
