/**
 * git's subcommand options: the allowlist each `git <subcommand>` is read against (optionTable.ts
 * explains the spec; git.ts turns these into tables and adds the handlers).
 *
 * Taken from git's own parsers: the option lines `git <sub> -h` prints (git 2.39, parse-options'
 * OPT_* tables, with their arity: `<x>` a value, `[=<x>]` an optional attached one), options added
 * since then from builtin/*.c at git/git 1a3e64c6c4 (the OPT_* macro and its PARSE_OPT_NOARG /
 * PARSE_OPT_OPTARG flags), the revision walker's options from revision.c handle_revision_opt and
 * diff-merges.c (REV), the diff options from diff.c (DIFF), and by hand for the subcommands that
 * are shell scripts or parse by hand (bisect, submodule, mergetool, rev-parse). An OPT_ALIAS names
 * another option and takes what it takes (push --branches is --all: no value).
 *
 * Uses kept from the classifier's earlier checks: --upload-pack/--receive-pack/--exec run a program;
 * --template loads hooks; --output, --output-directory, --separate-git-dir, --index-output,
 * --filter-to, --expire-to and apply --unsafe-paths write where they say; --ext-diff, --textconv,
 * cat-file --filters and help -m/-w/-i run a program git's configuration names.
 */

/** One subcommand: its options (its own first, then the shared parsers'), nested subcommands. */
export interface GitTable {
  options: string | readonly string[];
  /** Read by the revision walker: exact names (no abbreviations), `-<n>` counts. */
  rev?: true;
  /** Options end at the first operand (the rest is a command: bisect run, submodule foreach). */
  stop?: true;
  /** A first word that names no nested subcommand is refused by git. */
  subsOnly?: true;
  subs?: Readonly<Record<string, GitTable>>;
}

export const LOG_OWN = 'q|quiet source use-mailmap mailmap clear-decorations decorate-refs= decorate-refs-exclude= decorate=? L|=';
export const REV =
  'n|max-count= max-count-oldest= skip= since= after= since-as-filter= until= before= max-age= min-age= author= ' +
  'committer= grep-reflog= grep= encoding= date= first-parent exclude-first-parent-only all branches=? tags=? ' +
  'remotes=? glob= exclude= exclude-hidden= not bisect reflog indexed-objects alternate-refs single-worktree ' +
  'no-walk=? do-walk default= merge boundary left-right left-only right-only cherry-mark cherry-pick cherry ' +
  'count topo-order date-order author-date-order reverse parents dense sparse full-history simplify-merges ' +
  'simplify-by-decoration remove-empty ancestry-path=? show-pulls show-linear-break=? objects objects-edge ' +
  'objects-edge-aggressive verify-objects unpacked=? children merges no-merges min-parents=? max-parents=? ' +
  'no-min-parents no-max-parents in-commit-order g|walk-reflogs oneline pretty=? format= expand-tabs=? ' +
  'no-expand-tabs show-notes=? notes=? no-notes standard-notes no-standard-notes show-notes-by-default ' +
  'show-signature no-show-signature log-size abbrev=? abbrev-commit no-abbrev-commit relative-date graph=? ' +
  'no-graph graph-lane-limit= encode-email-headers no-encode-email-headers all-match invert-grep ' +
  'i|regexp-ignore-case E|extended-regexp basic-regexp F|fixed-strings P|perl-regexp full-diff ignore-missing ' +
  'exclude-promisor-objects no-kept-objects=? r| t| v| no-commit-id always root graph-indent no-graph-indent ' +
  'maximal-only stdin';
