/**
 * Option tables of converters.ts's programs (optionTable.ts's compact spec), each from the
 * program's own parser or help:
 *   Blender   source/creator/creator_args.cc `main_args_setup` (BLI_args: whole words, no `=`, no
 *             clusters; `-noaudio`, `-con` are one-dash words), with Blender 3.x's older names;
 *   ugrep     `ugrep --help` (3.11) and ugrep(1) (7.x additions: -@/--all, --iglob, --index, --split);
 *   Miller 6  `mlr help flags` (6.6; one or two dashes) and `mlr help list-verbs`;
 *   Kakoune   kak(1) (whole one-dash words); vifm vifm(1) 0.12–0.13; actionlint `actionlint -h` (Go flag);
 *   postcss-cli and chokidar-cli their yargs definitions (README "Usage"); watchman-make its argparse;
 *   etcdctl  `etcdctl <command> --help` (v3 API, etcd 3.4; pflag), with 3.5's downgrade and size flags.
 */
import { optionTable, type OptionTable, type TableSpec } from './optionTable.js';

/**
 * Blender: `-P/--python` runs a Python file, `--python-expr`/`--python-text`/`--python-console`
 * run Python, `-c/--command` runs an add-on's command (the rest are its arguments), `-y` lets the
 * .blend files' own scripts run, `--addons`, `--app-template` and the `--env-system-*` folders load
 * add-ons and scripts; `--log-file` writes; `--register*` writes the desktop's file associations.
 */
export const BLENDER: OptionTable = optionTable({
  options:
    'python-use-system-env env-system-datafiles= env-system-scripts=:load env-system-python=:load env-system-extensions=:load ' +
    'env-system-config=:load t|threads= log= log-level= log-show-source log-show-backtrace log-show-memory log-show-basename ' +
    'log-show-timestamp log-file=:write gpu-backend= gpu-vsync= gpu-compilation-subprocesses= profile-gpu h|help v|version ' +
    'log-list-categories y|enable-autoexec:runs Y|disable-autoexec offline-mode online-mode disable-crash-handler ' +
    'disable-abort-handler q|quiet b|background c|command=:exec qos= disable-depsgraph-on-file-load ' +
    'disable-liboverride-auto-resync d|debug debug-ffmpeg debug-freestyle debug-python debug-events debug-handlers debug-wm ' +
    'debug-xr debug-xr-time debug-ghost debug-wintab debug-all debug-io debug-fpe debug-libmv debug-cycles debug-memory ' +
    'debug-value= debug-jobs debug-gpu debug-gpu-compile-shaders debug-gpu-shader-source debug-gpu-scope-capture ' +
    'debug-gpu-renderdoc debug-gpu-shader-debug-info debug-depsgraph debug-depsgraph-build debug-depsgraph-eval ' +
    'debug-depsgraph-tag debug-depsgraph-time debug-depsgraph-no-threads debug-depsgraph-pretty debug-depsgraph-uid ' +
    'debug-gpu-force-workarounds debug-gpu-vulkan-local-read debug-exit-on-error debug-gpumem debug-simdata verbose= ' +
    'app-template=:load factory-startup enable-event-simulate p|window-geometry= w|window-border W|window-fullscreen ' +
    'M|window-maximized no-window-frame no-window-focus con start-console r|register R| register-allusers:config ' +
    'unregister unregister-allusers:config no-native-pixels noaudio setaudio= f|render-frame= a|render-anim S|scene= ' +
    's|frame-start= e|frame-end= j|frame-jump= P|python=:load python-text=:exec python-expr=:exec python-console:runs ' +
    'python-exit-code= addons=:load o|render-output= E|engine= F|render-format= x|use-extension= open-last',
  singleDashLong: true,
  stopAfter: ['command'],
});

/**
 * ugrep: `--filter` runs commands on the files it searches, `--pager` and `--view` name programs,
 * `--config`/`---FILE` read options (a configuration can hold `--filter`), `--save-config` writes.
 */
