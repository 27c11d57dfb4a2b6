/**
 * The .NET CLI (`dotnet`), SDK 8/9: the options of `dotnet <command> --help` for build, test, run,
 * publish, pack, restore, clean, format, watch, new, add, remove, list, sln, tool, nuget, workload,
 * dev-certs and user-secrets (learn.microsoft.com/dotnet/core/tools), in one table (a command's
 * option given to another is refused by dotnet), and the MSBuild switches they forward
 * (`-p:Name=Value`, `-t:Target`, `-bl`, `-m`, `/p:…`; learn.microsoft.com msbuild command-line
 * reference). System.CommandLine reads `--opt value`, `--opt:value` and `--opt=value`.
 *
 * The spec library's dotnet table lacks the MSBuild switches (`dotnet build -p:X=1` would be
 * compound) and treats an unknown command as plain; this rule replaces it.
 *
 * What reaches past the project:
 *   - MSBuild properties: `-p:CscToolExe=…`, `-p:RunCommand=…` and the like name programs the
 *     build runs; only the everyday ones below are plain (Configuration, Version, TargetFramework …);
 *   - `-logger:`/`-distributedLogger:`, `--test-adapter-path`, `-s/--settings` (a runsettings file
 *     names data collectors), `--collect`: code loaded into the build or the test host;
 *   - a package source (`--source`, `--add-source`, `nuget add source`): packages, whose MSBuild
 *     targets run at build time, from elsewhere;
 *   - `tool install -g`/`--tool-path`, `workload install|update|repair`, `new install`,
 *     `nuget add|update|enable|trust|push|delete|sign`: change the user's machine or publish
 *     (`dev-certs https --trust`, the ASP.NET development certificate, is everyday: plain);
 *   - a project, output or results folder outside the project (`--project ../x`, `-o /tmp/x`).
 * `dotnet x.dll` and `dotnet exec x.dll` run the project's own build output.
 */
import { exec, risk, type Effect } from '../effects.js';
import type { Arg, OptItem } from '../options.js';
import { opaque, itemsOf, outsideProject } from './kit.js';
import { optionTable, unknown, type OptionHandler } from './optionTable.js';
import type { Check } from './rule.js';

/** MSBuild properties that choose a configuration, a version or a target, or toggle a feature. */
const PLAIN_PROPERTY =
  /^(Configuration|Platform|Version|VersionPrefix|VersionSuffix|AssemblyVersion|FileVersion|InformationalVersion|PackageVersion|TargetFrameworks?|RuntimeIdentifiers?|SelfContained|PublishSingleFile|PublishTrimmed|PublishReadyToRun|PublishAot|UseAppHost|IncludeNativeLibrariesForSelfExtract|InvariantGlobalization|ContinuousIntegrationBuild|Deterministic|TreatWarningsAsErrors|WarningLevel|NoWarn|WarningsAsErrors|Nullable|LangVersion|GenerateDocumentationFile|DebugType|DebugSymbols|Optimize|CollectCoverage|CoverletOutputFormat|BuildInParallel|RestoreLockedMode|NuGetAudit|EnableWindowsTargeting|GeneratePackageOnBuild|IsPackable|EnforceCodeStyleInBuild|RunAnalyzers|UseSharedCompilation|ServerGarbageCollection)$/i;

