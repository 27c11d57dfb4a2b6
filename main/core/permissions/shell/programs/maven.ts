/**
 * Maven (`mvn`, and the wrapper `mvnw`, which passes its arguments on): the option allowlist of
 * `mvn --help` (3.8.7 here; Maven 3.9 adds `-itr`, `-canf`, `-sadp`; Maven 4's CLIManager
 * (apache/maven, CommonsCliOptions / CommonsCliMavenOptions) adds `-ps`, `-is`, `-it`, `-fos`,
 * `-r`, `--non-interactive`, `--force-interactive`, `-X,--verbose`).
 *
 * Maven parses with commons-cli's DefaultParser: short names of several letters (`-am`, `-gs`),
 * a long name (or a unique prefix of one) after one dash or two (`-file`, `--sett`), a value
 * attached to a short name (`-fpom.xml`, `-DskipTests`, `-Pdev`, `-T4`) or after `=` (`-s=x`).
 * The table reads the several-letter names as long names after one dash, which is the same
 * reading. (Maven 3.8's GnuParser takes no prefixes: `mvn -fil x` is `-f il` there, checked with
 * mvn 3.8.7; the table reads it as 3.9's DefaultParser does, `--file x`, which keys at least as much.) CLIManager also joins words that start and end with a literal `"` into one argument,
 * so an operand is read only in the shape of a goal or a phase (below); anything else is unknown.
 *
 * What reaches past the project:
 *   - `-f/--file ../pom.xml`: runs another project's build (its plugins, its exec executions);
 *   - `-s`, `-gs`, `-ps`, `-is` (settings: repositories plugins come from, mirrors, profiles) and
 *     `-t`, `-gt`, `-it` (toolchains: the JDKs the build runs) outside the project;
 *   - `-l/--log-file`: writes the file it names;
 *   - `-D` properties: `exec.executable`, `argLine` (`-javaagent:` in the forked test JVM),
 *     `maven.repo.local=../x` (artifacts, plugins included, read from and written to a folder of
 *     someone else's choosing), `maven.ext.class.path` (core extensions loaded into Maven) …:
 *     only the everyday switches below are plain; any other property is keyed;
 *   - goals: `exec:*`, `antrun:*` run programs; a plugin named by its coordinates
 *     (`com.x:evil-plugin:1.0:run`) is code fetched from a repository.
 */
