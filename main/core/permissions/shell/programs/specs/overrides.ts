/**
 * Corrections to the generated spec tables (figTables.ts), each with a test in overrides.test.ts:
 * where a spec of @withfig/autocomplete is wrong or missing a fact the classifier needs, the fix
 * lives here, not in the generated file (which the generator rewrites on a version bump).
 */
export interface SpecOverride {
  /** Leave the program out of the spec layer (its spec is unusable): it keeps the no-spec rule. */
  drop?: true;
  /**
   * Options to add, by subcommand path ("" the program, "run", "remote add"), in optionTable.ts's
   * compact spec; they come first, so they also correct an option the spec gets wrong.
   */
  options?: Readonly<Record<string, string>>;
  /** Whether the operands at a subcommand path are paths, where the spec says otherwise. */
  pathOperands?: Readonly<Record<string, boolean>>;
}

/** Every name of `names`, dropped: the same reason for a group. */
const dropped = (names: string): Record<string, SpecOverride> => Object.fromEntries(names.split(' ').map((n) => [n, { drop: true }]));

export const OVERRIDES: Readonly<Record<string, SpecOverride>> = {
  // Shell builtins: bash runs its own, not the program the spec describes (`echo -x` prints "-x";
  // bash's echo reads no option but -n/-e/-E), and the classifier reads them itself (cd: folderChange).
  ...dropped('cd echo export pushd pwd kill whence where'),
  // GNU coreutils, grep and util-linux: the specs describe the BSD/macOS tools (`tail` knows only -f
  // and -r, `cp` no -r, `du` no --max-depth), so GNU's everyday options would all be unknown. These
  // are read by the hand layer (fileTargets.ts's utilities, coreutils.ts), never from a spec.
  ...dropped(
    'base32 basename cat chmod chown cp cut date df dirname du fmt fold head id install join ln ls mkdir mkfifo ' +
      'mknod mv nl od paste pathchk readlink rm rmdir seq sha1sum shred stat tac tail touch tr truncate uname wc who ' +
      'grep killall pkill ps mount lsblk fdisk',
  ),
  // Info-ZIP unzip (`unzip -h`): the spec gives -l, -c and -0 a file value and knows no modifier
  // (-o, -q, -n …), so `unzip -o a.zip` was unknown and `unzip -l a.zip` lost its operand; -M pipes
  // through the `more` pager (a program the configuration names).
  unzip: { options: { '': 'p| f| u| v| x| l| t| z| T| d|=:read n| q| o| a| j| U| C| L| X| V| K| M|:runs Z| P|= c| h|' } },
  // Angular's spec is a stub (new, generate, version): `ng build --configuration production` would be
  // unknown. Until it is completed, ng keeps the no-spec rule.
  ng: { drop: true },
  // ansible-playbook runs the playbooks it is given, with the inventory -i names (a file or a host list).
  'ansible-playbook': { options: { '': 'i|inventory=:read' }, pathOperands: { '': true } },
  // k6 runs the script it is given (JavaScript).
  k6: { pathOperands: { run: true, cloud: true } },
  // Bazel's operands are labels (`//pkg:target`, `//...`: rooted at the workspace), not file paths.
  bazel: { pathOperands: { build: false, test: false, run: false } },
  // webpack-cli: the spec names --config's value "value"; it is the configuration file, code webpack runs.
  webpack: { options: { '': 'c|config=:read' } },
  // TypeScript's compiler: the spec lists `--project` and `--build` without their one-letter forms.
  tsc: { options: { '': 'p|project=:read b|build w|watch h|help v|version' } },
};
