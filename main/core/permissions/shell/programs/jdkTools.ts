/**
 * The JDK's command-line tools and GraalVM's native-image: one option table each, from the tools'
 * own `--help` / `--help-extra` (OpenJDK 17: javac, javadoc, jar, jshell, jlink with
 * `--list-plugins`, jdeps, jarsigner, jpackage on Linux plus the macOS/Windows options of the
 * jpackage man page, keytool `-<command> --help`) and GraalVM's `native-image --help` /
 * `--help-extra` (Native Image 21+).
 *
 * The tools share one parser convention (jdk.internal.opt / each tool's Option enum): an option is
 * matched whole, after one dash or two (`-classpath`, `--class-path`), never abbreviated; a GNU
 * long option may carry its value after `=` (`--module-path=x`); a few are prefix families whose
 * value is the rest of the word (`-Akey=v`, `-g:none`, `-Xlint:all`, `-J-Xmx1g`). `@file` anywhere
 * reads more options and files from that file.
 *
 * What runs code, beyond the tool itself:
 *   - `-J<flag>` is a flag of the JVM the tool runs in (`-J-javaagent:../x.jar` loads an agent):
 *     every `-J` word is read together with java's own reader (interpreterOptions.ts);
 *   - jshell's `-R<flag>` (the JVM that runs the snippets) likewise, and `-C<flag>` with javac's table;
 *   - annotation processors and compiler plugins (`-processorpath`, `-Xplugin:`), doclets and
 *     taglets (`-docletpath`), security providers (`-providerpath`, `-providerClass`), an
 *     alternative signer (`-altsignerpath`), jlink's `objcopy=PROG`, native-image's
 *     `--native-compiler-path` and `-H:CCompilerPath=`: a path outside the project is keyed by the
 *     default's checks (these rules use `defaults`), and the options that name a program or a
 *     class to load are keyed whatever their value;
 *   - `@argfile` and keytool/jarsigner's `-conf <url>` (a file of more options): keyed, the options
 *     in it cannot be read.
 * The folders and files the tools write (`-d`, `-s`, `-h`, `--output`, `-o`) are plain inside the
 * project; outside it, the default's checks key them.
 */