export const UGREP: OptionTable = optionTable({
  options:
    'A|after-context= a|text and= andnot= B|before-context= b|byte-offset binary-files= %|bool break C|context= c|count ' +
    'color=? colour=? colors= colours= config=?:load confirm cpp csv D|devices= d|directories= depth= dotall E|extended-regexp ' +
    'e|regexp= encoding= exclude= exclude-dir= exclude-from= exclude-fs= F|fixed-strings f|file= filter=:exec ' +
    'filter-magic-label= format= free-space G|basic-regexp g|glob= group-separator=? H|with-filename h|no-filename ' +
    '+|heading help=? ?| hexdump=? .|hidden hyperlink=? I|ignore-binary i|ignore-case ignore-files=? include= include-dir= ' +
    'include-from= include-fs= J|jobs= j|smart-case json K|range= min-line= max-line= k|column-number ' +
    'L|files-without-match l|files-with-matches label= line-buffered lines M|file-magic= m|min-count= max-count= match ' +
    'max-files= mmap=? N|neg-regexp= n|line-number no-group-separator not= O|file-extension= o|only-matching ' +
    'only-line-number files P|perl-regexp p|no-dereference pager=?:prog pretty Q|query=? q|quiet silent ' +
    'R|dereference-recursive r|recursive replace= S|dereference s|no-messages save-config=?:write separator=? sort=? stats ' +
    'T|initial-tab t|file-type= tabs=? tag=? ^|tree U|binary u|ungroup V|version v|invert-match view=?:prog W|with-hex ' +
    'w|word-regexp width=? X|hex x|line-regexp xml Y|empty y|any-line passthru Z|fuzzy=? z|decompress zmax= 0|null ' +
    '@|all iglob= glob-ignore-case index split 1| 2| 3| 4| 5| 6| 7| 8| 9|',
  abbrev: false,
  negate: true,
});

/** Miller's main flags, before the verb chain (`--prepipe` runs a command, `--load`/`--mload`/`-s` load files of DSL or flags). */
export const MLR: OptionTable = optionTable({
  options: [
    'pass-comments pass-comments-with= skip-comments skip-comments-with= bz2in gzin prepipe=:exec prepipe-bz2 prepipe-gunzip ' +
      'prepipe-zcat prepipex=:exec zin allow-ragged-csv-input ragged allow-ragged-tsv-input headerless-csv-output ho ' +
      'headerless-tsv-output implicit-csv-header headerless-csv-input hi implicit-tsv-header lazy-quotes no-implicit-csv-header ' +
      'no-implicit-tsv-header quote-all N| asv asvlite c|csv csvlite dkvp gen-field-name= gen-start= gen-step= gen-stop= iasv ' +
      'iasvlite icsv icsvlite idkvp igen ijson ijsonl inidx io= ipprint itsv itsvlite iusv iusvlite ixtab j|json jsonl nidx ' +
      'oasv oasvlite ocsv ocsvlite odkvp ojson ojsonl omd onidx opprint otsv otsvlite ousv ousvlite oxtab pprint t|tsv tsvlite ' +
      'usv usvlite xtab xvright i|= o|= flatsep= jflatsep= no-auto-flatten no-auto-unflatten p| T| jlistwrap jl jvquoteall ' +
      'jvstack no-jlistwrap no-jvstack jknquoteint jquoteall json-fatal-arrays-on-input json-map-arrays-on-input ' +
      'json-skip-arrays-on-input jsonx mmap no-mmap ojsonx quote-minimal quote-none quote-numeric quote-original vflatsep ' +
      'fflush from= hash-records A|infer-int-as-float S|infer-none O|infer-octal load=:load mfrom= mload=:load ' +
      'no-dedupe-field-names no-fflush no-hash-records nr-progress-mod= ofmt= records-per-batch= seed= tz= I| n| s|=:load ' +
      'C|always-color fail-color= help-color= key-color= list-color-codes list-color-names M|no-color pass-color= value-color= ' +
      'barred right cpuprofile=:write time traceprofile fs= ifs= ifs-regex= ips= ips-regex= irs= ofs= ops= ors= ps= repifs rs= ' +
      'version help',
    // The format-conversion keystroke-savers (`mlr help format-conversion-keystroke-saver-flags`): --c2p is --icsv --opprint.
    'c2t c2j c2l c2d c2n c2x c2p c2m t2c t2j t2l t2d t2n t2x t2p t2m j2c j2t j2l j2d j2n j2x j2p j2m l2c l2t l2j l2d l2n l2x l2p l2m d2c d2t d2j d2l d2n d2x d2p d2m n2c n2t n2j n2l n2d n2x n2p n2m x2c x2t x2j x2l x2d x2n x2p x2m p2c p2t p2j p2l p2d p2n p2x p2m',
  ],
  singleDashLong: true,
  stopAtOperand: true,
});

