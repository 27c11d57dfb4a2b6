/**
 * System and cloud CLIs and schedulers: systemctl, terraform, aws, gcloud, ansible, crontab, at/batch, tmux/screen, xdg-open.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, risk, type Effect } from '../effects.js';
import type { Arg, OptItem } from '../options.js';
import { opaque, argvOf, isShort, isLong, valueOf, HELP, itemsOf } from './kit.js';
import { optionTable, readItems, readOptions, type TableSpec } from './optionTable.js';
import { AT, CRONTAB, GIO, SCREEN, SYSTEMCTL, TMUX, TMUX_READ_COMMANDS, XDG_OPEN } from './systemOptions.js';
import { TERRAFORM_TABLE } from './terraformTables.js';
import { specTable } from './specs/specRules.js';
import { rules, type Check, type SubcommandSpec, type ProgramRule, type Examples } from './rule.js';

/** ansible -m shell/command/raw/script -a …: runs commands on the targets, localhost included. */
function ansible(argv: readonly Arg[]): Effect[] {
  const { items, effects } = itemsOf(ANSIBLE, argv);
  return [...effects, ...modules(items)];
}

/** The spec library's ansible table (figTables.ts): an option it does not define is unknown. */
const ANSIBLE = specTable('ansible');

function modules(items: readonly OptItem[]): Effect[] {
  return items
    .filter((it) => isShort(it, 'ma') || isLong(it, ['module-name', 'args']))
    .filter((it) => isShort(it, 'a') || isLong(it, ['args']) || valueOf(it) === null || !/^(ping|setup|debug)$/.test(valueOf(it)!))
    .slice(0, 1)
    .map((it) => exec('module', opaque(valueOf(it)), 'ansible runs a module (shell, command, …) on the targets'));
}

/** crontab FILE (or `-`) replaces the user's crontab, -e edits it in an editor, -r removes it; -l lists it. */
function crontab(argv: readonly Arg[]): Effect[] {
  const { items, effects } = itemsOf(CRONTAB, argv);
  if (effects.length > 0) return effects;
  const file = items.find((it) => it.kind === 'operand');
  if (items.some((it) => isShort(it, 'e'))) effects.push(exec('edit', opaque(), 'crontab -e runs an editor, and installs what it saves'));
  else if (items.some((it) => isShort(it, 'r'))) effects.push(risk('remove', 'crontab -r removes the crontab'));
  else if (file || !items.some((it) => isShort(it, 'l')))
    effects.push(exec('install', opaque(file?.kind === 'operand' ? file.value : null), 'crontab installs commands that run later'));
  return effects;
}

/** at/batch schedule commands (standard input's, or -f FILE's) to run later; at -l lists, -c prints, -r/-d remove jobs. */
function at(argv: readonly Arg[], _sub: unknown, program: string): Effect[] {
  const { items, effects } = itemsOf(AT, argv);
  if (effects.length > 0) return effects;
  if (program === 'at' && items.some((it) => isShort(it, 'lc'))) return [];
  if (program === 'at' && items.some((it) => isShort(it, 'rd'))) return [risk('remove', 'at -r removes scheduled jobs')];
  const file = items.find((it) => isShort(it, 'f'));
  return [exec(program, opaque(file ? valueOf(file) : null), `${program} schedules commands to run later`)];
}

/**
 * tmux [options] [command [flags]]: its options read with its table (-c runs a command, -f loads
 * a configuration); only the commands that print what the server holds are plain, and only
 * without a `#(…)` shell command in a format or a `;` joining another command.
 */
function tmux(argv: readonly Arg[]): Effect[] {
  const r = readItems(TMUX, argv, 1, 'tmux');
  if (r.unknown) return r.effects;
  const out = r.effects;
  const at = r.rest;
  const name = at === undefined ? undefined : argv[at];
  const table = typeof name === 'string' ? TMUX_READ_COMMANDS.get(name) : undefined;
  const words = at === undefined ? [] : argv.slice(at);
  if (!table || words.some((w) => w === null || w.includes(';'))) {
    out.push(exec('tmux', opaque(), 'tmux can start shells and run commands'));
    return out;
  }
  out.push(...readOptions(table, argv, at! + 1, `tmux ${name}`).effects);
  for (const w of words)
    if (w !== null && w.includes('#(')) out.push(exec('format', opaque(w), 'a tmux format runs the #(…) shell command'));
  return out;
}