import { exec, risk, write, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { opaque, outsideProject } from './kit.js';
import { optionTable, readItems, type OptionHandler } from './optionTable.js';
import type { Check } from './rule.js';

/** A file option whose file outside the project (or known only at run time) changes what the build runs. */
const fileOutside =
  (flag: string, what: string): OptionHandler =>
  (v, typed) =>
    v === null || v === undefined || outsideProject(v) ? [exec(flag, opaque(v ?? null), `mvn ${typed} ${what}`)] : [];

const SETTINGS = fileOutside('settings', 'reads settings outside the project (repositories plugins come from, mirrors, profiles)');
const TOOLCHAINS = fileOutside('toolchains', 'reads toolchains outside the project (the JDKs the build runs)');
const POM = fileOutside('file', 'runs the build of a POM outside the project');
/** A file the build writes: plain inside the project (`-l build.log`), keyed outside it or when known only at run time. */
const writes = (flag: string, v: Arg | undefined, note: string): Effect[] =>
  v === undefined || v === null || outsideProject(v) ? [write(flag, v ?? null, note)] : [];
const LOG: OptionHandler = (v, typed) => writes('log-file', v, `mvn ${typed} writes the file it names`);

/**
 * `-D` properties read as everyday switches: skips, test selection, versions, encodings and the
 * goal parameters of the common plugins (versions, archetype, dependency, release). A value outside
 * the project still keys. Every other property is keyed (see the file comment).
 */
const PLAIN_PROPERTY = new RegExp(
  '^(' +
    [
      'skip[A-Za-z]*',
      '[\\w.-]+\\.skip',
      'test',
      'it\\.test',
      'groups',
      'excludedGroups',
      'revision',
      'changelist',
      'sha1',
      'maven\\.test\\.(skip(\\.exec)?|failure\\.ignore|error\\.ignore|redirectTestOutputToFile)',
      'failIfNoTests',
      '(surefire|failsafe)\\.(failIfNoSpecifiedTests|rerunFailingTestsCount|skipAfterFailureCount|timeout|printSummary|useFile)',
      'trimStackTrace',
      'forkCount',
      'reuseForks',
      'parallel',
      'threadCount',
      'maven\\.javadoc\\.failOnError',
      'maven\\.compiler\\.(source|target|release|showWarnings|showDeprecation|failOnWarning|debug)',
      'project\\.build\\.sourceEncoding',
      'file\\.encoding',
      'style\\.color',
      'interactiveMode',
      'generateBackupPoms',
      'newVersion',
      'processAllModules',
      'allowSnapshots',
      'artifact',
      'groupId',
      'artifactId',
      'version',
      'package',
      'archetypeGroupId',
      'archetypeArtifactId',
      'archetypeVersion',
      'includeScope',
      'excludeScope',
      'includeGroupIds',
      'includeArtifactIds',
      'excludeTransitive',
      'scope',
      'verbose',
      'detail',
      'classifier',
      'transitive',
      'releaseVersion',
      'developmentVersion',
      'tag',
      'autoVersionSubmodules',
      'dryRun',
      'spring\\.profiles\\.active',
      'spring-boot\\.run\\.profiles',
      'quarkus\\.profile',
      'user\\.timezone',
      'java\\.awt\\.headless',
      'aether\\.connector\\.[\\w.]+',
      'maven\\.wagon\\.(http|httpconnectionManager|rto)[\\w.]*',
      'maven\\.artifact\\.threads',
    ].join('|') +
    ')$',
);

/** Properties that name a file the goal writes (`dependency:tree -DoutputFile=tree.txt`). */
const WRITTEN_PROPERTY = /^(outputFile|outputDirectory)$/;

const define: OptionHandler = (v, typed) => {
  if (v === null || v === undefined) return [exec('D', opaque(), `mvn ${typed} sets a property known only at run time`)];
  const eq = v.indexOf('=');
  const name = eq < 0 ? v : v.slice(0, eq);
  const value = eq < 0 ? '' : v.slice(eq + 1);
  if (WRITTEN_PROPERTY.test(name)) return writes(`D-${name}`, value, `mvn -D${name}= writes the file it names`);
  if (PLAIN_PROPERTY.test(name) && !outsideProject(value) && !/[$`]/.test(value)) return [];
  return [risk('D', `mvn -D${name} sets a property plugins read (programs to run, agents, the repository plugins come from)`, v)];
};

const MAVEN = optionTable({
  singleDashLong: true,
  abbrev: true,
  options: [
    // The one-letter names (commons-cli short options) with their long names.
    'f|file= D|define= o|offline h|help v|version q|quiet X|debug verbose e|errors r|resume reactor N|non-recursive',
    'U|update-snapshots P|activate-profiles= B|batch-mode non-interactive force-interactive C|strict-checksums',
    'c|lax-checksums s|settings= t|toolchains= l|log-file= V|show-version T|threads= b|builder= color=?',
    // The names of several letters, read as long names after one dash.
    'am also-make amd also-make-dependents cpu check-plugin-updates up update-plugins npu no-plugin-updates',
    'nsu no-snapshot-updates gs= global-settings= gt= global-toolchains= ps= project-settings= is= install-settings=',
    'it= install-toolchains= ff fail-fast fae fail-at-end fn fail-never rf= resume-from= pl= projects=',
    'llr legacy-local-repository emp= encrypt-master-password= ep= encrypt-password= ntp no-transfer-progress',
    'canf= cache-artifact-not-found= sadp= strict-artifact-descriptor-policy= itr ignore-transitive-repositories',
    'fos= fail-on-severity= npr no-plugin-registry',
  ],
  handlers: {
    file: POM,
    define,
    settings: SETTINGS,
    'global-settings': SETTINGS,
    gs: SETTINGS,
    'project-settings': SETTINGS,
    ps: SETTINGS,
    'install-settings': SETTINGS,
    is: SETTINGS,
    toolchains: TOOLCHAINS,
    'global-toolchains': TOOLCHAINS,
    gt: TOOLCHAINS,
    'install-toolchains': TOOLCHAINS,
    it: TOOLCHAINS,
    'log-file': LOG,
  },
});

/** A lifecycle phase or `prefix:goal[@execution]`; three parts or more name a plugin by its coordinates. */
const GOAL = /^[A-Za-z0-9_.-]+(:[A-Za-z0-9_.-]+){0,4}(@[A-Za-z0-9_.-]+)?$/;
/** Plugins whose goals run a program or script named on the line or in the POM. */
const RUNS_PROGRAMS = /^(exec|antrun|org\.codehaus\.mojo:exec(-maven-plugin)?|org\.apache\.maven\.plugins:maven-antrun-plugin)(:|$)/;

function goal(word: Arg): Effect[] {
  if (word === null) return [exec('goal', opaque(), 'mvn runs a goal known only at run time')];
  if (!GOAL.test(word)) return [exec('unknown_option', opaque(word), `mvn ${word} is neither a phase nor a goal the classifier reads`)];
  if (RUNS_PROGRAMS.test(word)) return [exec('exec', opaque(word), 'mvn exec/antrun runs a program')];
  if (word.split('@')[0]!.split(':').length >= 3)
    return [exec('plugin', opaque(word), 'mvn runs a plugin named by its coordinates, fetched from a repository')];
  return [];
}

/** mvn and mvnw: the table, then each goal and phase. */
export const maven: Check = (argv) => {
  const r = readItems(MAVEN, argv, 1, String(argv[0]));
  if (r.unknown) return r.effects;
  return [...r.effects, ...r.items.filter((it) => it.kind === 'operand').flatMap((it) => goal(it.value))];
};
