/**
 * The option tables of the text and file utilities coreutils.ts checks (optionTable.ts's compact
 * spec), each from the program's own `--help` (GNU coreutils 9.1, GNU sed 4.9, GNU diffutils 3.8,
 * gawk 5 and mawk 1.3.4, ripgrep 13 and 14, fd 10, xxd 2022, python-yq 3 with jq 1.6 and
 * mikefarah yq 4, Info-ZIP zip 3.0). GNU tools read options with getopt_long: clusters, attached
 * values, options among the operands and unique prefixes of long options (`abbrev`). An option a
 * table does not list makes the command compound. Uses are left to coreutils.ts's checks (what a
 * `--compress-program` runs, where `-o` writes), which read the options with `readItems`.
 */
import { optionTable, type OptionTable } from './optionTable.js';

const GNU = { abbrev: true } as const;
const HELP = 'help version';

export const SORT = optionTable({
  ...GNU,
  options:
    'b|ignore-leading-blanks d|dictionary-order f|ignore-case g|general-numeric-sort i|ignore-nonprinting M|month-sort ' +
    'h|human-numeric-sort n|numeric-sort R|random-sort random-source= r|reverse sort= V|version-sort batch-size= c|check=? ' +
    'C| compress-program= debug files0-from= k|key= m|merge o|output= s|stable S|buffer-size= t|field-separator= ' +
    `T|temporary-directory= parallel= u|unique z|zero-terminated ${HELP}`,
});

export const TEE = optionTable({ ...GNU, options: `a|append i|ignore-interrupts p| output-error=? ${HELP}` });

export const SPLIT = optionTable({
  ...GNU,
  options:
    'a|suffix-length= additional-suffix= b|bytes= C|line-bytes= d| numeric-suffixes=? x| hex-suffixes=? ' +
    `e|elide-empty-files filter= l|lines= n|number= t|separator= u|unbuffered verbose ${HELP}`,
});

export const UNIQ = optionTable({
  ...GNU,
  options: `c|count d|repeated D| all-repeated=? f|skip-fields= group=? i|ignore-case s|skip-chars= u|unique z|zero-terminated w|check-chars= ${HELP}`,
});

/** GNU's base64, then macOS's (`-i`/`-o` files, `-b` break, `-D` decode). */
export const BASE64 = optionTable({ ...GNU, options: [`d|decode i|ignore-garbage w|wrap= ${HELP}`, 'D| b|break= i|input= o|output= h|'] });
export const BASENC = optionTable({
  ...GNU,
  options: [`base64 base64url base32 base32hex base16 base2msbf base2lsbf z85 d|decode i|ignore-garbage w|wrap= ${HELP}`, 'o|output='],
});
export const SHUF = optionTable({
  ...GNU,
  options: `e|echo i|input-range= n|head-count= o|output= random-source= r|repeat z|zero-terminated ${HELP}`,
});
/** glibc's iconv (argp: unique prefixes too). */
export const ICONV = optionTable({
  ...GNU,
  options: 'f|from-code= t|to-code= l|list c| o|output= s|silent verbose usage ?|help V|version',
});

const DIFF_FORMATS = ['old', 'new', 'changed', 'unchanged'].map((g) => `${g}-group-format=`).join(' ');
const LINE_FORMATS = ['old', 'new', 'unchanged'].map((g) => `${g}-line-format=`).join(' ');
export const DIFF = optionTable({
  ...GNU,
  options:
    'normal q|brief s|report-identical-files c| C|= context=? u| U|= unified=? e|ed n|rcs y|side-by-side W|width= ' +
    'left-column suppress-common-lines p|show-c-function F|show-function-line= label= t|expand-tabs T|initial-tab tabsize= ' +
    'suppress-blank-empty l|paginate r|recursive no-dereference N|new-file unidirectional-new-file ignore-file-name-case ' +
    'no-ignore-file-name-case x|exclude= X|exclude-from= S|starting-file= from-file= to-file= i|ignore-case ' +
    'E|ignore-tab-expansion Z|ignore-trailing-space b|ignore-space-change w|ignore-all-space B|ignore-blank-lines ' +
    `I|ignore-matching-lines= a|text strip-trailing-cr D|ifdef= ${DIFF_FORMATS} line-format= ${LINE_FORMATS} ` +
    `d|minimal horizon-lines= speed-large-files color=? palette= v|version help`,
});
export const SDIFF = optionTable({
  ...GNU,
  options:
    'o|output= i|ignore-case E|ignore-tab-expansion Z|ignore-trailing-space b|ignore-space-change W|ignore-all-space ' +
    'B|ignore-blank-lines I|ignore-matching-lines= strip-trailing-cr a|text w|width= l|left-column ' +
    's|suppress-common-lines t|expand-tabs tabsize= d|minimal H|speed-large-files diff-program= v|version help',
});
export const DIFF3 = optionTable({
  ...GNU,
  options:
    'A|show-all e|ed E|show-overlap 3|easy-only x|overlap-only X| i| m|merge a|text strip-trailing-cr T|initial-tab diff-program= L|label= v|version help',
});