/** screen: -ls/-list/-wipe list sessions and stop; anything else starts or reaches a session, which runs a shell or the program named. */
function screen(argv: readonly Arg[]): Effect[] {
  const r = readItems(SCREEN, argv, 1, 'screen');
  if (r.unknown) return r.effects;
  const out = r.effects;
  if (r.items.some((it) => it.kind === 'long' && ['ls', 'list', 'wipe'].includes(it.name))) return out;
  const attaches = r.items.some((it) => isShort(it, 'rRxXQ') || (it.kind === 'long' && it.name === 'RR'));
  const runs = !attaches && r.rest !== undefined ? argvOf(argv.slice(r.rest)) : opaque();
  out.push(exec('screen', runs, 'screen starts a shell or the program it names, or sends commands to a session'));
  return out;
}

/** xdg-open FILE|URL runs the program registered for it; --manual, --help and --version only print. */
function xdgOpen(argv: readonly Arg[]): Effect[] {
  const r = readItems(XDG_OPEN, argv, 1, 'xdg-open');
  if (r.unknown) return r.effects;
  return r.rest === undefined ? [] : [exec('open', opaque(argv[r.rest] ?? null), 'xdg-open runs the program registered for a file type')];
}

/** gio COMMAND: launch/open run the program registered for a file, mime sets it, mount mounts; trash --empty empties the trash. */
function gio(argv: readonly Arg[]): Effect[] {
  const r = readItems(GIO, argv, 1, 'gio');
  const out = r.effects;
  const cmd = r.path[0];
  if (cmd === 'launch' || cmd === 'open') out.push(exec('open', opaque(), `gio ${cmd} runs the program registered for a file`));
  if (cmd === 'mime' && r.operands.length > 1) out.push(risk('mime', 'gio mime sets the program a file type opens with'));
  if (cmd === 'mount') out.push(risk('mount', 'gio mount mounts, unmounts or ejects volumes'));
  if (cmd === 'trash' && r.items.some((it) => it.kind === 'long' && it.name === 'empty'))
    out.push(risk('empty', 'gio trash --empty deletes the trash'));
  return out;
}

/**
 * `aws configure set KEY VALUE`: a later plain `aws` reads the key. Some keys name a program it
 * runs (credential_process, cli_pager) or Python modules it imports (the [plugins] section,
 * cli_legacy_plugin_path), so the key is an allowlist: settings that only choose a region, an
 * output format, retries, transfer sizes, or credentials and roles by value
 * (docs.aws.amazon.com/cli/latest/userguide/cli-configure-files.html). Any other key is compound.
 */
const AWS_PLAIN_KEYS = new Set(
  (
    'region output cli_timestamp_format cli_follow_urlparam cli_binary_format cli_auto_prompt cli_history retry_mode ' +
    'max_attempts duration_seconds role_session_name parameter_validation tcp_keepalive sts_regional_endpoints ' +
    'use_fips_endpoint use_dualstack_endpoint aws_access_key_id aws_secret_access_key aws_session_token role_arn ' +
    'source_profile external_id mfa_serial sso_session sso_start_url sso_region sso_account_id sso_role_name ' +
    'sso_registration_scopes max_concurrent_requests max_queue_size multipart_threshold multipart_chunksize ' +
    'max_bandwidth addressing_style use_accelerate_endpoint payload_signing_enabled preferred_transfer_client'
  ).split(' '),
);
/** aws's global options (`aws help`, "GLOBAL OPTIONS"), the ones `configure set` reads before its key. */
const AWS_SET = optionTable({
  options:
    'profile= region= output= endpoint-url= query= color= ca-bundle= cli-read-timeout= cli-connect-timeout= debug ' +
    'no-verify-ssl no-paginate no-sign-request no-cli-pager cli-auto-prompt no-cli-auto-prompt cli-binary-format= help',
});

function awsConfigure(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  if (sub.subcommand !== 'configure' || sub.index === undefined) return [];
  const action = argv[sub.index + 1];
  if (action === null) return [exec('configure', opaque(), 'aws configure: a word known only at run time')];
  if (action !== 'set') return [];
  const r = readItems(AWS_SET, argv, sub.index + 2, 'aws configure set');
  if (r.unknown) return r.effects;
  const key = r.items.find((it) => it.kind === 'operand');
  const name = key?.kind === 'operand' ? key.value : null;
  const last = name?.split('.').pop() ?? '';
  const plain = name !== null && !/^plugins(\.|$)/.test(name) && AWS_PLAIN_KEYS.has(last);
  return plain ? [] : [exec('configure', opaque(name), 'aws configure set: this key can name a program or module a later aws runs')];
}