/** Miller 6's verbs (`mlr help list-verbs`) and its other commands (`mlr help`, `mlr version`, `mlr repl` …). */
export const MLR_VERBS: ReadonlySet<string> = new Set(
  (
    'altkv bar bootstrap case cat check clean-whitespace count-distinct count count-similar cut decimate fill-down fill-empty ' +
    'filter flatten format-values fraction gap grep group-by group-like gsub having-fields head histogram json-parse ' +
    'json-stringify join label latin1-to-utf8 least-frequent merge-fields most-frequent nest nothing put regularize ' +
    'remove-empty-columns rename reorder repeat reshape sample sec2gmtdate sec2gmt seqgen shuffle skip-trivial-records sort ' +
    'sort-within-records sparsify split split-join split-lines splitax ssub stats1 stats2 step sub summary tac tail tee ' +
    'template top utf8-to-latin1 unflatten uniq unspace unsparsify help version regtest repl lecat termcvt hex unhex'
  ).split(' '),
);

/** Kakoune: `-e`/`-E` run commands on start (`%sh{…}` runs a shell), `-f` runs keys on each file, `-p` sends commands to a session. */
export const KAK: OptionTable = optionTable({
  options: 'help version n l d e=:exec E=:exec f=:exec i= q p=:exec c= s= ui= clear ro debug=',
  singleDashLong: true,
});

/**
 * vifm: `-c CMD` and `+CMD` (an operand) run vifm commands, which include `:!shell`; `--on-choose`
 * runs a shell command; `--remote`/`--remote-expr` send the rest to a running vifm to run;
 * `--choose-files`/`--choose-dir` write the file they name.
 */
export const VIFM: OptionTable = optionTable({
  options:
    'select= f| choose-files=:write choose-dir=:write delimiter= on-choose=:exec logging=? server-list server-name= ' +
    'remote:runs remote-expr=:exec c|=:exec h|help v|version no-configs plugins-dir=:load',
});

/** actionlint (Go flag: one or two dashes, `-x=v` or `-x v`): `-shellcheck` and `-pyflakes` name the programs it runs. */
export const ACTIONLINT: OptionTable = optionTable({
  options:
    'color config-file= debug format= ignore= init-config no-color oneline pyflakes=:prog shellcheck=:prog ' +
    'stdin-filename= verbose version h help',
  singleDashLong: true,
});

/** postcss-cli: `-u/--use` names plugins it loads, `--parser`/`--stringifier`/`--syntax` modules it loads. */
export const POSTCSS: OptionTable = optionTable({
  options:
    'o|output= d|dir= r|replace ext= base= m|map no-map verbose w|watch poll=? env= u|use=:load parser=:load ' +
    'stringifier=:load syntax=:load config= h|help version',
});

/** chokidar-cli: `-c/--command` runs on every change. */
export const CHOKIDAR: OptionTable = optionTable({
  options:
    'c|command=:exec d|debounce= t|throttle= s|follow-symlinks i|ignore= initial p|polling poll-interval= ' +
    'poll-interval-binary= verbose silent h|help version',
});