export const SED = optionTable({
  ...GNU,
  options:
    'n|quiet silent debug e|expression= f|file= follow-symlinks i|in-place=? l|line-length= posix E|regexp-extended r| ' +
    `s|separate sandbox u|unbuffered z|null-data zero-terminated ${HELP}`,
});

/**
 * gawk's options and mawk's (`-W` takes a word: `-W version`, `-W exec file`); one-true-awk's
 * are a subset. The program-file, include, load and report options are the checks' business.
 */
export const AWK = optionTable({
  ...GNU,
  options:
    'f|file= F|field-separator= v|assign= b|characters-as-bytes c|traditional C|copyright d|dump-variables=? ' +
    'D|debug=? e|source= E|exec= g|gen-pot h|help i|include= I|trace k|csv l|load= L|lint=? M|bignum N|use-lc-numeric ' +
    'n|non-decimal-data o|pretty-print=? O|optimize p|profile=? P|posix r|re-interval s|no-optimize S|sandbox t|lint-old ' +
    'V|version W|=',
});

/** ripgrep 13's options, 14's additions (`-d`, `--hyperlink-format`, `--generate`, `--no-X` of its switches). */
export const RG = optionTable({
  negate: true,
  options:
    'A|after-context= auto-hybrid-regex B|before-context= binary block-buffered b|byte-offset s|case-sensitive color= ' +
    'colors= column C|context= context-separator= c|count count-matches crlf debug trace dfa-size-limit= E|encoding= ' +
    'engine= field-context-separator= field-match-separator= f|file= files l|files-with-matches files-without-match ' +
    'F|fixed-strings L|follow g|glob= glob-case-insensitive h|help heading hidden .| iglob= i|ignore-case ignore-file= ' +
    'ignore-file-case-insensitive include-zero v|invert-match json line-buffered n|line-number x|line-regexp ' +
    'M|max-columns= max-columns-preview m|max-count= d|max-depth= maxdepth= max-filesize= mmap U|multiline ' +
    'multiline-dotall no-config I|no-filename no-heading no-ignore no-ignore-dot no-ignore-exclude no-ignore-files ' +
    'no-ignore-global no-ignore-messages no-ignore-parent no-ignore-vcs N|no-line-number no-messages no-mmap ' +
    'no-pcre2-unicode no-require-git no-unicode 0|null null-data one-file-system o|only-matching passthru passthrough ' +
    'path-separator= P|pcre2 pcre2-version pre= pre-glob= p|pretty q|quiet regex-size-limit= e|regexp= r|replace= ' +
    'z|search-zip S|smart-case sort= sortr= stats a|text j|threads= trim t|type= type-add= type-clear= type-list ' +
    'T|type-not= u|unrestricted V|version vimgrep H|with-filename w|word-regexp hostname-bin= hyperlink-format= ' +
    'generate= sort-files no-context-separator stop-on-nonmatch ignore',
});

/** fd 10: `-x`/`-X` take the rest of the line up to `;` as the command (coreutils.ts's `fd` check). */
export const FD = optionTable({
  negate: true,
  stopAfter: ['exec', 'exec-batch'],
  options:
    'H|hidden I|no-ignore no-ignore-vcs no-ignore-parent no-global-ignore-file no-require-git u|unrestricted ' +
    's|case-sensitive i|ignore-case g|glob regex F|fixed-strings and= a|absolute-path relative-path l|list-details ' +
    'L|follow p|full-path 0|print0 d|max-depth= min-depth= exact-depth= E|exclude= prune t|type= e|extension= ' +
    'S|size= changed-within= change-newer-than= newer= changed-before= change-older-than= older= o|owner= format= ' +
    'x|exec X|exec-batch batch-size= ignore-file= c|color= hyperlink=? j|threads= max-results= 1| q|quiet ' +
    'show-errors base-directory= path-separator= search-path= strip-cwd-prefix=? one-file-system ignore-vcs ' +
    'h|help V|version',
});

/** xxd: its own parser, single-dash long names (`-cols 8`, `-ps`) and letters with values attached or not. */
export const XXD = optionTable({
  singleDashLong: true,
  abbrev: true,
  options:
    'a|autoskip b|bits C|capitalize c|cols= E|EBCDIC e| g|groupsize= h|help i|include l|len= n|name= o|offset= ' +
    'p|ps postscript plain r|revert d| s|seek= u| v|version R|=',
});