const effects: Readonly<Record<string, Check>> = {
  aws: awsConfigure,
  gio,
  ansible,
  crontab,
  at,
  batch: at,
  tmux,
  screen,
  'xdg-open': xdgOpen,
  // terraform: every command's options from its own -help (terraformTables.ts, Go's flag package:
  // options end at the first operand); a command terraform does not list is compound.
  terraform: (argv) => readOptions(TERRAFORM, argv, 1, 'terraform').effects,
  // Every option read with its table (systemOptions.ts); the verb is keyed as the subcommand.
  systemctl: (argv) => readOptions(SYSTEMCTL, argv, 1, 'systemctl').effects,
};

const subcommands: Readonly<Record<string, SubcommandSpec>> = {
  systemctl: {
    grammar: {
      shortValue: 'tpHMnos',
      longValue: [
        'type',
        'property',
        'host',
        'machine',
        'lines',
        'output',
        'root',
        'state',
        'signal',
        'kill-whom',
        'kill-value',
        'job-mode',
        'what',
        'timestamp',
        'preset-mode',
        'boot-loader-entry',
        'message',
        'image',
        'reboot-argument',
        'check-inhibitors',
        'drop-in',
        'when',
        'image-policy',
      ],
      noAbbrev: true,
    },
    flags: [
      ...HELP,
      '--user',
      '--system',
      '--global',
      '--runtime',
      '--now',
      '-q',
      '--quiet',
      '--no-pager',
      '-a',
      '--all',
      '-l',
      '--full',
      '--no-block',
      '-f',
      '--force',
      '--failed',
      '-r',
      '--recursive',
      '--dry-run',
      '--no-legend',
      '--no-ask-password',
      '--show-types',
      '--value',
      '--plain',
      '-i',
      '--ignore-inhibitors',
      '--no-wall',
      '--no-reload',
      '--wait',
      '--firmware-setup',
    ],
  },
  terraform: { grammar: { singleDashLong: true, noAbbrev: true, longValue: ['chdir'] }, flags: [...HELP, '-help', '-version'] },
  aws: {
    grammar: {
      longValue: ['profile', 'region', 'output', 'endpoint-url', 'query', 'color', 'ca-bundle', 'cli-read-timeout', 'cli-connect-timeout'],
      noAbbrev: true,
    },
    flags: [...HELP, '--debug', '--no-paginate', '--no-verify-ssl', '--no-sign-request', '--no-cli-pager'],
  },
  gcloud: {
    grammar: { longValue: ['project', 'account', 'configuration', 'format', 'verbosity', 'impersonate-service-account'], noAbbrev: true },
    flags: [...HELP, '-q', '--quiet'],
  },
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  ansible: { match: [['ansible all -m shell -a id', '#module']], notMatch: ['ansible all -m ping', 'ansible --version'] },
  // gcloud reads its options with the spec library's table (policy spec with checks): an option the spec does not define is compound.
  gcloud: {
    match: [
      ['gcloud compute instances list --evil', '#unknown_option'],
      ['gcloud run deploy web --evil=1', '#unknown_option'],
      ['gcloud --evil projects list', '#unknown_option'],
      ['gcloud builds submit --config ../cloudbuild.yaml', '#outside'],
    ],
    notMatch: ['gcloud auth login', 'gcloud config set project my-project', 'gcloud compute instances list', 'gcloud run deploy web --source .'],
  },
  crontab: {
    match: [
      ['crontab f', '#install-[-?'],
      ['crontab -u bob ../jobs', '#outside-../jobs'],
      ['crontab -e', '#edit'],
      ['crontab -r', '#remove'],
      ['crontab -x', '#unknown_option'],
    ],
    notMatch: ['crontab -l', 'crontab -u bob -l'],
  },
  at: {
    match: [
      ['at -f ../x now', '#outside-../x'],
      ['at -f job.sh now', '#at-[-?'],
      ['at -mf job.sh 10:00', '#at-[-?'],
      ['at -Z now', '#unknown_option'],
    ],
    notMatch: ['at -l', 'at -c 3'],
  },
  batch: {
    match: [
      ['batch', '#batch-[-?-]'],
      ['batch -f ../x', '#outside-../x'],
    ],
    notMatch: ['batch -V', 'batch --help'],
  },
  // tmux(1): -f loads a configuration (its lines are commands), -c runs a shell command, -S names the socket.
  tmux: {
    match: [
      ['tmux', '#tmux-[-?-]'],
      ['tmux -f ../conf ls', '#f-[-?'],
      ['tmux -fconf ls', '#f-[-?'],
      ['tmux -S /tmp/s ls', '#outside-/tmp/s'],
      ['tmux ls -F "#(id)"', '#format'],
      ['tmux new -d -s x make', '#tmux-[-?'],
      ['tmux ls \\; run-shell id', '#tmux-[-?'],
    ],
    notMatch: ['tmux ls', 'tmux list-windows -a -t main', 'tmux has -t main'],
  },
  // screen(1): -c loads a configuration file, -L/-Logfile write a log, a first operand runs in the window.
  screen: {
    match: [
      ['screen -c ../rc', '#c-[-?'],
      ['screen -c.screenrc -ls', '#c-[-?'],
      ['screen -L -Logfile ../log', '#Logfile->-../log'],
      ['screen -dmS x make', '#screen-[-make-]'],
      ['screen -r x', '#screen-[-?-]'],
    ],
    notMatch: ['screen -ls', 'screen -list'],
  },
  // terraform <command> -help: -chdir runs another folder's configuration, -plugin-dir loads provider binaries.
  terraform: {
    match: [
      ['terraform -chdir=../x plan', '#outside'],
      ['terraform init -plugin-dir=../p', '#plugin_dir'],
      ['terraform init --plugin-dir ../p', '#plugin_dir'],
      ['terraform plan -var-file=../x.tfvars', '#outside'],
      ['terraform plan --evil', '#unknown_option'],
      ['terraform my-plugin', '#unknown_option'],
    ],
    notMatch: [
      'terraform init',
      'terraform plan -out=tfplan -var "a=b"',
      'terraform apply -auto-approve -lock=false',
      'terraform fmt -check -recursive',
    ],
  },
  'xdg-open': {
    match: [
      ['xdg-open x.html', '#open-[-?'],
      ['xdg-open https://example.com', '#open'],
      ['xdg-open --frob x', '#unknown_option'],
    ],
    notMatch: ['xdg-open --manual', 'xdg-open --version'],
  },
  gio: {
    match: [
      ['gio open x.html', '#open-[-?-]'],
      ['gio launch app.desktop', '#open'],
      ['gio mime text/plain evil.desktop', '#mime'],
      ['gio copy a ../b', '#outside-../b'],
      ['gio frob x', '#unknown_option'],
    ],
    notMatch: ['gio list -l src', 'gio info -a standard::size x', 'gio mime text/plain'],
  },
  aws: { match: [['aws configure set plugins.x mod', '#configure']], notMatch: ['aws configure set region us-east-1'] },
  systemctl: {
    match: [
      ['systemctl --frobnicate status x', '#unknown_option'],
      ['systemctl -H root@host status x', '#host-[-?-]'],
      ['systemctl --ho=root@host status x', '#host'],
      ['systemctl --root=/ enable x', '#outside'],
    ],
    notMatch: ['systemctl status x', 'systemctl --user restart app --no-pager', 'systemctl list-units --type=service --state=running'],
  },
};

/** Go's flag package: one or two dashes, values attached or in the next word, options end at the first operand. */
const goFlags = (t: TableSpec): TableSpec => ({
  ...t,
  singleDashLong: true,
  stopAtOperand: true,
  ...(t.subs ? { subs: Object.fromEntries(Object.entries(t.subs).map(([k, v]) => [k, goFlags(v)])) } : {}),
});
const TERRAFORM = optionTable(goFlags(TERRAFORM_TABLE));

/** Read whole with their tables (systemOptions.ts; ansible's from the spec library), the default's checks on top. */
const ALLOWLIST = ['ansible', 'gio', 'crontab', 'at', 'batch', 'tmux', 'screen', 'xdg-open', 'systemctl', 'terraform'];

export const RULES: readonly ProgramRule[] = rules(
  'system',
  { effects, subcommands, allowlist: ALLOWLIST, withDefaults: ALLOWLIST },
  EXAMPLES,
);
