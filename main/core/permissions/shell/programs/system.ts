/**
 * System and cloud CLIs and schedulers: systemctl, terraform, aws, gcloud, ansible, crontab, at/batch, tmux/screen, xdg-open.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, type Effect } from '../effects.js';
import type { Arg, OptItem } from '../options.js';
import { opaque, isShort, isLong, valueOf, HELP, itemsOf } from './kit.js';
import { optionTable, readItems } from './optionTable.js';
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

function crontab(argv: readonly Arg[]): Effect[] {
  const list = argv.slice(1).every((a) => a !== null && /^-[lu]/.test(a)) || (argv.length > 1 && argv.slice(1).some((a) => a === '-l'));
  return list ? [] : [exec('install', opaque(), 'crontab installs commands that run later')];
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
  // gio launch/open run the program registered for a desktop file or a file type.
  gio: (argv) =>
    argv.some((a) => a === null || a === 'launch' || a === 'open' || a === 'mime')
      ? [exec('open', opaque(), 'gio launch/open runs the program registered for a file')]
      : [],
  ansible,
  crontab,
  at: () => [exec('at', opaque(), 'at schedules commands to run later')],
  batch: () => [exec('batch', opaque(), 'batch schedules commands to run later')],
  tmux: () => [exec('tmux', opaque(), 'tmux can start shells and run commands')],
  screen: () => [exec('screen', opaque(), 'screen can start shells and run commands')],
  'xdg-open': () => [exec('open', opaque(), 'xdg-open runs the program registered for a file type')],
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
  terraform: { grammar: { singleDashLong: true, noAbbrev: true }, flags: [...HELP, '-help', '-version'] },
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
  crontab: { match: [['crontab f', '#install-[-?-]']] },
  aws: { match: [['aws configure set plugins.x mod', '#configure']], notMatch: ['aws configure set region us-east-1'] },
  tmux: { match: [['tmux', '#tmux-[-?-]']] },
  systemctl: { notMatch: ['systemctl status x'] },
};

export const RULES: readonly ProgramRule[] = rules(
  'system',
  // ansible is read whole with the spec library's table; its operands are host patterns and files.
  { effects, subcommands, allowlist: ['ansible'], withDefaults: ['ansible'] },
  EXAMPLES,
);