/**
 * yq: two programs share the name. python-yq (argparse: prefixes) passes jq's options on;
 * mikefarah's yq v4 (pflag) has its own. The table is their union: an option neither has is unknown.
 */
export const YQ = optionTable({
  abbrev: true,
  options: [
    // python-yq
    'h|help y|yaml-output yml-output Y|yaml-roundtrip yml-roundtrip yaml-output-grammar-version= yml-out-ver= ' +
      'w|width= indentless-lists indentless i|in-place version x|xml-output xml-item-depth= xml-dtd xml-root= ' +
      'xml-force-list= t|toml-output',
    // jq 1.6/1.7
    'c| n|null-input r|raw-output j|join-output a|ascii-output s|slurp S|sort-keys C|color-output M|monochrome-output ' +
      'tab indent= unbuffered stream stream-errors seq f|from-file= L|= e|exit-status arg= argjson= slurpfile= rawfile= ' +
      'args jsonargs raw-input R| raw-output0',
    // mikefarah yq 4 (-i is --inplace there; -I indent; -o/-p formats; --expression, --front-matter)
    'inplace I|= o|output-format= p|input-format= P|prettyPrint e|exit-status expression= front-matter= ' +
      'v|verbose N|no-doc no-colors 0|nul-output unwrapScalar header-preprocess split-exp= s| ' +
      'lua-globals lua-prefix= lua-unquoted properties-separator= properties-array-brackets csv-auto-parse ' +
      'csv-separator= tsv-auto-parse xml-attribute-prefix= xml-content-name= xml-directive-name= ' +
      'xml-keep-namespace xml-proc-inst-prefix= xml-raw-token xml-skip-directives xml-skip-proc-inst ' +
      'xml-strict-mode string-interpolation= shell-key-separator= from-file= security-disable-env-ops ' +
      'security-disable-file-ops',
  ],
});

/**
 * Info-ZIP zip 3.0 (`zip -h2`): one-letter options, several two-letter ones (`-FS`, `-db`, `-sf`),
 * and long ones. Read with single-dash long names, so `-FS` is one option and `-rq` is `-r -q`.
 * `-TT`/`--unzip-command` runs a command (coreutils.ts's `zip` check).
 */
export const ZIP = optionTable({
  singleDashLong: true,
  options:
    'u|update f|freshen FS filesync d|delete U|copy-entries r|recurse-paths R|recurse-patterns m|move j|junk-paths ' +
    'q|quiet v|verbose c|entry-comments z|archive-comment @|names-stdin o|latest-time x|exclude= i|include= ' +
    '0| 1| 2| 3| 4| 5| 6| 7| 8| 9| Z|compression-method= e|encrypt P|password= n|suffixes= A|adjust-sfx ' +
    'b|temp-path= D|no-dir-entries T|test TT= unzip-command= y|symlinks l|to-crlf ll from-crlf k|DOS-names ' +
    'g|grow t|from-date= tt= before-date= X|no-extra F|fix FF fixfix s|split-size= sp split-pause sb split-bell ' +
    'sv O|output-file= la log-append lf= logfile-path= li log-info dd display-dots dg display-globaldots ' +
    'ds= dot-size= du display-usize dv display-volume db display-bytes dc display-counts sf show-files su show-uncompressed-files ' +
    'sU show-unicode so show-options h|help h2 more-help L|license nw no-wildcards ws wild-stop-dirs ' +
    'RE regex MM must-match S|system-hidden w|VMS-versions ww VMS-dot-versions ic case-insensitive ' +
    'UN= unicode= cd= current-directory= jj absolute-path',
});

/**
 * The file utilities whose operands fileTargets.ts lists as written, deleted or moved (GNU
 * coreutils 9.1 `--help`, and the long options their sources accept: cp's hidden `--path`,
 * install's `--preserve_context`). Targets are read from the items: `-t`/`--target-directory`
 * (and a prefix of it, `--target=dir`), the operands, cp's `-l`/`-s`, install's `-d`. install's
 * `--strip-program` names the program it runs.
 */
