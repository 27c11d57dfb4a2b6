/**
 * nix, the new command line (nix 2.18+; the manual's `nix` command reference: "Common evaluation
 * options", "Common flake-related options", "Logging-related options", "Miscellaneous global
 * options", "Options that change the interpretation of installables", and each subcommand's
 * "Options"). One table: the common options and the union of the subcommands' own (nix refuses a
 * subcommand's option given to another). Options are matched whole; short flags cluster (`-Lv`).
 *
 * nix also takes every nix.conf setting as an option (`--sandbox`, `--no-sandbox`,
 * `--substituters URL`, `--post-build-hook PROG`, `--accept-flake-config`, `--extra-<setting>`):
 * only the settings that size or report a build (`-j`, `--cores`, `--keep-going`, `--show-trace`,
 * `--fallback` …) are in the table; any other setting is unknown, so compound. So is
 * `--option NAME VALUE`, except to turn on experimental features the table knows.
 *
 * What else reaches past the project:
 *   - `--expr EXPR`, `--apply EXPR`, `--arg NAME EXPR`: Nix code on the command line;
 *   - `--impure`: evaluation may read the environment and any file;
 *   - `--extra-experimental-features` / `--experimental-features`: only the features below are plain;
 *   - run, shell and develop run programs (kit.ts `subcommandRunner`); edit runs the editor,
 *     bundle a bundler (from a remote flake by default), upgrade-nix replaces nix, daemon serves
 *     the store; profile install/add/upgrade/remove/rollback/wipe-history change the programs on
 *     the user's PATH; registry add/remove/pin change what `nixpkgs#x` means everywhere;
 *   - a flake named remotely (`github:`, `git+https:`) or a file outside the project: the
 *     default's checks (nix uses `defaults`).
 */
import { exec, risk } from '../effects.js';
import type { Arg, OptItem } from '../options.js';
import { opaque, itemsOf, valueOf } from './kit.js';
import { optionTable } from './optionTable.js';
import type { Check } from './rule.js';

/** Experimental features that add commands or syntax, without loosening the sandbox or the store. */
const PLAIN_FEATURES = new Set([
  'nix-command',
  'flakes',
  'ca-derivations',
  'fetch-tree',
  'repl-flake',
  'fetch-closure',
  'no-url-literals',
  'pipe-operators',
  'parse-toml-timestamps',
  'git-hashing',
  'verified-fetches',
  'auto-allocate-uids',
]);

const features = (v: Arg | undefined): boolean =>
  typeof v === 'string' &&
  v
    .split(/[\s,]+/)
    .filter(Boolean)
    .every((f) => PLAIN_FEATURES.has(f));

const TABLE = optionTable({
  options: [
    // Common, logging and miscellaneous options.
    'help version debug log-format= L|print-build-logs quiet v|verbose offline option= refresh repair',
    'arg= arg-from-file= arg-from-stdin= argstr= debugger eval-store= impure I|include= override-flake=',
    'commit-lock-file inputs-from= no-registries no-update-lock-file no-write-lock-file output-lock-file= override-input=',
    'recreate-lock-file reference-lock-file= update-input= derivation expr= f|file=',
    // nix.conf settings that size or report a build.
    'j|max-jobs= cores= keep-going K|keep-failed fallback show-trace extra-experimental-features= experimental-features=',
    'system= print-missing',
    // Subcommands' options: build, develop, shell, run, eval, flake, profile, search, path-info, copy, store, hash, why-depends.
    'dry-run json no-link o|out-link= print-out-paths profile= rebuild stdin build check configure install installcheck unpack',
    'c|command= i|ignore-environment k|keep= phase= redirect= u|unset= keep-env-var= set-env-var= apply= raw read-only write-to=',
    't|template= all-systems no-build legacy to= from= dest= priority= older-than= e|exclude= S|closure-size h|human-readable',
    'r|recursive s|size sigs all no-check-sigs substitute-on-destination max= long name= mode= executable hash-type= unpack',
    'no-contents no-trust sigs-needed= type= base16 base32 base64 sri precise bundler= nix-store-paths-url= stdio',
    'force-trusted force-untrusted registry= pretty no-pretty',
  ],
});

/** Options followed by two words (`--arg NAME EXPR`): the second is theirs too, not an operand. */
const TWO_WORDS = new Set(['option', 'arg', 'arg-from-file', 'argstr', 'override-flake', 'override-input']);

/** Subcommands (and `profile`/`registry`/`store` actions) that reach past the project. */
const REACHES: Readonly<Record<string, string>> = {
  edit: 'nix edit runs the editor the environment names',
  bundle: 'nix bundle runs a bundler (from a remote flake by default)',
  'upgrade-nix': 'nix upgrade-nix replaces the nix program',
  daemon: 'nix daemon serves the store',
  'profile install': 'nix profile install puts programs on the user’s PATH',
  'profile add': 'nix profile add puts programs on the user’s PATH',
  'profile upgrade': 'nix profile upgrade changes the programs on the user’s PATH',
  'profile remove': 'nix profile remove changes the programs on the user’s PATH',
  'profile rollback': 'nix profile rollback changes the programs on the user’s PATH',
  'profile wipe-history': 'nix profile wipe-history deletes the profile’s history',
  'registry add': 'nix registry add changes what a flake name means everywhere',
  'registry remove': 'nix registry remove changes what a flake name means everywhere',
  'registry pin': 'nix registry pin changes what a flake name means everywhere',
  'store delete': 'nix store delete removes store paths',
};

const named = (it: OptItem, name: string): boolean => (it.kind === 'long' || it.kind === 'short') && it.name === name;

export const nixOptions: Check = (argv) => {
  const { items, effects: out } = itemsOf(TABLE, argv);
  const second = new Set<number>();
  for (const it of items) {
    if (it.kind !== 'long' || !TWO_WORDS.has(it.name) || String(argv[it.word]).includes('=')) continue;
    second.add(it.word + 2);
    const name = valueOf(it);
    const value = argv[it.word + 2];
    if (it.name === 'option' && !(typeof name === 'string' && /^(extra-)?experimental-features$/.test(name) && features(value)))
      out.push(risk('option', 'nix --option sets any nix.conf setting (sandbox, substituters, hooks)', `${String(name)} ${String(value)}`));
    if (it.name === 'arg') out.push(exec('arg', opaque(value ?? null), 'nix --arg passes a Nix expression'));
  }
  for (const it of items) {
    if (named(it, 'expr') || named(it, 'apply'))
      out.push(
        exec(
          it.kind === 'long' ? it.name : 'expr',
          opaque(valueOf(it)),
          `nix --${it.kind === 'long' ? it.name : 'expr'} evaluates Nix code from the command line`,
        ),
      );
    if (named(it, 'impure')) out.push(risk('impure', 'nix --impure lets evaluation read the environment and any file'));
    if ((named(it, 'extra-experimental-features') || named(it, 'experimental-features')) && !features(valueOf(it)))
      out.push(risk('experimental_features', 'nix turns on experimental features beyond those that only add commands', valueOf(it)));
  }
  const words = items.flatMap((it) => (it.kind === 'operand' && !second.has(it.word) ? [it.value] : []));
  const [sub, action] = words;
  const reach = [`${String(sub)} ${String(action)}`, String(sub)].find((k) => Object.prototype.hasOwnProperty.call(REACHES, k));
  if (reach !== undefined) out.push(exec(reach.replace(/[ -]/g, '_'), opaque(), REACHES[reach]!));
  return out;
};