/** watchman-make (argparse, prefixes): `-r/--run` runs a command, `--make` names the make program. */
export const WATCHMAN_MAKE: OptionTable = optionTable({
  options: 'p|pattern= t|target= make=:prog s|settle= r|run=:exec root= connect-timeout= h|help',
  abbrev: true,
});

/** etcdctl's global options (and 3.5's `--auth-jwt-token`, `--max-request-bytes`, `--max-recv-bytes`). */
const ETCD_GLOBAL =
  'cacert= cert= command-timeout= debug dial-timeout= d|discovery-srv= discovery-srv-name= endpoints= h|help hex insecure-discovery insecure-skip-tls-verify insecure-transport keepalive-time= keepalive-timeout= key= password= user= w|write-out= auth-jwt-token= max-request-bytes= max-recv-bytes=';
const cmd = (options: string): TableSpec => ({ options: [options, ETCD_GLOBAL], equalsShort: true });
const group = (subs: Record<string, TableSpec>): TableSpec => ({ ...cmd(''), subs, subsOnly: true });

/**
 * etcdctl: every command's options; `lock NAME CMD…` and `watch KEY -- CMD…` run CMD (converters.ts),
 * `migrate --transformer` names a program.
 */
export const ETCDCTL: OptionTable = optionTable({
  ...cmd(''),
  subsOnly: true,
  subs: {
    alarm: group({ disarm: cmd(''), list: cmd('') }),
    auth: group({ disable: cmd(''), enable: cmd('') }),
    check: group({ datascale: cmd('auto-compact auto-defrag load= prefix='), perf: cmd('auto-compact auto-defrag load= prefix=') }),
    compaction: cmd('physical'),
    completion: group({
      bash: cmd('no-descriptions'),
      fish: cmd('no-descriptions'),
      powershell: cmd('no-descriptions'),
      zsh: cmd('no-descriptions'),
    }),
    defrag: cmd('cluster data-dir='),
    del: cmd('from-key prefix prev-kv'),
    elect: cmd('l|listen'),
    endpoint: group({ hashkv: cmd('rev='), health: cmd(''), status: cmd('') }),
    get: cmd('consistency= from-key keys-only limit= order= prefix print-value-only rev= sort-by='),
    lease: group({ grant: cmd(''), 'keep-alive': cmd('once'), list: cmd(''), revoke: cmd(''), timetolive: cmd('keys') }),
    lock: cmd('ttl='),
    'make-mirror': cmd('dest-cacert= dest-cert= dest-insecure-transport dest-key= dest-prefix= no-dest-prefix prefix='),
    member: group({ add: cmd('learner peer-urls='), list: cmd(''), promote: cmd(''), remove: cmd(''), update: cmd('peer-urls=') }),
    migrate: cmd('data-dir= no-ttl transformer=:prog wal-dir='),
    'move-leader': cmd(''),
    put: cmd('ignore-lease ignore-value lease= prev-kv'),
    role: group({
      add: cmd(''),
      delete: cmd(''),
      get: cmd(''),
      'grant-permission': cmd('from-key prefix'),
      list: cmd(''),
      'revoke-permission': cmd('from-key prefix'),
    }),
    snapshot: group({
      restore: cmd('data-dir= initial-advertise-peer-urls= initial-cluster= initial-cluster-token= name= skip-hash-check wal-dir='),
      save: cmd(''),
      status: cmd(''),
    }),
    txn: cmd('i|interactive'),
    user: group({
      add: cmd('interactive new-user-password= no-password'),
      delete: cmd(''),
      get: cmd('detail'),
      'grant-role': cmd(''),
      list: cmd(''),
      passwd: cmd('interactive'),
      'revoke-role': cmd(''),
    }),
    version: cmd(''),
    watch: cmd('i|interactive prefix prev-kv rev='),
    downgrade: group({ validate: cmd(''), enable: cmd(''), cancel: cmd('') }),
  },
});