export const DIFF =
  'p|patch s|no-patch u| U|unified=? W|function-context raw patch-with-raw patch-with-stat numstat shortstat ' +
  'X|dirstat=? cumulative dirstat-by-file=? check summary name-only name-status stat=? stat-width= ' +
  'stat-name-width= stat-graph-width= stat-count= compact-summary binary full-index color=? ws-error-highlight= ' +
  'z| abbrev=? src-prefix= dst-prefix= line-prefix= no-prefix inter-hunk-context= output-indicator-new= ' +
  'output-indicator-old= output-indicator-context= B|break-rewrites=? M|find-renames=? D|irreversible-delete ' +
  'C|find-copies=? find-copies-harder no-renames rename-empty follow l|= minimal w|ignore-all-space ' +
  'b|ignore-space-change ignore-space-at-eol ignore-cr-at-eol ignore-blank-lines I|ignore-matching-lines= ' +
  'indent-heuristic patience histogram diff-algorithm= anchored= word-diff=? word-diff-regex= color-words=? ' +
  'color-moved=? color-moved-ws= relative=? a|text R| exit-code quiet ext-diff:runs textconv:runs ' +
  'ignore-submodules=? submodule=? ita-invisible-in-index ita-visible-in-index S|= G|= pickaxe-all ' +
  'pickaxe-regex O|= rotate-to= skip-to= find-object= diff-filter= output=:write default-prefix max-depth= m| ' +
  'c| cc dd remerge-diff diff-merges= combined-all-paths cached staged merge-base no-index base ours theirs';