const property = (v: Arg | undefined, typed: string): Effect[] => {
  const text = typeof v === 'string' ? v.replace(/^:/, '') : v;
  if (typeof text !== 'string' || !text.includes('=')) return [];
  return text.split(';').flatMap((pair) => {
    const [name = '', value = ''] = pair.split(/=(.*)/s);
    return PLAIN_PROPERTY.test(name) && !outsideProject(value) && !/[$`]/.test(value)
      ? []
      : [risk('p', `dotnet ${typed} sets an MSBuild property (some name programs the build runs)`, pair)];
  });
};

/** `-p`: an MSBuild property (`-p:X=1`), or `dotnet run -p <project>` (the old spelling of --project). */
const propertyOrProject: OptionHandler = (v, typed) =>
  typeof v === 'string' && v.replace(/^:/, '').includes('=') ? property(v, typed) : outsideFolder('project')(v, typed, { where: 'dotnet' });

const outsideFolder =
  (flag: string): OptionHandler =>
  (v, typed) =>
    v === null || (typeof v === 'string' && outsideProject(v.replace(/^:/, '')))
      ? [exec(flag, opaque(v), `dotnet ${typed} names a folder or file outside the project`)]
      : [];

const loads =
  (flag: string, note: string): OptionHandler =>
  (v) => [exec(flag, opaque(v ?? null), `dotnet ${note}`)];

/** A package source: a folder inside the project is the project's; anything else brings packages from elsewhere. */
const source: OptionHandler = (v, typed) =>
  typeof v === 'string' && !/^[a-z][a-z0-9+.-]*:/i.test(v) && !outsideProject(v)
    ? []
    : [exec('source', opaque(v ?? null), `dotnet ${typed} restores packages (their build targets run) from another source`)];

const TABLE = optionTable({
  singleDashLong: true,
  options: [
    // Host options (`dotnet --help`).
    'h|help info list-sdks list-runtimes version d|diagnostics',
    // Build, test, run, publish, pack, restore, clean, watch.
    'c|configuration= f|framework= r|runtime= o|output= v|verbosity= no-restore no-build no-dependencies nologo a|arch= os=',
    'sc=? self-contained=? no-self-contained source= interactive=? version-suffix= disable-build-servers ucr use-current-runtime',
    'tl=? terminal-logger=? force no-incremental property= p|= project= launch-profile= lp= no-launch-profile e|environment=',
    'filter= l|logger= s|settings= collect= blame blame-crash blame-crash-dump-type= blame-crash-collect-always blame-hang',
    'blame-hang-timeout= blame-hang-dump-type= results-directory= test-adapter-path= diag= list-tests t| include-symbols',
    'include-source serviceable packages= disable-parallel no-cache no-http-cache ignore-failed-sources force-evaluate',
    'lock-file-path= locked-mode use-lock-file configfile= artifacts-path= manifest= no-hot-reload',
    // MSBuild switches the build commands forward.
    'bl=? binaryLogger=? m=? maxcpucount=? target= restore=? warnaserror=? nowarn= noconsolelogger graph=? isolate=?',
    'restoreProperty= rp= consoleLoggerParameters= clp= fileLogger fl flp= fileLoggerParameters= detailedSummary=? ds=?',
    'getProperty= getItem= getTargetResult= logger= distributedLogger= dl=',
    // new, add, remove, list, sln, tool, nuget, workload, dev-certs, user-secrets, format.
    'n|name= dry-run install uninstall search update details list g|global tool-path= local tool-manifest=',
    'add-source= prerelease allow-downgrade create-manifest-if-needed version= package-directory= outdated deprecated',
    'vulnerable include-transitive include-prerelease highest-minor highest-patch format= k|api-key= symbol-source=',
    'symbol-api-key= skip-duplicate no-symbols timeout= trust check ep= export-path= clean password= no-password np',
    'i|import= q|quiet',
    'id= verify-no-changes severity= include= exclude= include-generated report= binarylog= folder= solution-folder=',
    'in-root skip-manifest-update skip-sign-check from-rollback-file= temp-dir= exclude-type= no-ssl-verify',
  ],
  handlers: {
    p: propertyOrProject,
    property,
    project: outsideFolder('project'),
    output: outsideFolder('output'),
    'results-directory': outsideFolder('results_directory'),
    'artifacts-path': outsideFolder('artifacts_path'),
    'tool-path': outsideFolder('tool_path'),
    configfile: outsideFolder('configfile'),
    diag: outsideFolder('diag'),
    settings: loads('settings', 'test --settings names data collectors and adapters the test host loads'),
    collect: loads('collect', 'test --collect loads a data collector into the test host'),
    'test-adapter-path': loads('test_adapter_path', 'test --test-adapter-path loads test adapters'),
    logger: (v, typed) =>
      typeof v === 'string' && /^(console|trx|html|junit|GitHubActions)(;[\w.=;]*)?$/i.test(v.replace(/^:/, ''))
        ? []
        : [exec('logger', opaque(v ?? null), `dotnet ${typed} loads a logger (code)`)],
    distributedLogger: loads('logger', 'msbuild -distributedLogger loads a logger (code)'),
    dl: loads('logger', 'msbuild -dl loads a logger (code)'),
    source,
    'add-source': source,
    restoreProperty: property,
    rp: property,
  },
});

/** Commands dotnet has; any other word names a project's dll or a `dotnet-<x>` tool on PATH. */
const COMMANDS = new Set(
  (
    'build build-server clean format help msbuild new nuget pack publish restore run sdk sln store test tool watch workload ' +
    'add remove list exec dev-certs user-secrets fsi vstest package reference project solution'
  ).split(' '),
);

/** Actions that change the machine, the user's configuration, or publish (see the file comment). */
const REACHES: Readonly<Record<string, string>> = {
  'workload install': 'installs SDK workloads machine-wide',
  'workload update': 'updates SDK workloads machine-wide',
  'workload repair': 'repairs SDK workloads machine-wide',
  'workload uninstall': 'removes SDK workloads machine-wide',
  'new install': 'installs a template package',
  'nuget add': 'adds a package source to the user’s configuration',
  'nuget update': 'changes a package source in the user’s configuration',
  'nuget enable': 'enables a package source in the user’s configuration',
  'nuget trust': 'trusts a package signer',
  'nuget push': 'publishes a package',
  'nuget delete': 'deletes a published package',
  'nuget sign': 'signs packages with a certificate',
  'tool update': 'updates a tool',
};

const has = (items: readonly OptItem[], names: readonly string[]): boolean =>
  items.some((it) => (it.kind === 'long' || it.kind === 'short') && names.includes(it.name));

/** System.CommandLine's `--opt:value` is `--opt=value` (a one-letter `-p:X=1` stays as typed: the value keeps its `:`). */
const colonValue = (w: Arg): Arg => {
  if (typeof w !== 'string') return w;
  const m = /^(--?)([A-Za-z][\w-]+):(.*)$/s.exec(w);
  return m && TABLE.long.has(m[2]!) ? `${m[1]!}${m[2]!}=${m[3]!}` : w;
};

export const dotnet: Check = (typed) => {
  const argv = typed.map(colonValue);
  const { items, effects: out, unknown: refused } = itemsOf(TABLE, argv);
  if (refused) return out;
  const words = items.flatMap((it) => (it.kind === 'operand' ? [{ value: it.value, word: it.word }] : []));
  const [command, action] = words.map((w) => w.value);
  // `/p:X=1` and friends: MSBuild switches in their Windows spelling.
  for (const w of words)
    if (typeof w.value === 'string' && /^\/[a-zA-Z]+[:]/.test(w.value)) {
      const [, name = '', value = ''] = /^\/([a-zA-Z]+):(.*)$/s.exec(w.value) ?? [];
      if (/^(p|property)$/i.test(name)) out.push(...property(value, w.value));
      else if (!/^(t|target|m|maxcpucount|v|verbosity|restore|nologo|bl|clp)$/i.test(name)) out.push(unknown('dotnet', w.value));
    } else if (w.value === null || (typeof w.value === 'string' && outsideProject(w.value)))
      out.push(exec('outside', opaque(w.value), 'dotnet names a project or file outside the project'));
  if (typeof command === 'string' && !COMMANDS.has(command) && !/\.(dll|exe)$/i.test(command) && !command.startsWith('/'))
    out.push(unknown('dotnet', command));
  const reach = `${String(command)} ${String(action)}`;
  if (Object.prototype.hasOwnProperty.call(REACHES, reach))
    out.push(risk(reach.replace(/[ -]/g, '_'), `dotnet ${reach} ${REACHES[reach]!}`));
  if (command === 'tool' && (action === 'install' || action === 'update') && has(items, ['global', 'g']))
    out.push(risk('global', 'dotnet tool --global puts a program on the user’s PATH'));
  return out;
};