const BACKUP = 'backup=? b| S|suffix=';
const CP = optionTable({
  ...GNU,
  options:
    `a|archive attributes-only ${BACKUP} copy-contents d| f|force i|interactive H| l|link L|dereference ` +
    'n|no-clobber P|no-dereference p| preserve=? no-preserve= parents path R|recursive r| reflink=? remove-destination ' +
    's|symbolic-link sparse= strip-trailing-slashes t|target-directory= T|no-target-directory u|update v|verbose ' +
    `x|one-file-system Z| context=? ${HELP}`,
});
const MV = optionTable({
  ...GNU,
  options:
    `${BACKUP} f|force i|interactive n|no-clobber strip-trailing-slashes t|target-directory= T|no-target-directory ` +
    `u|update v|verbose Z|context ${HELP}`,
});
const LN = optionTable({
  ...GNU,
  options:
    `${BACKUP} d|directory F| f|force i|interactive L|logical n|no-dereference P|physical r|relative s|symbolic ` +
    `t|target-directory= T|no-target-directory v|verbose ${HELP}`,
});
const INSTALL = optionTable({
  ...GNU,
  options:
    `${BACKUP} c| C|compare d|directory D| g|group= m|mode= o|owner= p|preserve-timestamps s|strip strip-program=:prog ` +
    `t|target-directory= T|no-target-directory v|verbose preserve-context preserve_context Z| context=? ${HELP}`,
});
const TRUNCATE = optionTable({ ...GNU, options: `c|no-create o|io-blocks r|reference= s|size= ${HELP}` });
const TOUCH = optionTable({ ...GNU, options: `a| c|no-create d|date= f| h|no-dereference m| r|reference= t|= time= ${HELP}` });
const SHRED = optionTable({
  ...GNU,
  options: `f|force n|iterations= random-source= s|size= u| remove=? v|verbose x|exact z|zero ${HELP}`,
});
const RM = optionTable({
  ...GNU,
  options: `f|force i| I| interactive=? one-file-system no-preserve-root preserve-root=? r|recursive R| d|dir v|verbose ${HELP}`,
});
const UNLINK = optionTable({ ...GNU, options: HELP });
const RMDIR = optionTable({ ...GNU, options: `ignore-fail-on-non-empty p|parents v|verbose ${HELP}` });

/** The file utilities' tables, by program (fileTargets.ts reads their targets, coreutils.ts their options). */
export const FILE_UTILITY_TABLES: Readonly<Record<string, OptionTable>> = {
  cp: CP,
  mv: MV,
  ln: LN,
  install: INSTALL,
  truncate: TRUNCATE,
  touch: TOUCH,
  shred: SHRED,
  rm: RM,
  unlink: UNLINK,
  rmdir: RMDIR,
};

/**
 * GNU find 4.9 (`find --help`, find(1)): the leading options (-H -L -P -D -Olevel), then every
 * primary of the expression, one dash (`-name`, also `--help`), never abbreviated. Operators
 * `(`, `)`, `!` and `,` are words of their own (operands to the reader). `-exec`, `-execdir`,
 * `-ok`, `-okdir` take the command up to `;` (or `{} +`), `-fprintf` a file and a format: the
 * reading stops after them and coreutils.ts's `find` reads those words. -newerXY is every pair.
 */
const NEWER_XY = [...'aBcm'].flatMap((x) => [...'aBcmt'].map((y) => `newer${x}${y}=:read`)).join(' ');
export const FIND = optionTable({
  singleDashLong: true,
  stopAfter: ['exec', 'execdir', 'ok', 'okdir', 'fprintf'],
  options:
    'H| L| P| D|= O* a| o| d| not and or daystart follow nowarn regextype= warn depth files0-from=:read maxdepth= ' +
    'mindepth= mount noleaf xdev ignore_readdir_race noignore_readdir_race amin= anewer=:read atime= cmin= ' +
    'cnewer=:read context= ctime= empty executable false fstype= gid= group= ilname= iname= inum= ipath= iregex= ' +
    'iwholename= links= lname= mmin= mtime= name= newer=:read nouser nogroup path= perm= regex= readable writable ' +
    `samefile=:read size= true type= uid= used= user= wholename= xtype= ${NEWER_XY} delete print0 printf= fprintf ` +
    'fprint0=:write fprint=:write print ls fls=:write prune quit exec execdir ok okdir help version',
});

/** dd (GNU coreutils 9.1 `dd --help`): only --help and --version; its operands are KEY=VALUE, these keys. */
export const DD = optionTable({ options: HELP });
export const DD_OPERANDS: ReadonlySet<string> = new Set(
  'bs cbs conv count ibs if iflag obs of oflag seek oseek skip iseek status'.split(' '),
);

/** Every table here, for the tests. */
export const TEXT_TABLES: Readonly<Record<string, OptionTable>> = {
  sort: SORT,
  tee: TEE,
  split: SPLIT,
  uniq: UNIQ,
  base64: BASE64,
  basenc: BASENC,
  shuf: SHUF,
  iconv: ICONV,
  diff: DIFF,
  sdiff: SDIFF,
  diff3: DIFF3,
  sed: SED,
  awk: AWK,
  rg: RG,
  fd: FD,
  xxd: XXD,
  yq: YQ,
  zip: ZIP,
  ...FILE_UTILITY_TABLES,
  find: FIND,
  dd: DD,
};
