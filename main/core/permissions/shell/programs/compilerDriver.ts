/**
 * The C/C++ compiler drivers' options (gcc, g++, cc, c++, clang, clang++) as an allowlist: GCC's
 * option summary (gcc(1) "Option Summary") and clang's driver options, read by families. A driver
 * takes thousands of spellings, but they fall into families whose use is known: `-O*`, `-g*`, `-m*`,
 * `-f*` and `-W*` tune code generation and warnings; `-D`/`-I`/`-L`/`-l`/`-x`… take a value,
 * attached or in the next word. Anything else is unknown and makes the command compound.
 *
 * The families' dangerous members (`-fplugin`, `-wrapper`, `-specs`, `-B`, `-fuse-ld=PATH`,
 * `-Wl,--plugin`, `@file`) are keyed by the rule's own checks (build.ts `compiler`, `driverCode`);
 * this check adds what they do not know, and where the output goes: `-o`/`-MF` outside the project.
 */
import { exec, write, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { outsideProject } from './kit.js';
import type { Check } from './rule.js';

/** Options that are the whole word (no value). */
const FLAGS = new Set(
  (
    '-c -S -E -v -### -pipe -shared -static -static-libgcc -static-libstdc++ -static-pie -pie -no-pie -rdynamic -s -pthread ' +
    '-pthreads -w -C -CC -P -H -M -MM -MD -MMD -MP -MG -dM -dD -dN -dI -dU -undef -nostdlib -nostdlib++ -nostartfiles ' +
    '-nodefaultlibs -nolibc -nostdinc -nostdinc++ -ansi -pedantic -pedantic-errors -p -pg -r -symbolic -save-temps -time -Q ' +
    '-trigraphs -traditional -traditional-cpp -coverage --coverage -shared-libgcc -print-search-dirs -print-libgcc-file-name ' +
    '-print-multiarch -print-multi-directory -print-multi-lib -print-multi-os-directory -print-sysroot ' +
    '-print-sysroot-headers-suffix -dumpversion -dumpmachine -dumpspecs -dumpfullversion --version --help -emit-llvm ' +
    '-integrated-as -no-integrated-as -Qunused-arguments -Xanalyzer -fsyntax-only -print-target-triple -print-resource-dir ' +
    '-print-effective-triple -static-libsan -shared-libsan -mno-red-zone -no-canonical-prefixes -gsplit-dwarf'
  ).split(' '),
);

/** Options that take a value, attached (`-Iinc`, `-std=c11` is a flag family) or in the next word. */
const VALUE = new Set(
  (
    '-D -U -I -L -l -x -o -MF -MT -MQ -T -u -z -e -G -include -imacros -isystem -idirafter -iquote -iprefix -iwithprefix ' +
    '-iwithprefixbefore -isysroot -imultilib -imultiarch --sysroot -aux-info -target --target -arch -Xlinker -Xassembler ' +
    '-Xpreprocessor -Xclang -specs --specs -wrapper -B --param -A -F -iframework -isystem-after -ivfsoverlay -resource-dir ' +
    '--config -rtlib --rtlib -stdlib --stdlib -unwindlib --unwindlib -fuse-ld --ld-path -print-file-name -print-prog-name'
  ).split(' '),
);

/** Families named by their leading characters: the whole word is one option. */
const FAMILIES =
  /^(-O|-g|-m|-f|-W|-std=|-march=|-mtune=|-mcpu=|-print-file-name=|-print-prog-name=|--sysroot=|-stdlib=|--stdlib=|-rtlib=|--rtlib=|-unwindlib=|--target=|-fuse-ld=|--ld-path=|--config=|-specs=|--specs=|-Wl,|-Wa,|-Wp,|-no-)/;

export const driverAllowlist: Check = (argv) => {
  const name = String(argv[0]);
  const out: Effect[] = [];
  const output = (flag: string, v: Arg) => {
    if (v === null || outsideProject(v)) out.push(write(flag, v, `${name} -${flag} writes the file it names`));
  };
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (w === undefined) break;
    if (w === null) {
      out.push(exec('unknown_option', { kind: 'opaque', text: null }, `${name}: a word known only at run time stands where an option may`));
      break;
    }
    if (w === '-' || !w.startsWith('-')) continue;
    if (w === '--') break;
    if (FLAGS.has(w)) continue;
    if (VALUE.has(w)) {
      const v = i + 1 < argv.length ? (argv[i + 1] ?? null) : null;
      if (w === '-o' || w === '-MF') output(w.slice(1), v);
      i++;
      continue;
    }
    if (FAMILIES.test(w)) continue;
    // An attached value: -Iinc, -DNAME=1, -lm, -ofile, -MFdeps.d, -xc.
    const attached = [...VALUE].find((o) => o.length === 2 && w.startsWith(o) && w.length > 2) ?? (w.startsWith('-MF') ? '-MF' : undefined);
    if (attached) {
      if (attached === '-o' || attached === '-MF') output(attached.slice(1), w.slice(attached.length));
      continue;
    }
    out.push(exec('unknown_option', { kind: 'opaque', text: w }, `${name} option ${w} is not known to the classifier`));
    break;
  }
  return out;
};
