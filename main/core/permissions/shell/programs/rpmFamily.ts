/**
 * The RPM package tools: dnf (and yum, which is dnf on every current Fedora/RHEL) and rpm.
 *
 * dnf: dnf(8) (dnf 4.14, "General Options" and each command's options) and the core plugins'
 * man pages (dnf-plugins-core: download, builddep, config-manager, copr, needs-restarting,
 * versionlock, debuginfo-install). dnf parses with argparse: `--opt=v` or `--opt v`, clustered
 * short flags, unique prefixes of long options; global options may follow the command. The table
 * is the union of the general options and the options of the commands and core plugins (a command's
 * option given to another one is refused by dnf itself); an option in none of them is compound.
 *
 * What reaches past a plain install from the configured repositories (installs run the packages'
 * scriptlets as root, and dnf is run through sudo, which the classifier keys on its own):
 *   - `--installroot`: installs into another root; `-c/--config`: another configuration (which
 *     can name plugin paths: Python code); `--setopt`: any configuration option (pluginpath,
 *     reposdir, gpgcheck …); `--repofrompath`: a repository from a path or URL; `--nogpgcheck`;
 *   - a package named by a file (`./x.rpm`) or URL: its scriptlets run;
 *   - the commands `shell` (dnf commands from a file), `config-manager` (`--add-repo`, `--save`,
 *     `--setopt`), `copr` (third-party repositories) and `alias` (what a later `dnf x` runs).
 *
 * rpm: rpm(8) (rpm 4.18) and `rpm --help`; popt: exact long names, clustered short flags (`-ivh`,
 * `-qa`), a value after `=` or as the next word.
 *   - installing (`-i`, `-U`, `-F`, `--reinstall`) runs the packages' %pre/%post scriptlets;
 *     `-e` runs the installed package's %preun/%postun;
 *   - macros run code (`%(shell)`, `%{lua:…}`): `-D/--define`, `-E/--eval`, `--macros`, `--load`,
 *     `--rcfile`; `--pipe CMD` pipes the output through a command;
 *   - `-r/--root` and `--dbpath` act on another root or database; `--import`, `--initdb`,
 *     `--rebuilddb`, `--setperms`, `--setugids`, `--setcaps`, `--restore` change the system.
 * `-q`, `-V` and `-K` read. Paths outside the project (`rpm -qp ../x.rpm`) are keyed by the
 * default's checks: rpm uses `defaults`.
 */
import { exec, risk } from '../effects.js';
import type { Arg, OptItem } from '../options.js';
import { opaque, itemsOf, valueOf } from './kit.js';
import { optionTable } from './optionTable.js';
import type { Check } from './rule.js';

const DNF = optionTable({
  abbrev: true,
  options: [
    // General options, dnf(8).
    'c|config=:config q|quiet v|verbose version installroot=:config nodocs noplugins enableplugin= disableplugin= releasever=',
    'setopt=:config skip-broken h|help help-cmd allowerasing b|best nobest C|cacheonly R|randomwait= d|debuglevel= debugsolver',
    'showduplicates e|errorlevel= obsoletes rpmverbosity= y|assumeyes assumeno enablerepo= disablerepo= repo= repoid=',
    'enable set-enabled disable set-disabled x|exclude= excludepkgs= disableexcludes= disableexcludepkgs= repofrompath=:config',
    'noautoremove nogpgcheck color= refresh 4| 6| destdir= downloaddir= downloadonly comment= bugfix enhancement newpackage',
    'security advisory= advisories= bz= bzs= cve= cves= sec-severity= secseverity= forcearch= noautoremove',
    // The commands' options, dnf(8).
    'duplicates oldinstallonly changelogs with-optional hidden installed available extras recent upgrades autoremove all',
    'reverse ignore-installed ignore-extras skip-unavailable o|= timer enabled disabled profile summary list info updates',
    'arch= archlist= unneeded userinstalled installonly latest-limit= srpm whatconflicts= whatdepends= whatenhances=',
    'whatobsoletes= whatprovides= whatrecommends= whatrequires= whatsuggests= whatsupplements= alldeps exactdeps deplist',
    'nevra envra qf= queryformat= querytags resolve recursive tree i| l| s|source conflicts depends enhances provides',
    'recommends requires requires-pre suggests supplements location file= dependencies obsoleted a| upgrades-by-advisory',
    // Core plugins: download, builddep, config-manager, copr, needs-restarting, versionlock, debuginfo-install.
    'debuginfo debugsource url urlprotocols= D|define= spec srpm add-repo= save dump dump-variables hub= r|reboothint',
    'services raw',
  ],
});

/** Commands that change what dnf runs later, or read commands from a file. */
const DNF_CONFIGURES: Readonly<Record<string, string>> = {
  shell: 'dnf shell runs dnf commands from a file or its input',
  sh: 'dnf shell runs dnf commands from a file or its input',
  'config-manager': 'dnf config-manager changes the repositories and configuration',
  copr: 'dnf copr adds a third-party repository',
  alias: 'dnf alias changes what a later dnf command runs',
};

