/**
 * The option tables of the schedulers, terminal multiplexers and desktop openers system.ts checks
 * (optionTable.ts's compact spec), each from the program's own help or manual: at/batch 3.2
 * (at(1)), Debian cron's crontab (crontab(1)), tmux 3.3a (`tmux list-commands`, tmux(1)), GNU
 * screen 4.9 (screen(1)), xdg-utils' xdg-open 1.1, GLib's gio 2.74 (`gio help COMMAND`). An option
 * a table does not list makes the command compound.
 */
import { optionTable, type OptionTable } from './optionTable.js';

/**
 * `at [-V] [-q queue] [-f file] [-u user] [-mMlkv] [-t time] timespec…`, `at -c job…`, `at -l`,
 * `at -r|-d job…`, `at -b` (batch): getopt, options before the time. -f names the file whose
 * commands run later (the check keys it with what runs).
 */
export const AT = optionTable({ stopAtOperand: true, options: 'V| q|= m| M| u|= f|= k| l| r| d| b| v| c| t|= h|' });

/** `crontab [-u user] FILE`, `crontab [-u user] [-i] {-e | -l | -r}` (FILE `-` is standard input). */
export const CRONTAB = optionTable({ options: 'u|= l| r| e| i|' });

/**
 * tmux's own options, before its command (getopt "+2c:CDdf:lL:NqS:T:uUvV": they end at the first
 * operand). -c runs a shell command as `sh -c` would; -f loads a configuration file, whose lines are
 * tmux commands (`run-shell`), when the server starts.
 */
export const TMUX = optionTable({
  stopAtOperand: true,
  options: '2| c|=:exec C| D| d| f|=:load l| L|= N| q| S|= T|= u| U| v| V|',
});

/**
 * The tmux commands that only print what the server holds, with their flags (`tmux list-commands`),
 * under their names and aliases. Every other command can start a shell, run one (`run-shell`,
 * `if-shell`, `pipe-pane`, `new-window cmd`), type into one (`send-keys`) or load commands
 * (`source-file`). A format (`-F '#{…}'`) may hold `#(…)`, a shell command: system.ts keys it.
 */
const TMUX_READS: Readonly<Record<string, string>> = {
  'has-session': 't|=',
  'list-sessions': 'F|= f|=',
  'list-windows': 'a| F|= f|= t|=',
  'list-panes': 'a| s| F|= f|= t|=',
  'list-clients': 'F|= t|=',
  'list-commands': 'F|=',
  'list-keys': '1| a| N| P|= T|=',
  'list-buffers': 'F|= f|=',
  'show-options': 'A| g| H| p| q| s| v| w| t|=',
  'show-environment': 'h| g| s| t|=',
};
const TMUX_ALIASES: Readonly<Record<string, string>> = {
  has: 'has-session',
  ls: 'list-sessions',
  lsw: 'list-windows',
  lsp: 'list-panes',
  lsc: 'list-clients',
  lscm: 'list-commands',
  lsk: 'list-keys',
  lsb: 'list-buffers',
  show: 'show-options',
  showenv: 'show-environment',
};
export const TMUX_READ_COMMANDS: ReadonlyMap<string, OptionTable> = new Map(
  [...Object.entries(TMUX_READS), ...Object.entries(TMUX_ALIASES).map(([a, c]) => [a, TMUX_READS[c]!] as const)].map(([name, options]) => [
    name,
    optionTable({ options }),
  ]),
);

/**
 * GNU screen: letters cluster (`-dmS name`), and several options are words of one dash (`-ls`,
 * `-wipe`, `-Logfile`). The first operand is the program to run in the new window. -c loads a
 * configuration file (its commands run), -s names the shell, -Logfile writes the log it names.
 */
export const SCREEN = optionTable({
  singleDashLong: true,
  stopAtOperand: true,
  options:
    'a| A| c|=:load d| D| e|= f| fn fa h|= i| l| ln ls list L| Logfile=:write m| O| p|= q| Q| r| R| RR s|=:prog ' +
    'S|= t|= T|= U| v| wipe x| X| help version',
});

/** xdg-open FILE|URL: it runs the program the desktop registers for the file's type. */
export const XDG_OPEN = optionTable({ stopAtOperand: true, options: 'help manual version' });

/** gio COMMAND: each command's options (`gio help COMMAND`); a command gio does not have is compound. */
export const GIO = optionTable({
  options: 'help version',
  subsOnly: true,
  subs: {
    help: { options: '' },
    version: { options: '' },
    cat: { options: '' },
    copy: { options: 'T|no-target-directory p|progress i|interactive preserve b|backup P|no-dereference default-permissions' },
    info: { options: 'w|query-writable f|filesystem a|attributes= n|nofollow-symlinks' },
    launch: { options: '', stopAtOperand: true },
    list: { options: 'a|attributes= h|hidden l|long n|nofollow-symlinks d|print-display-names u|print-uris' },
    mime: { options: '' },
    mkdir: { options: 'p|parent' },
    monitor: { options: 'd|dir= f|file= D|direct= s|silent= n|no-moves m|mounts' },
    mount: {
      options:
        'm|mountable d|device= u|unmount e|eject t|stop= s|unmount-scheme= f|force a|anonymous l|list o|monitor i|detail ' +
        'tcrypt-pim= tcrypt-hidden tcrypt-system',
    },
    move: { options: 'T|no-target-directory p|progress i|interactive b|backup C|no-copy-fallback' },
    open: { options: '' },
    rename: { options: '' },
    remove: { options: 'f|force' },
    save: { options: 'b|backup c|create a|append p|private u|unlink v|print-etag e|etag=' },
    set: { options: 't|type= n|nofollow-symlinks d|delete' },
    trash: { options: 'f|force empty list restore' },
    tree: { options: 'h|hidden l|follow-symlinks' },
  },
});

/**
 * systemctl (systemd 252, `systemctl --help` and systemctl.c's long options, its hidden aliases
 * too: --ignore-dependencies, --fail, --irreversible, --kill-who, --no-legend, --ignore-inhibitors):
 * getopt_long, options anywhere among the verb and units, unique prefixes. -H/--host reaches
 * another machine over ssh; --root and --image name a tree or image to edit (a path the default
 * checks). The verb is the subcommand its key names.
 */
export const SYSTEMCTL = optionTable({
  abbrev: true,
  options:
    'h|help version system user H|host=:runs M|machine= t|type= state= failed p|property= P|= a|all l|full r|recursive ' +
    'reverse after before with-dependencies job-mode= fail irreversible ignore-dependencies T|show-transaction ' +
    'show-types value check-inhibitors= i| ignore-inhibitors kill-whom= kill-who= kill-value= s|signal= what= now ' +
    'dry-run q|quiet no-warn wait no-block no-wall no-reload legend= no-legend no-pager no-ask-password message= ' +
    'global runtime f|force preset-mode= root= image= image-policy= n|lines= o|output= firmware-setup ' +
    'boot-loader-menu= boot-loader-entry= reboot-argument= plain timestamp= read-only mkdir marked drop-in= when=',
});
