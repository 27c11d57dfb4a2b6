/**
 * The C/C++ compiler drivers' options (gcc, g++, cc, c++, clang, clang++) as an option table: GCC's
 * option summary (gcc(1) "Option Summary") and clang's driver options. A driver takes thousands of
 * spellings, but they fall into prefix families whose use is known (optionTable.ts `f*`): `-O*`,
 * `-g*`, `-m*`, `-f*`, `-W*` (with `-Wl,…`, `-Wa,…`, `-Wp,…`) and `-no-*` tune code generation,
 * warnings and what is passed on; `-D`/`-I`/`-L`/`-l`/`-x`… take a value, attached or in the next
 * word; the driver's long options are written with one dash (`-include`, `-isystem`). Anything
 * else is unknown and makes the command compound.
 *
 * The families' dangerous members (`-fplugin`, `-wrapper`, `-specs`, `-B`, `-fuse-ld=PATH`,
 * `-Wl,--plugin`, `@file`) are keyed by the rule's own checks (build.ts `compiler`, `driverCode`);
 * this table adds what they do not know, and where the output goes: `-o`/`-MF` outside the project.
 */
import { write } from '../effects.js';
import { outsideProject } from './kit.js';
import { optionTable, readOptions, type OptionHandler } from './optionTable.js';
import type { Check } from './rule.js';

/** `-o`/`-MF` write where they say: outside the project (or known only at run time), keyed. */
const output =
  (flag: string): OptionHandler =>
  (v, typed, at) =>
    v === undefined || (v !== null && !outsideProject(v)) ? [] : [write(flag, v, `${at.where} ${typed} writes the file it names`)];

const DRIVER = optionTable({
  singleDashLong: true,
  options: [
    // Whole-word flags.
    'c| S| E| v| s| p| r| w| C| P| H| M| Q| ### pipe shared static static-libgcc static-libstdc++ static-pie pie no-pie ' +
      'rdynamic pthread pthreads CC MM MD MMD MP MG dM dD dN dI dU undef nostdlib nostdlib++ nostartfiles nodefaultlibs ' +
      'nolibc nostdinc nostdinc++ ansi pedantic pedantic-errors pg symbolic save-temps=? time trigraphs traditional ' +
      'traditional-cpp coverage shared-libgcc print-search-dirs print-libgcc-file-name print-multiarch ' +
      'print-multi-directory print-multi-lib print-multi-os-directory print-sysroot print-sysroot-headers-suffix ' +
      'dumpversion dumpmachine dumpspecs dumpfullversion version help emit-llvm integrated-as Qunused-arguments ' +
      'Xanalyzer fsyntax-only print-target-triple print-resource-dir print-effective-triple static-libsan shared-libsan ' +
      'no-canonical-prefixes',
    // Options with a value, attached (`-Iinc`, `-std=c11`) or in the next word.
    'D|= U|= I|= L|= l|= x|= o|= T|= u|= z|= e|= G|= A|= F|= B|= MF= MT= MQ= include= imacros= isystem= idirafter= ' +
      'iquote= iprefix= iwithprefix= iwithprefixbefore= isysroot= imultilib= imultiarch= sysroot= aux-info= target= ' +
      'arch= Xlinker= Xassembler= Xpreprocessor= Xclang= specs= wrapper= param= iframework= isystem-after= ' +
      'ivfsoverlay= resource-dir= config= rtlib= stdlib= unwindlib= ld-path= print-file-name= print-prog-name= std=',
    // Prefix families: the whole word is one option (`-O2`, `-fno-rtti`, `-Wl,-z,now`, `-MFdeps.d`).
    'O* g* m* f* W* no-* MF*',
  ],
  handlers: { o: output('o'), MF: output('MF') },
});

export const driverAllowlist: Check = (argv) => readOptions(DRIVER, argv, 1, String(argv[0])).effects;