export const GIT_TABLES: Readonly<Record<string, GitTable>> = {
  add: {
    options:
      'n|dry-run v|verbose i|interactive p|patch e|edit f|force u|update renormalize N|intent-to-add A|all ' +
      'ignore-removal refresh ignore-errors ignore-missing sparse chmod= pathspec-from-file= pathspec-file-nul ' +
      'auto-advance resolved warn-embedded-repo',
  },
  am: {
    options:
      'i|interactive 3|3way q|quiet s|signoff u|utf8 k|keep keep-non-patch m|message-id keep-cr no-keep-cr ' +
      'c|scissors quoted-cr= whitespace= ignore-space-change ignore-whitespace directory= exclude= include= C|= ' +
      'p|= patch-format= reject resolvemsg= continue r|resolved skip abort quit show-current-patch=? allow-empty ' +
      'committer-date-is-author-date ignore-date rerere-autoupdate S|gpg-sign=? empty= n|no-verify b|binary retry ' +
      'rebasing',
  },
  annotate: {
    options: [
      'incremental b| show-stats progress score-debug f|show-name n|show-number p|porcelain line-porcelain c| l| ' +
        's| e|show-email w| ignore-rev= ignore-revs-file= color-lines color-by-age minimal S|= contents= C|=? M|=? ' +
        'L|= diff-algorithm=',
      REV,
    ],
    rev: true,
  },
  apply: {
    options:
      'exclude= include= p|= no-add stat numstat summary check index N|intent-to-add cached unsafe-paths:write ' +
      'apply 3|3way build-fake-ancestor= z| C|= whitespace= ignore-space-change ignore-whitespace R|reverse ' +
      'unidiff-zero reject allow-overlap v|verbose q|quiet inaccurate-eof recount directory= allow-empty',
  },
  archive: {
    options: 'format= prefix= add-file= add-virtual-file= o|output=:write worktree-attributes v|verbose l|list remote= ' + 'exec=:exec',
  },
  bisect: {
    options: '',
    subsOnly: true,
    subs: {
      start: { options: 'term-new= term-bad= term-old= term-good= no-checkout first-parent' },
      bad: { options: '' },
      good: { options: '' },
      new: { options: '' },
      old: { options: '' },
      terms: { options: 'term-good term-bad term-old term-new' },
      skip: { options: '' },
      next: { options: '' },
      reset: { options: '' },
      visualize: { options: [LOG_OWN, REV, DIFF], rev: true },
      view: { options: [LOG_OWN, REV, DIFF], rev: true },
      replay: { options: '' },
      log: { options: '' },
      run: { options: '', stop: true },
      help: { options: '' },
    },
  },
  blame: {
    options: [
      'incremental b| show-stats progress score-debug f|show-name n|show-number p|porcelain line-porcelain c| l| ' +
        's| e|show-email w| ignore-rev= ignore-revs-file= color-lines color-by-age minimal S|= contents= C|=? M|=? ' +
        'L|= diff-algorithm=',
      REV,
    ],
    rev: true,
  },
  branch: {
    options:
      'v|verbose q|quiet t|track=? u|set-upstream-to= unset-upstream color=? r|remotes contains= no-contains= ' +
      'abbrev=? a|all d|delete D| m|move M| c|copy C| l|list show-current create-reflog edit-description f|force ' +
      'merged= no-merged= column=? sort= points-at= i|ignore-case recurse-submodules format= set-upstream ' +
      'omit-empty delete-merged= dry-run forked=',
  },
  'cat-file': {
    options:
      'e| p| t| s| allow-unknown-type use-mailmap mailmap batch=? batch-check=? z| batch-command=? ' +
      'batch-all-objects buffer follow-symlinks unordered textconv:runs filters:runs path=',
  },
  'check-attr': { options: 'a|all cached stdin z| source=' },
  'check-ignore': { options: 'q|quiet v|verbose stdin z| n|non-matching no-index' },
  'check-ref-format': { options: 'normalize branch allow-onelevel no-allow-onelevel refspec-pattern print' },
  checkout: {
    options:
      'b|= B|= l| guess overlay q|quiet recurse-submodules=? progress m|merge conflict= d|detach t|track=? ' +
      'f|force orphan= overwrite-ignore ignore-other-worktrees 2|ours 3|theirs p|patch ignore-skip-worktree-bits ' +
      'pathspec-from-file= pathspec-file-nul',
  },
  cherry: { options: 'abbrev=? v|verbose' },
  'cherry-pick': {
    options:
      'quit continue abort skip cleanup= n|no-commit e|edit s|signoff m|mainline= rerere-autoupdate strategy= ' +
      'X|strategy-option= S|gpg-sign=? x| ff allow-empty allow-empty-message keep-redundant-commits',
  },
  clean: { options: 'q|quiet n|dry-run f|force i|interactive d| e|exclude= x| X|' },
  clone: {
    options:
      'v|verbose q|quiet progress reject-shallow n|no-checkout bare mirror l|local no-hardlinks s|shared ' +
      'recurse-submodules=? recursive=? j|jobs= template=:load reference= reference-if-able= dissociate o|origin= ' +
      'b|branch= u|upload-pack=:exec depth= shallow-since= shallow-exclude= single-branch no-tags ' +
      'shallow-submodules separate-git-dir=:write c|config= server-option= 4|ipv4 6|ipv6 filter= ' +
      'also-filter-submodules remote-submodules sparse bundle-uri= naked revision= ref-format=',
  },
  column: { options: 'command= mode=? raw-mode= width= indent= nl= padding=' },
  // --allow-empty and --allow-empty-message are OPT_HIDDEN_BOOL in builtin/commit.c: `-h` omits them.
  commit: {
    options:
      'q|quiet v|verbose F|file= author= date= m|message= c|reedit-message= C|reuse-message= fixup= squash= ' +
      'reset-author trailer= s|signoff t|template= e|edit cleanup= status S|gpg-sign=? a|all i|include ' +
      'interactive p|patch o|only n|no-verify dry-run short branch ahead-behind porcelain long z|null amend ' +
      'no-post-rewrite u|untracked-files=? pathspec-from-file= pathspec-file-nul allow-empty allow-empty-message',
  },
  'commit-tree': { options: 'p|= m|= F|= S|gpg-sign=?' },
  config: {
    options:
      'global system local worktree f|file= blob= get get-all get-regexp get-urlmatch replace-all add unset ' +
      'unset-all rename-section remove-section l|list fixed-value e|edit get-color get-colorbool t|type= bool int ' +
      'bool-or-int bool-or-str path expiry-date z|null name-only includes show-origin show-scope default= ' +
      'show-names all regexp value= url= comment= append',
  },
  'count-objects': { options: 'v|verbose H|human-readable' },
  describe: {
    options: 'contains debug all tags long first-parent abbrev=? exact-match candidates= match= exclude= always dirty=? ' + 'broken=?',
  },
  diff: { options: DIFF, rev: true },
  'diff-files': { options: [REV, DIFF], rev: true },
  'diff-index': { options: [REV, DIFF], rev: true },
  'diff-tree': { options: [REV, DIFF], rev: true },
  difftool: { options: 'g|gui d|dir-diff y|no-prompt symlinks t|tool= tool-help trust-exit-code x|extcmd=:exec no-index' },
  fetch: {
    options:
      'v|verbose q|quiet all set-upstream a|append atomic upload-pack=:exec f|force m|multiple t|tags n| j|jobs= ' +
      'prefetch p|prune P|prune-tags recurse-submodules=? dry-run write-fetch-head k|keep u|update-head-ok ' +
      'progress depth= shallow-since= shallow-exclude= deepen= unshallow refetch update-shallow refmap= ' +
      'o|server-option= 4|ipv4 6|ipv6 negotiation-tip= negotiate-only filter= auto-maintenance auto-gc ' +
      'show-forced-updates write-commit-graph stdin porcelain recurse-submodules-default= negotiation-restrict= ' +
      'negotiation-include=',
  },
  'for-each-ref': {
    options: 's|shell p|perl python tcl count= format= color=? sort= points-at= merged= no-merged= contains= ' + 'no-contains= ignore-case',
  },
  'format-patch': {
    options: [
      'n|numbered N|no-numbered s|signoff stdout cover-letter numbered-files suffix= start-number= ' +
        'v|reroll-count= filename-max-length= rfc cover-from-description= subject-prefix= o|output-directory=:write ' +
        'k|keep-subject no-binary zero-commit ignore-if-in-upstream p|no-stat add-header= to= cc= from=? ' +
        'in-reply-to= attach=? inline=? thread=? signature= base= signature-file= q|quiet progress interdiff= ' +
        'range-diff= creation-factor= force-in-body-from',
      REV,
      DIFF,
    ],
    rev: true,
  },
  fsck: {
    options:
      'v|verbose unreachable dangling tags root cache reflogs full connectivity-only strict lost-found progress ' +
      'name-objects references',
  },
  gc: {
    options:
      'q|quiet prune=? cruft aggressive auto force keep-largest-pack max-cruft-size= detach expire-to=:write ' +
      'skip-foreground-tasks schedule= task= config-file= scheduler=',
  },
  grep: {
    options:
      'cached no-index untracked exclude-standard recurse-submodules v|invert-match i|ignore-case w|word-regexp ' +
      'a|text I| textconv r|recursive max-depth= E|extended-regexp G|basic-regexp F|fixed-strings P|perl-regexp ' +
      'n|line-number column h| H| full-name l|files-with-matches name-only L|files-without-match z|null ' +
      'o|only-matching c|count color=? break heading C|context= B|before-context= A|after-context= threads= ' +
      'p|show-function W|function-context f|= e|= and or not q|quiet all-match O|open-files-in-pager=? ext-grep ' +
      'm|max-count=',
  },
  'hash-object': { options: 't|= w| stdin stdin-paths no-filters literally path=' },
  help: {
    options:
      'a|all external-commands aliases m|man:runs w|web:runs i|info:runs v|verbose g|guides user-interfaces ' +
      'developer-interfaces c|config exclude-guides config-for-completion config-sections-for-completion ' +
      'aliases-for-completion',
  },
  init: { options: 'template=:load bare shared=? q|quiet separate-git-dir=:write b|initial-branch= object-format= ref-format=' },
  'interpret-trailers': {
    options: 'in-place trim-empty where= if-exists= if-missing= only-trailers only-input unfold parse no-divider ' + 'trailer=',
  },
  log: { options: [LOG_OWN, REV, DIFF], rev: true },
  'ls-files': {
    options:
      'z| t| v| f| c|cached d|deleted m|modified o|others i|ignored s|stage k|killed directory eol ' +
      'empty-directory u|unmerged resolve-undo x|exclude= X|exclude-from= exclude-per-directory= exclude-standard ' +
      'full-name recurse-submodules error-unmatch with-tree= abbrev=? debug deduplicate sparse format=',
  },
  'ls-remote': { options: 'q|quiet upload-pack=:exec t|tags h|heads refs get-url sort= exit-code symref o|server-option= b|branches' },
  'ls-tree': { options: 'd| r| t| z| l|long name-only name-status object-only full-name full-tree format= abbrev=?' },
  maintenance: {
    options: '',
    subsOnly: true,
    subs: {
      run: { options: 'auto schedule= quiet task=' },
      start: { options: 'scheduler=' },
      stop: { options: '' },
      register: { options: 'config-file=' },
      unregister: { options: 'config-file= f|force' },
    },
  },
  merge: {
    options:
      'n| stat summary log=? squash commit e|edit cleanup= ff ff-only rerere-autoupdate verify-signatures ' +
      's|strategy= X|strategy-option= m|message= F|file= into-name= v|verbose q|quiet abort quit continue ' +
      'allow-unrelated-histories progress S|gpg-sign=? autostash overwrite-ignore signoff no-verify ' +
      'compact-summary',
  },
  'merge-base': { options: 'a|all octopus independent is-ancestor fork-point' },
  mergetool: { options: 't|tool= tool-help y|no-prompt prompt g|gui no-gui O|=' },
  mktree: { options: 'z| missing batch' },
  mv: { options: 'v|verbose n|dry-run f|force k| sparse' },
  'name-rev': {
    options:
      'name-only tags refs= exclude= all stdin annotate-stdin undefined always peel-tag format= stdin-mode= ' +
      'notes= z|null null-input null-output',
  },
  notes: {
    options: 'ref=',
    subs: {
      list: { options: '' },
      add: { options: 'm|message= F|file= c|reedit-message= C|reuse-message= allow-empty f|force' },
      copy: { options: 'f|force stdin for-rewrite=' },
      append: { options: 'm|message= F|file= c|reedit-message= C|reuse-message= allow-empty' },
      edit: { options: 'm|message= F|file= c|reedit-message= C|reuse-message= allow-empty' },
      show: { options: '' },
      merge: { options: 'v|verbose q|quiet s|strategy= commit abort' },
      remove: { options: 'ignore-missing stdin' },
      prune: { options: 'n|dry-run v|verbose' },
      'get-ref': { options: '' },
    },
  },
  prune: { options: 'n|dry-run v|verbose progress expire= exclude-promisor-objects' },
  pull: {
    options:
      'v|verbose q|quiet progress recurse-submodules=? r|rebase=? n| stat log=? signoff=? squash commit edit ' +
      'cleanup= ff ff-only verify verify-signatures autostash s|strategy= X|strategy-option= S|gpg-sign=? ' +
      'allow-unrelated-histories all a|append upload-pack=:exec f|force t|tags p|prune j|jobs=? dry-run k|keep ' +
      'depth= shallow-since= shallow-exclude= deepen= unshallow update-shallow refmap= o|server-option= 4|ipv4 ' +
      '6|ipv6 negotiation-tip= show-forced-updates set-upstream summary compact-summary negotiation-restrict= ' +
      'negotiation-include=',
  },
  push: {
    options:
      'v|verbose q|quiet repo= all mirror d|delete tags n|dry-run porcelain f|force force-with-lease=? ' +
      'force-if-includes recurse-submodules= thin receive-pack=:exec exec=:exec u|set-upstream progress prune ' +
      'no-verify follow-tags signed=? atomic o|push-option= 4|ipv4 6|ipv6 branches',
  },
  'range-diff': { options: ['creation-factor= no-dual-color notes=? left-only right-only max-memory=', DIFF], rev: true },
  'read-tree': {
    options:
      'index-output=:write empty v|verbose m| trivial aggressive reset prefix= u| exclude-per-directory= i| n|dry-run ' +
      'no-sparse-checkout debug-unpack recurse-submodules=? q|quiet',
  },
  rebase: {
    options:
      'onto= keep-base no-verify q|quiet v|verbose n|no-stat signoff committer-date-is-author-date ' +
      'reset-author-date C|= ignore-whitespace whitespace= f|force-rebase no-ff continue skip abort quit ' +
      'edit-todo show-current-patch apply m|merge i|interactive rerere-autoupdate empty= autosquash update-refs ' +
      'S|gpg-sign=? autostash x|exec=:exec r|rebase-merges=? fork-point s|strategy= X|strategy-option= root ' +
      'reschedule-failed-exec reapply-cherry-picks trailer= ignore-date p|preserve-merges k|keep-empty ' +
      'allow-empty-message',
  },
  reflog: {
    options: [LOG_OWN, REV, DIFF],
    rev: true,
    subs: {
      show: { options: [LOG_OWN, REV, DIFF], rev: true },
      list: { options: '' },
      expire: { options: 'n|dry-run rewrite updateref verbose expire= expire-unreachable= stale-fix all single-worktree' },
      delete: { options: 'n|dry-run rewrite updateref verbose' },
      exists: { options: '' },
      drop: { options: 'all single-worktree' },
    },
  },
  remote: {
    options: 'v|verbose',
    subsOnly: true,
    subs: {
      add: { options: 'f|fetch tags t|track= m|master= mirror=?' },
      rename: { options: 'progress' },
      remove: { options: '' },
      'set-head': { options: 'a|auto d|delete' },
      'set-branches': { options: 'add' },
      'get-url': { options: 'push all' },
      'set-url': { options: 'push add delete' },
      show: { options: 'n|' },
      prune: { options: 'n|dry-run' },
      update: { options: 'p|prune' },
      rm: { options: '' },
    },
  },
  repack: {
    options:
      'a| A| cruft cruft-expiration= d| f| F| n| q|quiet l|local b|write-bitmap-index i|delta-islands ' +
      'unpack-unreachable= k|keep-unreachable window= window-memory= depth= threads= max-pack-size= ' +
      'pack-kept-objects keep-pack= g|geometric= m|write-midx expire-to= combine-cruft-below-size= ' +
      'max-cruft-size= name-hash-version= path-walk filter-to=:write',
  },
  reset: {
    options:
      'q|quiet no-refresh mixed soft hard merge keep recurse-submodules=? p|patch N|intent-to-add ' +
      'pathspec-from-file= pathspec-file-nul auto-advance',
  },
  restore: {
    options:
      's|source= S|staged W|worktree ignore-unmerged overlay q|quiet recurse-submodules=? progress m|merge ' +
      'conflict= 2|ours 3|theirs p|patch ignore-skip-worktree-bits pathspec-from-file= pathspec-file-nul',
  },
  'rev-list': {
    options: [
      'header timestamp bisect-vars bisect-all disk-usage=? no-object-names object-names filter= ' +
        'filter-print-omitted filter-provided-objects missing= progress= use-bitmap-index commit-header ' +
        'no-commit-header',
      REV,
      DIFF,
    ],
    rev: true,
  },
  'rev-parse': {
    options:
      'parseopt keep-dashdash stop-at-non-option stuck-long sq-quote revs-only no-revs flags no-flags default= ' +
      'prefix= verify q|quiet sq short=? not symbolic symbolic-full-name abbrev-ref=? disambiguate= all ' +
      'branches=? tags=? remotes=? glob= exclude= exclude-hidden= local-env-vars path-format= git-dir ' +
      'git-common-dir resolve-git-dir= git-path= show-toplevel show-superproject-working-tree shared-index-path= ' +
      'absolute-git-dir is-inside-git-dir is-inside-work-tree is-bare-repository is-shallow-repository show-cdup ' +
      'show-prefix show-object-format=? show-ref-format since= after= until= before=',
  },
  revert: {
    options:
      'quit continue abort skip cleanup= n|no-commit e|edit s|signoff m|mainline= rerere-autoupdate strategy= ' +
      'X|strategy-option= S|gpg-sign=? reference',
  },
  rm: { options: 'n|dry-run q|quiet cached f|force r| ignore-unmatch sparse pathspec-from-file= pathspec-file-nul' },
  shortlog: { options: ['c|committer n|numbered s|summary e|email w|=? group=', REV, DIFF], rev: true },
  show: { options: [LOG_OWN, REV, DIFF], rev: true },
  'show-ref': { options: 'tags heads verify head d|dereference s|hash=? abbrev=? q|quiet exclude-existing=? branches exists' },
  'sparse-checkout': {
    options: '',
    subsOnly: true,
    subs: {
      list: { options: '' },
      set: { options: 'cone sparse-index skip-checks stdin' },
      add: { options: 'skip-checks stdin' },
      reapply: { options: 'cone sparse-index' },
      disable: { options: '' },
      init: { options: 'cone sparse-index' },
      'check-rules': { options: 'z| cone rules-file=' },
    },
  },
  stash: {
    options: 'k|keep-index S|staged p|patch q|quiet u|include-untracked a|all m|message= pathspec-from-file= ' + 'pathspec-file-nul',
    subsOnly: true,
    subs: {
      push: {
        options: 'k|keep-index S|staged p|patch q|quiet u|include-untracked a|all m|message= pathspec-from-file= ' + 'pathspec-file-nul',
      },
      save: { options: 'k|keep-index S|staged p|patch q|quiet u|include-untracked a|all m|message=' },
      list: { options: [LOG_OWN, REV, DIFF], rev: true },
      show: { options: ['u|include-untracked only-untracked', DIFF], rev: true },
      drop: { options: 'q|quiet' },
      pop: { options: 'q|quiet index' },
      apply: { options: 'q|quiet index' },
      branch: { options: '' },
      clear: { options: '' },
      create: { options: '' },
      store: { options: 'q|quiet m|message=' },
    },
  },
  status: {
    options:
      'v|verbose s|short b|branch show-stash ahead-behind porcelain=? long z|null u|untracked-files=? ignored=? ' +
      'ignore-submodules=? column=? no-renames M|find-renames=?',
  },
  stripspace: { options: 's|strip-comments c|comment-lines' },
  submodule: {
    options: 'q|quiet cached',
    subsOnly: true,
    subs: {
      add: { options: 'b|branch= f|force name= reference= depth= q|quiet ref-format=' },
      status: { options: 'cached recursive q|quiet' },
      init: { options: 'q|quiet' },
      deinit: { options: 'f|force all q|quiet' },
      update: {
        options:
          'init filter= remote N|no-fetch f|force checkout merge rebase recommend-shallow reference= recursive ' +
          'single-branch depth= j|jobs= progress q|quiet dissociate require-init',
      },
      'set-branch': { options: 'd|default b|branch= q|quiet' },
      'set-url': { options: 'q|quiet' },
      summary: { options: 'cached files n|summary-limit= q|quiet' },
      foreach: { options: 'recursive q|quiet', stop: true },
      sync: { options: 'recursive q|quiet' },
      absorbgitdirs: { options: 'q|quiet' },
    },
  },
  switch: {
    options:
      'c|create= C|force-create= guess discard-changes q|quiet recurse-submodules=? progress m|merge conflict= ' +
      'd|detach t|track=? f|force orphan= overwrite-ignore ignore-other-worktrees',
  },
  'symbolic-ref': { options: 'q|quiet d|delete short recurse m|=' },
  tag: {
    options:
      'l|list n|=? d|delete v|verify a|annotate m|message= F|file= e|edit s|sign cleanup= u|local-user= f|force ' +
      'create-reflog column=? contains= no-contains= merged= no-merged= sort= points-at= format= color=? ' +
      'i|ignore-case trailer= omit-empty',
  },
  'update-index': {
    options:
      'q| ignore-submodules add replace remove unmerged refresh really-refresh cacheinfo= chmod= assume-unchanged ' +
      'no-assume-unchanged skip-worktree no-skip-worktree ignore-skip-worktree-entries info-only force-remove z| ' +
      'stdin index-info unresolve g|again ignore-missing verbose clear-resolve-undo index-version= split-index ' +
      'untracked-cache test-untracked-cache force-untracked-cache force-write-index fsmonitor fsmonitor-valid ' +
      'no-fsmonitor-valid',
  },
  'update-ref': { options: 'm|= d| no-deref z| stdin create-reflog 0|batch-updates' },
  var: { options: 'l|' },
  'verify-commit': { options: 'v|verbose raw' },
  'verify-tag': { options: 'v|verbose raw format=' },
  version: { options: 'build-options' },
  whatchanged: { options: [LOG_OWN, REV, DIFF], rev: true },
  worktree: {
    options: '',
    subsOnly: true,
    subs: {
      add: { options: 'f|force b|= B|= d|detach checkout lock reason= q|quiet track guess-remote' },
      list: { options: 'porcelain v|verbose expire= z|' },
      lock: { options: 'reason=' },
      move: { options: 'f|force' },
      prune: { options: 'n|dry-run v|verbose expire=' },
      remove: { options: 'f|force' },
      repair: { options: '' },
      unlock: { options: '' },
    },
  },
  'write-tree': { options: 'missing-ok prefix=' },
};
