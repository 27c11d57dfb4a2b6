/**
 * Version managers without a spec in the spec library: nodenv and goenv (the rbenv design), mise
 * (and rtx, its former name) and devbox. Each table lists the program's commands and the union of
 * their options (a command's option given to another is refused by the program itself); a command
 * the table does not list is unknown, since these programs run any `<tool>-<command>` plugin
 * program found on PATH, or a project task under that name.
 *
 * nodenv/goenv: `nodenv help --usage <command>` for each command of nodenv 1.4 and node-build 4
 * (`install -f -s -k -v -p -l -L`), goenv 2.1 (`install -f -s -k -v -q -l -g --debug`).
 * `exec` runs a program (kit.ts `subcommandRunner`); `uninstall` deletes an installed version;
 * `global` only writes a version number to the user's version file: plain, as for the spec-read
 * pyenv, rbenv and jenv.
 *
 * mise: `mise <command> --help` (mise 2024.x–2025.x; clap, no abbreviations; the global options
 * may follow the command). What reaches past the project: `exec`/`x` (a program), `trust` (the
 * shell hook then runs the folder's config), `use -g`/`--global`, `settings`, `set -g`, `alias`,
 * `plugins install|add|link|update`, `self-update`, `implode`, `activate`, and a tool named with
 * a backend that builds or installs from a registry (`cargo:`, `npm:`, `pipx:`, `go:`, `gem:`,
 * `ubi:`, `aqua:`, `github:`, `vfox:`, `asdf:`, `spm:`, `http:`). `-C/--cd DIR` outside the
 * project and other paths are keyed by the default's checks (these rules use `defaults`).
 * `run`/`r` and `watch` run the project's own tasks.
 *
 * devbox: `devbox <command> --help` (devbox 0.13). `run` runs a program or a devbox.json script
 * (the runner keys it); `global` manages the user's global packages; `create` copies a template
 * (from a repository URL with `--repo`); `add --allow-insecure` installs packages marked insecure.
 */
import { exec, risk, type Effect } from '../effects.js';
import type { Arg, OptItem } from '../options.js';
import { opaque, itemsOf } from './kit.js';
import { optionTable, unknown, type OptionTable } from './optionTable.js';
import type { Check } from './rule.js';

const operandsOf = (items: readonly OptItem[]): Arg[] => items.flatMap((it) => (it.kind === 'operand' ? [it.value] : []));
const given = (items: readonly OptItem[], names: readonly string[]): boolean =>
  items.some((it) => (it.kind === 'long' || it.kind === 'short') && names.includes(it.name));

interface Manager {
  table: OptionTable;
  commands: ReadonlySet<string>;
  /** Effects of the command (and the words after it) beyond the table. */
  reaches: (command: string, rest: readonly Arg[], items: readonly OptItem[], program: string) => Effect[];
}

/** Reads argv with the manager's table; the first operand is the command, which must be one it lists. */
const managerCheck =
  (m: Manager): Check =>
  (argv) => {
    const r = itemsOf(m.table, argv);
    if (r.unknown) return r.effects;
    const [command, ...rest] = operandsOf(r.items);
    if (command === undefined) return r.effects;
    if (command === null || !m.commands.has(command)) return [...r.effects, unknown(String(argv[0]), command)];
    return [...r.effects, ...m.reaches(command, rest, r.items, String(argv[0]))];
  };

const ENV_STYLE: Manager = {
  table: optionTable({
    options:
      'h|help version usage unset bare skip-aliases complete l|list L|list-all f|force s|skip-existing k|keep v|verbose ' +
      'p|patch g| debug q|quiet 4| 6|',
  }),
  commands: new Set(
    (
      'commands completions exec global help hooks init install local prefix rehash root shell shims uninstall version ' +
      'version-file version-file-read version-file-write version-name version-origin versions whence which sh-shell sh-rehash'
    ).split(' '),
  ),
  reaches: (command, _rest, _items, program) => {
    if (command === 'uninstall') return [risk('uninstall', `${program} uninstall deletes an installed version`)];
    if (command === 'version-file-write') return [risk('version_file_write', `${program} version-file-write writes the file it names`)];
    return [];
  },
};