/** A package named by a file or a URL: its scriptlets run as it installs. */
const PACKAGE_FILE = /(^[a-z][a-z0-9+.-]*:\/\/)|\.rpm$/i;

const operands = (items: readonly OptItem[]): Arg[] => items.flatMap((it) => (it.kind === 'operand' ? [it.value] : []));

export const dnf: Check = (argv) => {
  const { items, effects: out } = itemsOf(DNF, argv);
  const words = operands(items);
  const command = words[0];
  if (typeof command === 'string' && Object.prototype.hasOwnProperty.call(DNF_CONFIGURES, command))
    out.push(exec(command.replace(/-/g, '_'), opaque(), DNF_CONFIGURES[command]!));
  if (items.some((it) => it.kind === 'long' && it.name === 'nogpgcheck'))
    out.push(risk('nogpgcheck', `${String(argv[0])} --nogpgcheck installs packages whose signatures are not checked`));
  for (const w of words.slice(1))
    if (w === null || PACKAGE_FILE.test(w))
      out.push(exec('package', opaque(w), `${String(argv[0])} installs a package file or URL (its scriptlets run)`));
  return out;
};

const RPM = optionTable({
  options: [
    // Modes.
    'q|query V|verify i|install U|upgrade F|freshen e|erase reinstall import K|checksig restore setperms setugids',
    'setcaps initdb rebuilddb querytags showrc E|eval= delsign addsign resign',
    // Common options.
    'D|define= undefine= predefine= target= macros= load= noplugins nodigest nosignature rcfile= r|root= dbpath= quiet',
    'v|verbose version pipe= ?|help usage',
    // Install, upgrade and erase.
    'aid allfiles allmatches badreloc excludedocs excludepath= force h|hash ignorearch ignoreos ignoresize noverify justdb',
    'nodb nodeps nofiledigest nocontexts nocaps noorder noscripts nopre nopost nopreun nopostun notriggers notriggerin',
    'notriggerun notriggerpostun nosysusers oldpackage percent prefix= relocate= replacefiles replacepkgs test',
    // Query and verify.
    'c|configfiles d|docfiles L|licensefiles A|artifactfiles dump l|list qf= queryformat= s|state a|all f|file g|group',
    'p|package pkgid hdrid triggeredby whatconflicts whatrequires whatobsoletes whatprovides whatrecommends whatsuggests',
    'whatsupplements whatenhances changelog changes conflicts obsoletes provides requires recommends suggests supplements',
    'enhances filetriggers triggers triggerscripts scripts xml info last fileclass filecaps filecolor fileprovide',
    'filerequire filesbypkg noartifact noconfig noghost nomanifest path nofiles nolinkto nosize nouser nogroup nomtime',
    'nomode nordev noghost',
  ],
});

/** The option given, by its letter (or none) or a long name. */
const has = (items: readonly OptItem[], short: string | undefined, long: readonly string[]): boolean =>
  items.some((it) => (it.kind === 'short' && it.name === short) || (it.kind === 'long' && long.includes(it.name)));

const LETTER: Readonly<Record<string, string>> = { define: 'D', eval: 'E', root: 'r' };

const RPM_MACROS = ['define', 'eval', 'macros', 'load', 'rcfile', 'pipe'];
const RPM_SYSTEM = ['root', 'dbpath', 'import', 'initdb', 'rebuilddb', 'setperms', 'setugids', 'setcaps', 'restore'];

export const rpm: Check = (argv) => {
  const { items, effects: out } = itemsOf(RPM, argv);
  const at = (name: string): OptItem | undefined =>
    items.find((it) => (it.kind === 'long' && it.name === name) || (it.kind === 'short' && it.name === LETTER[name]));
  for (const name of RPM_MACROS) {
    const it = at(name);
    if (it) out.push(exec(name, opaque(valueOf(it)), `rpm --${name}: macros can run Lua or shell code`));
  }
  for (const name of RPM_SYSTEM) {
    const it = at(name);
    if (it)
      out.push(
        risk(name, `rpm --${name} acts on another root or database, or changes the system`, 'value' in it ? valueOf(it) : undefined),
      );
  }
  // -i is install, or "info" in query mode (rpm -qi).
  const query = has(items, 'q', ['query']) || has(items, 'V', ['verify']);
  if (
    (!query && has(items, 'i', ['install'])) ||
    has(items, 'U', ['upgrade']) ||
    has(items, 'F', ['freshen']) ||
    has(items, undefined, ['reinstall'])
  )
    out.push(exec('install', opaque(), 'rpm installs package files: their scriptlets run (as root)'));
  if (!query && has(items, 'e', ['erase'])) out.push(exec('erase', opaque(), 'rpm -e removes packages: their uninstall scriptlets run'));
  return out;
};