import { exec, risk, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { javaOptions } from './interpreterOptions.js';
import { opaque, itemsOf, valueOf } from './kit.js';
import { optionTable, type OptionHandler, type OptionTable, type TableSpec } from './optionTable.js';
import type { Check } from './rule.js';

/** Options every JDK launcher takes: `-J<flag>` for its JVM, help and version (`-h` is the tool's own: javac's header folder). */
const LAUNCHER = 'J* help help-extra version';

const argfile = (w: string): Effect => exec('argfile', opaque(w), `${w} reads more options (agents, plugins …) from a file`);

/**
 * A JDK tool's check: its table, the `-J` words read together as java's options, and `@argfile`
 * operands (`own` adds the tool's operand checks).
 */
function jdkTool(spec: TableSpec, own?: (argv: readonly Arg[], operands: readonly Arg[]) => Effect[]): Check {
  const table = optionTable({ singleDashLong: true, ...spec });
  return (argv) => jdkRead(table, argv, own);
}

function jdkRead(table: OptionTable, argv: readonly Arg[], own?: (argv: readonly Arg[], operands: readonly Arg[]) => Effect[]): Effect[] {
  const r = itemsOf(table, argv);
  const out = r.effects;
  const jvm: string[] = [];
  const operands: Arg[] = [];
  for (const it of r.items) {
    if (it.kind === 'long' && it.name === 'J') jvm.push(String(valueOf(it) ?? ''));
    if (it.kind === 'operand') {
      operands.push(it.value);
      if (it.value?.startsWith('@') === true) out.push(argfile(it.value));
    }
  }
  if (jvm.length > 0) out.push(...javaOptions(['java', ...jvm], {}, 'java'));
  return own ? [...out, ...own(argv, operands)] : out;
}

/** An option that names a class or program to load whatever its value (`-doclet`, `-providerClass`). */
const loadsNamed =
  (what: string): OptionHandler =>
  (v, typed) => [exec(typed.replace(/^-+/, '').replace(/[=:].*$/, ''), opaque(v ?? null), `${typed} ${what}`)];

/** A file of more options (keytool, jarsigner `-conf`): what is in it cannot be read. */
const optionsFile = loadsNamed('reads more options from a file or URL');

/** javac (`javac --help`, `javac -X`; OpenJDK 17). */
const JAVAC: TableSpec = {
  options: [
    LAUNCHER,
    'A* add-modules= boot-class-path= bootclasspath= class-path= classpath= cp= d|= deprecation enable-preview',
    'encoding= endorseddirs= extdirs= g* h|= implicit* limit-modules= module= m|= module-path= p|=',
    'module-source-path= module-version= nowarn parameters proc* processor= processor-module-path= processor-path=',
    'processorpath= profile= release= s|= source= source-path= sourcepath= system= target= upgrade-module-path=',
    'verbose Werror add-exports= add-reads= default-module-for-created-files= help-lint patch-module= Xbootclasspath*',
    'Xdiags* Xdoclint* Xlint* Xmaxerrs= Xmaxwarns= Xpkginfo* Xplugin*:load Xprefer* Xprint XprintProcessorInfo',
    'XprintRounds Xstdout= D* X|',
  ],
  handlers: {
    // -Djava.ext.dirs / -Djava.endorsed.dirs: where the compiler loads classes from.
    D: (v, typed) => javaOptions(['java', typed], {}, 'java'),
  },
};

const javac = jdkTool(JAVAC);

/** javadoc (`javadoc --help`, `--help-extra`; the standard doclet's options included). */
const JAVADOC: TableSpec = {
  options: [
    LAUNCHER,
    'add-modules= bootclasspath= breakiterator class-path= classpath= cp= doclet=:load docletpath= enable-preview encoding=',
    'exclude= expand-requires= extdirs= limit-modules= locale= module= module-path= p|= module-source-path= package private',
    'protected public quiet release= show-members= show-module-contents= show-packages= show-types= source= source-path=',
    'sourcepath= subpackages= system= upgrade-module-path= verbose Werror add-stylesheet= allow-script-in-comments author',
    'bottom= charset= d|= docencoding= docfilessubdirs doctitle= excludedocfilessubdir= footer= group= header=',
    'helpfile= html5 javafx keywords link= linkoffline= link-platform-properties= linksource main-stylesheet=',
    'stylesheetfile= nocomment nodeprecated nodeprecatedlist nohelp noindex nonavbar no-platform-links noqualifier=',
    'nosince notimestamp notree override-methods= overview= serialwarn since= since-label= sourcetab= splitindex tag=',
    'taglet=:load tagletpath= top= use windowtitle= add-exports= add-reads= patch-module= Xmaxerrs= Xmaxwarns=',
    'legal-notices= no-frames Xdoclint* Xdocrootparent= snippet-path= spec-base-url= syntax-highlight h| X|',
  ],
  handlers: {
    doclet: loadsNamed('names a doclet class to run'),
    taglet: loadsNamed('names a taglet class to run'),
  },
};

/**
 * jar (`jar --help`, `--help-extra`). The old style takes the mode as its first word (`jar cvf
 * app.jar -C out .`): an operand here.
 */
const JAR: TableSpec = {
  options: [
    LAUNCHER,
    'c|create i|generate-index= t|list u|update x|extract d|describe-module validate C|= f|file= release= v|verbose',
    'e|main-class= m|manifest= M|no-manifest module-version= hash-modules= p|module-path= do-not-resolve-by-default',
    'warn-if-resolved= 0|no-compress date= k|keep-old-files h|',
  ],
};

/**
 * jshell (`jshell --help`, `--help-extra`): `-R<flag>` is a flag of the JVM that runs the snippets,
 * `-C<flag>` a javac option; a script operand runs (outside the project: the default keys it).
 */
const JSHELL_TABLE = optionTable({
  singleDashLong: true,
  options: [
    LAUNCHER,
    'class-path= module-path= add-modules= enable-preview startup= no-startup feedback= q| s| v| R* C* show-version',
    'add-exports= execution=:config h| X|',
  ],
});

const jshell: Check = (argv) => {
  const r = itemsOf(JSHELL_TABLE, argv); // the items again: -R and -C words, read with their own tables
  const remote = r.items.flatMap((it) => (it.kind === 'long' && it.name === 'R' ? [String(valueOf(it) ?? '')] : []));
  const compiler = r.items.flatMap((it) => (it.kind === 'long' && it.name === 'C' ? [String(valueOf(it) ?? '')] : []));
  return [
    ...jdkRead(JSHELL_TABLE, argv),
    ...(remote.length > 0 ? javaOptions(['java', ...remote], {}, 'java') : []),
    ...(compiler.length > 0 ? javac(['javac', ...compiler], {}, 'javac') : []),
  ];
};

/** jlink's `--strip-native-debug-symbols objcopy=PROG` runs that program. */
const stripSymbols: OptionHandler = (v, typed) =>
  typeof v === 'string' && !/objcopy=/.test(v)
    ? []
    : [exec('objcopy', opaque(v ?? null), `jlink ${typed} runs the objcopy program it names`)];

/** jlink (`jlink --help`, `--list-plugins`). */
const JLINK: TableSpec = {
  options: [
    LAUNCHER,
    'add-modules= bind-services c|compress= disable-plugin= endian= ignore-signing-information launcher= limit-modules=',
    'list-plugins p|module-path= no-header-files no-man-pages output= save-opts= G|strip-debug',
    'suggest-providers=? v|verbose add-options= dedup-legal-notices=? exclude-files= exclude-jmod-section=',
    'exclude-resources= generate-cds-archive generate-jli-classes= include-locales= order-resources= release-info=',
    'strip-java-debug-attributes strip-native-commands strip-native-debug-symbols= system-modules= vendor-bug-url=',
    'vendor-version= vendor-vm-bug-url= vm= h|',
  ],
  handlers: { 'strip-native-debug-symbols': stripSymbols },
};

/** jdeps (`jdeps --help`). */
const JDEPS: TableSpec = {
  options: [
    LAUNCHER,
    'dotoutput= dot-output= s| summary v| verbose verbose* apionly api-only jdkinternals jdk-internals',
    'cp= classpath= class-path= module-path= upgrade-module-path= system= add-modules= multi-release= q| quiet',
    'm|= module= generate-module-info= generate-open-module= check= list-deps list-reduced-deps',
    'print-module-deps ignore-missing-deps p|= package= e|= regex= require= f|= filter= filter* missing-deps include=',
    'P| profile R| recursive no-recursive I| inverse compile-time h|',
  ],
};

const PROVIDERS =
  'addprovider= providerArg= providerClass=:load providerclass=:load providerName= providername= providerPath= providerpath=';

/** jarsigner (`jarsigner --help`): operands are the jar and the alias. */
const JARSIGNER: TableSpec = {
  options: [
    LAUNCHER,
    'keystore= storepass= storepass* storetype= keypass= keypass* certchain= sigfile= signedjar= digestalg= sigalg=',
    'verify verbose verbose*',
    'certs revCheck tsa= tsacert= tsapolicyid= tsadigestalg= altsigner=:load altsignerpath= internalsf sectionsonly',
    `protected ${PROVIDERS} strict conf= h|`,
  ],
  handlers: {
    providerClass: loadsNamed('loads a security provider class'),
    providerclass: loadsNamed('loads a security provider class'),
    altsigner: loadsNamed('loads an alternative signing class'),
    conf: optionsFile,
  },
};

/**
 * jpackage (`jpackage --help` on Linux; the macOS and Windows options from the jpackage man page).
 * `--jlink-options` are jlink's options, read with jlink's table.
 */
const JPACKAGE_TABLE = optionTable({
  singleDashLong: false,
  options: [
    LAUNCHER,
    't|type= app-version= copyright= description= icon= n|name= d|dest= temp= vendor= verbose add-modules=',
    'p|module-path= jlink-options= runtime-image= i|input= add-launcher= arguments= java-options= main-class= main-jar=',
    'm|module= about-url= app-image= file-associations= install-dir= license-file= resource-dir= app-content=',
    'launcher-as-service linux-package-name= linux-deb-maintainer= linux-menu-group= linux-package-deps= linux-rpm-license-type=',
    'linux-app-release= linux-app-category= linux-shortcut mac-package-identifier= mac-package-name= mac-package-signing-prefix=',
    'mac-sign mac-signing-keychain= mac-signing-key-user-name= mac-app-store mac-entitlements= mac-app-category= mac-dmg-content=',
    'win-console win-dir-chooser win-help-url= win-menu win-menu-group= win-per-user-install win-shortcut win-shortcut-prompt',
    'win-update-url= win-upgrade-uuid= h|',
  ],
});

const JLINK_TABLE = optionTable({ singleDashLong: true, ...JLINK });

const jpackage: Check = (argv) => {
  const r = itemsOf(JPACKAGE_TABLE, argv);
  const out = jdkRead(JPACKAGE_TABLE, argv);
  for (const it of r.items) {
    if (it.kind !== 'long' || it.name !== 'jlink-options') continue;
    const v = valueOf(it);
    if (v === null) out.push(exec('jlink-options', opaque(), 'jpackage --jlink-options passes options known only at run time to jlink'));
    else out.push(...jdkRead(JLINK_TABLE, ['jlink', ...v.split(/\s+/).filter(Boolean)]));
  }
  return out;
};

/** keytool's password options, each also spelled `-name:env NAME` and `-name:file PATH` (a prefix family). */
const PASSWORDS = ['storepass', 'keypass', 'new', 'destkeypass', 'deststorepass', 'srckeypass', 'srcstorepass', 'signerkeypass']
  .map((n) => `${n}= ${n}*`)
  .join(' ');

/**
 * keytool (`keytool -<command> --help` for each command): one table of every command's options
 * (the command is an option too). `-storepass:env NAME` / `-storepass:file PATH` are the `:`
 * spellings of the password options (a prefix family here; the name or path is then an operand).
 */
const KEYTOOL: TableSpec = {
  options: [
    LAUNCHER,
    'certreq changealias delete exportcert genkeypair genseckey gencert importcert importpass importkeystore keypasswd',
    'list printcert printcertreq printcrl storepasswd showinfo genkey export import identitydb keyclone selfcert',
    'alias= keyalg= keysize= groupname= sigalg= signer= dname= startdate= ext= validity= keystore= storetype= destalias=',
    'destkeystore= deststoretype= destprovidername= srcalias= srckeystore= srcstoretype= srcprovidername= srcprotected',
    'destprotected noprompt trustcacerts cacerts protected file= infile= outfile= rfc sslserver= jarfile= v| tls',
    `${PROVIDERS} conf= h| ${PASSWORDS}`,
  ],
  handlers: {
    providerClass: loadsNamed('loads a security provider class'),
    providerclass: loadsNamed('loads a security provider class'),
    conf: optionsFile,
  },
};

/** native-image's `-H:` hosted options that only switch a feature on or off, or name the image. */
const HOSTED_PLAIN = /^:([+-]\w+|(Name|Class|Kind|Path)=[\w./-]*)$/;

const hosted: OptionHandler = (v, typed) =>
  typeof v === 'string' && HOSTED_PLAIN.test(v)
    ? []
    : [risk('H', `native-image ${typed} sets a builder option (some name the C compiler, linker options or files)`, v ?? null)];

/** native-image (`native-image --help`, `--help-extra`; GraalVM 21+). `--vm.<flag>` is a flag of the builder's JVM. */
const NATIVE_IMAGE_TABLE = optionTable({
  singleDashLong: true,
  options: [
    LAUNCHER,
    'cp= classpath= class-path= p|= module-path= add-modules= D* O* o|= g| jar= m|= module= shared static',
    'libc= no-fallback initialize-at-build-time=? initialize-at-run-time=? enable-url-protocols= enable-http enable-https',
    'march= gc= native-compiler-path=:prog native-compiler-options=:config native-image-info verbose',
    'report-unsupported-elements-at-runtime allow-incomplete-classpath features= trace-class-initialization=',
    'trace-object-instantiation= diagnostics-mode pgo=? pgo-instrument link-at-build-time=? bundle-create=?',
    'bundle-apply=:config parallelism= enable-preview enable-native-access= list-cpu-features list-modules target=',
    'emit= exact-reachability-metadata=? color=? silent future-defaults= enable-monitoring=? enable-sbom=?',
    'install-exit-handlers strict-image-heap debug-attach=? dry-run expert-options expert-options-all',
    'expert-options-detail= configurations-path= exclude-config= enable-all-security-services H* R* vm.*',
    'add-exports= add-opens= add-reads= limit-modules= upgrade-module-path= enable-preview-features',
  ],
  handlers: { H: hosted },
});

const nativeImage: Check = (typed) => {
  // `--vm.<flag>` is read as the one-dash family `-vm.` (families are one-dash spellings).
  const argv = typed.map((w) => (w?.startsWith('--vm.') === true ? w.slice(1) : w));
  const r = itemsOf(NATIVE_IMAGE_TABLE, argv);
  const jvm = r.items.flatMap((it) =>
    it.kind === 'long' && (it.name === 'D' || it.name === 'vm.')
      ? [it.name === 'D' ? `-D${String(valueOf(it) ?? '')}` : `-${String(valueOf(it) ?? '')}`]
      : [],
  );
  return [...jdkRead(NATIVE_IMAGE_TABLE, argv), ...(jvm.length > 0 ? javaOptions(['java', ...jvm], {}, 'java') : [])];
};

/** The JDK tools' checks, by program name. */
export const JDK_TOOLS: Readonly<Record<string, Check>> = {
  javac,
  javadoc: jdkTool(JAVADOC),
  jar: jdkTool(JAR),
  jshell,
  jlink: jdkTool(JLINK),
  jdeps: jdkTool(JDEPS),
  jarsigner: jdkTool(JARSIGNER),
  jpackage,
  keytool: jdkTool(KEYTOOL),
  'native-image': nativeImage,
};