/** nodenv and goenv: the rbenv design (the `exec` runner is read by kit.ts `subcommandRunner`). */
export const envStyle = managerCheck(ENV_STYLE);

/** mise backends that build or install from a registry or a repository (the core tools, `node@20`, do not). */
const MISE_BACKEND = /^(cargo|npm|pipx|go|gem|ubi|aqua|github|gitlab|vfox|asdf|spm|http|dotnet|conda|vfox-\w+):/;

const MISE: Manager = {
  table: optionTable({
    options: [
      // Global options.
      'C|cd= E|env= j|jobs= raw y|yes q|quiet silent v|verbose no-config locked h|help V|version output= debug trace log-level=',
      // Command options (the union).
      'g|global p|path= pin fuzzy remove= force f| dry-run n| i|install-missing c|command= s|shell= t|tool= all a| installed',
      'current missing prefix offline no-header json J| x|= tasks= interval= w|watch= restart exts= clear= skip-deps',
      'output-prefix d|dir= timing continue-on-error cd-root shims no-prompt bump local env-file= file= jq= keys no-cache',
      'urls refs plugins core user l|list u|unset load= ignore= sort= parallel= hidden plugin=',
    ],
  }),
  commands: new Set(
    (
      'activate alias backends bin-paths cache completion config current deactivate direnv doctor en env exec x fmt generate ' +
      'implode install i install-into latest link ls list ls-remote outdated plugins p prune registry reshim run r search ' +
      'self-update set settings shell sh sync tasks t test-tool tool tool-stub trust uninstall unset unuse rm upgrade up use u ' +
      'version watch w where which edit lock mcp cfg'
    ).split(' '),
  ),
  reaches: (command, rest, items, program) => {
    const out: Effect[] = [];
    const global = given(items, ['global', 'g']);
    const reach = (flag: string, note: string): void => void out.push(risk(flag, `${program} ${note}`));
    if (['use', 'u', 'set', 'unset', 'unuse', 'rm'].includes(command) && global)
      reach('global', `${command} --global changes every project's configuration`);
    if (['settings', 'alias'].includes(command) && rest.some((w) => w === 'set' || w === 'add' || w === 'unset' || w === 'rm'))
      reach(command, `${command} changes the user's configuration`);
    if (
      ['plugins', 'p'].includes(command) &&
      rest.some((w) => w === null || ['install', 'i', 'add', 'a', 'link', 'ln', 'update', 'up', 'upgrade'].includes(w))
    )
      out.push(exec('plugins', opaque(), `${program} plugins installs a plugin (code from a repository)`));
    if (['self-update', 'implode', 'activate'].includes(command))
      reach(command.replace('-', '_'), `${command} changes the installed mise or the shell`);
    if (
      ['use', 'u', 'install', 'i', 'upgrade', 'up', 'exec', 'x', 'shell', 'sh', 'install-into', 'tool-stub', 'test-tool'].includes(command)
    )
      for (const w of rest)
        if (typeof w === 'string' && MISE_BACKEND.test(w))
          out.push(exec('backend', opaque(w), `${program} ${command} ${w} builds or installs a tool from a registry or repository`));
    return out;
  },
};

export const mise = managerCheck(MISE);

const DEVBOX: Manager = {
  table: optionTable({
    options: [
      'h|help q|quiet c|config= environment= e|env= env-file= debug version',
      'allow-insecure= disable-plugin exclude-platform= outputs= patch= p|platform= print-env pure recompute list l| t|template=',
      'repo= subdir= f|force all-projects show-all json omit-nix-env= no-refresh-alias format= pretty= tidy-warning run-in-current-shell',
    ],
  }),
  commands: new Set(
    (
      'add auth cache cloud completion create generate global help info init install list ls log rm run search secrets services ' +
      'setup shell shellenv update version'
    ).split(' '),
  ),
  reaches: (command, _rest, items, program) => {
    if (command === 'global') return [risk('global', `${program} global changes the user's global packages`)];
    if (command === 'create') return [exec('create', opaque(), `${program} create copies a template (from a repository)`)];
    if (given(items, ['allow-insecure'])) return [risk('allow_insecure', `${program} --allow-insecure installs packages marked insecure`)];
    return [];
  },
};

export const devbox = managerCheck(DEVBOX);
