/**
 * ctest's option allowlist, from `ctest --help` (3.25). ctest matches each argument exactly
 * (cmCTest.cxx: no abbreviations, no clusters), and its multi-letter options take one dash (`-VV`,
 * `-LE`, `-SP`): they are long names read after one dash. It takes no operands: a word that is no
 * option is the file a `--help-*`/`--version` option writes, or an error.
 *
 * `-S`/`-SP`/`--script` run a CTest script (CMake code), `--test-command` (with `--build-and-test`,
 * which configures and builds any folder) runs a program, `--build-makeprogram` names the build
 * program, `--overwrite` sets a DartConfiguration option (MakeCommand names a program), `-D
 * VAR:TYPE=VALUE` defines a script variable; `-O`, `--output-log` and `--output-junit` write the
 * file they name when it is outside the project. Today's keys (`test-command`, `S`, `SP`, `script`)
 * are kept.
 */
import { exec, risk, write, type Effect } from '../effects.js';
import { opaque, outsideProject } from './kit.js';
import { optionTable, readOptions, type OptionHandler } from './optionTable.js';
import type { Check } from './rule.js';

const outFile: OptionHandler = (v, typed) =>
  v === null || v === undefined || outsideProject(v) ? [write('O', v ?? null, `ctest ${typed} writes the file it names`)] : [];

const table = optionTable({
  singleDashLong: true,
  options: [
    'S|=:load script=:load SP=:load script-new-process=:load test-command=:load build-and-test:runs build-makeprogram=:prog',
    'build-options=:load overwrite=:config O|= output-log= output-junit=',
    'preset= list-presets C|= build-config= progress V| verbose VV extra-verbose debug output-on-failure stop-on-failure',
    'test-output-size-passed= test-output-size-failed= test-output-truncation= F| j|= parallel= Q| quiet N| show-only=?',
    'L|= label-regex= R|= tests-regex= E|= exclude-regex= LE= label-exclude= FA= fixture-exclude-any= FS=',
    'fixture-exclude-setup= FC= fixture-exclude-cleanup= D|= dashboard= M|= test-model= T|= test-action= group= track=',
    'A|= add-notes= I|= tests-information= U| union rerun-failed repeat= repeat-until-fail= max-width= interactive-debug-mode=',
    'resource-spec-file= no-label-summary no-subproject-summary test-dir= build-target= build-nocmake build-run-dir=',
    'build-two-config build-exe-dir= build-generator= build-generator-platform= build-generator-toolset= build-project=',
    'build-noclean build-config-sample= test-timeout= test-load= tomorrow-tag extra-submit= force-new-ctest-process',
    'schedule-random submit-index= timeout= stop-time= http1.0 no-compress-output print-labels no-tests=? h| H| help usage',
    'version help-full help-manual= help-manual-list help-command= help-command-list help-commands help-module= help-module-list',
    'help-modules help-policy= help-policy-list help-policies help-property= help-property-list help-properties',
    'help-variable= help-variable-list help-variables',
  ],
  handlers: {
    'test-command': (v) => [exec('test-command', opaque(v ?? null), 'ctest --test-command names a program to run')],
    S: (v) => [exec('S', opaque(v ?? null), 'ctest -S runs a CTest script (CMake code)')],
    SP: (v) => [exec('SP', opaque(v ?? null), 'ctest -SP runs a CTest script (CMake code)')],
    script: (v) => [exec('script', opaque(v ?? null), 'ctest --script runs a CTest script (CMake code)')],
    O: outFile,
    'output-log': outFile,
    'output-junit': outFile,
    // `-D Experimental` names a dashboard mode; `-D VAR:TYPE=VALUE` defines a variable.
    D: (v, typed) =>
      v === null || v === undefined || v.includes('=') ? [risk('D', `ctest ${typed} defines a script variable`, v ?? null)] : [],
  },
});

export const ctest: Check = (argv) => {
  const reading = readOptions(table, argv, 1, 'ctest');
  const out: Effect[] = reading.effects;
  for (const i of reading.operands)
    out.push(write('help-file', argv[i] ?? null, 'ctest writes help or version text to the file it names (or refuses the word)'));
  return out;
};
