/**
 * The option allowlists of ssh, scp, sftp and ssh-copy-id (OpenSSH 9.2's getopt strings and
 * ssh-copy-id's `getopts "i:o:p:F:fnsh?"`), and of the ssh_config keywords `-o` may set.
 *
 * `-o KEYWORD=VALUE` is read as readconf.c reads a config line: the keyword ends at a space or `=`
 * and is case-insensitive; leading spaces and `=` are skipped (`-o=ProxyCommand=x` runs x). Only
 * keywords that name no program to run, no code to load and no config to read are plain; any other
 * keyword (an unknown one too: the next OpenSSH release may add one that runs something) is keyed.
 *
 * ssh reads options again after the host, up to the remote command (`ssh h -o ProxyCommand=x`),
 * unless `--` ended them; the remote command runs on the other side and stays the key's (the user
 * grants ssh to a host they know).
 */
import { exec, write, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { opaque, script } from './kit.js';
import { optionTable, readOptions, type OptionHandler, type TableSpec } from './optionTable.js';
import type { Check } from './rule.js';

/** ssh_config keywords with no program, library, config file or write behind them (lower case). */
const PLAIN_KEYWORDS = new Set(
  (
    'addkeystoagent addressfamily batchmode bindaddress bindinterface canonicaldomains canonicalizefallbacklocal ' +
    'canonicalizehostname canonicalizemaxdots canonicalizepermittedcnames casignaturealgorithms certificatefile ' +
    'channeltimeout checkhostip ciphers clearallforwardings compression connectionattempts connecttimeout controlmaster ' +
    'controlpath controlpersist dynamicforward enableescapecommandline enablesshkeysign escapechar exitonforwardfailure ' +
    'fingerprinthash forkafterauthentication forwardagent forwardx11 forwardx11timeout forwardx11trusted gatewayports ' +
    'globalknownhostsfile gssapiauthentication gssapidelegatecredentials hashknownhosts hostbasedacceptedalgorithms ' +
    'hostbasedauthentication hostkeyalgorithms hostkeyalias hostname identitiesonly identityagent identityfile ignoreunknown ' +
    'ipqos kbdinteractiveauthentication kbdinteractivedevices kexalgorithms localforward loglevel logverbose macs ' +
    'nohostauthenticationforlocalhost numberofpasswordprompts obscurekeystroketiming passwordauthentication permitremoteopen ' +
    'port preferredauthentications protocol pubkeyacceptedalgorithms pubkeyacceptedkeytypes pubkeyauthentication ' +
    'rekeylimit remoteforward requesttty requiredrsasize revokedhostkeys sendenv serveraliveinterval serveralivecountmax ' +
    'sessiontype setenv stdinnull streamlocalbindmask streamlocalbindunlink stricthostkeychecking tag tcpkeepalive tunnel ' +
    'tunneldevice unusedconnectiontimeout updatehostkeys user verifyhostkeydns visualhostkey challengeresponseauthentication ' +
    'proxyjump userknownhostsfile'
  ).split(' '),
);

/** A jump host list of plain `[user@]host[:port]` words: ssh runs itself to reach them. */
const PLAIN_JUMP = /^[A-Za-z0-9_.@:,[\]%-]+$/;

/** The effects of one ssh_config line given to `-o` (or `ssh-copy-id -o`). */
export function sshConfigLine(program: string, v: Arg): Effect[] {
  const line = v === null ? null : v.replace(/^[\s=]+/, '');
  const key = line === null ? null : line.split(/[\s=]/)[0]!.toLowerCase();
  const value = line === null || key === null ? null : line.slice(key.length).replace(/^\s*=?\s*/, '');
  if (key !== null && value !== null && PLAIN_KEYWORDS.has(key)) {
    if (key === 'proxyjump' && !(PLAIN_JUMP.test(value) || value.toLowerCase() === 'none')) {
      // fall through: a jump spec holding anything else is not a list of hosts
    } else if (key === 'userknownhostsfile') {
      // ssh adds new host keys to the first file: a write, unless it discards them.
      return value.split(/\s+/).every((f) => f === '/dev/null' || f === 'none')
        ? []
        : [write('o', value, `${program} -o UserKnownHostsFile writes host keys to the file it names`)];
    } else return [];
  }
  const runsShell = key === 'proxycommand' || key === 'localcommand';
  return [
    {
      flag: 'o',
      value: v,
      runs: runsShell ? script(value) : opaque(v),
      note: `${program} -o ${key ?? '?'}: not a setting known to name no program, library or config file`,
    },
  ];
}

const configOption: (program: string) => OptionHandler = (program) => (v) => sshConfigLine(program, v ?? null);

/** `-F FILE`: a config file can name commands to run; `-F /dev/null` (no config) and `none` read nothing. */
const configFile: (program: string) => OptionHandler = (program) => (v) =>
  v === '/dev/null' || v === 'none'
    ? []
    : [exec('F', opaque(v ?? null), `${program} -F reads a config file that can name commands to run`)];

/** `-J DEST`: ProxyJump, checked as the keyword is. */
const jump: (program: string) => OptionHandler = (program) => (v) =>
  sshConfigLine(`${program} -J`, v === undefined || v === null ? null : `ProxyJump=${v}`);

const sshSpec = (program: string, options: string, extra: TableSpec['handlers'] = {}): TableSpec => ({
  options,
  stopAtOperand: true,
  handlers: { o: configOption(program), F: configFile(program), ...extra },
});

/** ssh: "1246ab:c:e:fgi:kl:m:no:p:qstvxAB:CD:E:F:GI:J:KL:MNO:P:Q:R:S:TVw:W:XYy". */
const SSH = optionTable(
  sshSpec(
    'ssh',
    '1| 2| 4| 6| a| b|= c|= e|= f| g| i|=:read k| l|= m|= n| o|= p|= q| s| t| v| x| A| B|= C| D|= E|=:write F|= G| ' +
      'I|=:load J|= K| L|= M| N| O|= P|= Q|= R|= S|= T| V| w|= W|= X| Y| y|',
    { J: jump('ssh') },
  ),
);

/** scp: "12346ABCTdfOpqRrstvD:F:J:P:S:c:i:l:o:X:"; -S names the program run instead of ssh, -D a local sftp-server. */
const SCP = optionTable(
  sshSpec('scp', '1| 2| 3| 4| 6| A| B| C| T| d| f| O| p| q| R| r| s| t| v| D|=:prog F|= J|= P|= S|=:prog c|= i|=:read l|= o|= X|=', {
    J: jump('scp'),
  }),
);

/** sftp: "1246AafhNpqrvCc:D:i:l:o:s:S:b:B:F:J:P:R:X:"; -b batch files run `!command` lines locally. */
const SFTP = optionTable(
  sshSpec(
    'sftp',
    '1| 2| 4| 6| A| a| f| h| N| p| q| r| v| C| c|= D|=:prog i|=:read l|= o|= s|= S|=:prog b|=:load B|= F|= J|= P|= R|= X|=',
    // `-b -` reads the batch from standard input: what the command is given, not what it names.
    { b: (v) => [exec('b', opaque(v ?? null), 'sftp -b batch files can run local commands (!cmd)')], J: jump('sftp') },
  ),
);

/** ssh-copy-id: getopts "i:o:p:F:fnsh?" (it hands -o, -p and -F to ssh). */
const SSH_COPY_ID = optionTable(sshSpec('ssh-copy-id', 'i|=:read o|= p|= F|= f| n| s| h| ?|'));

function readWithTable(program: string, table: ReturnType<typeof optionTable>, again: boolean): Check {
  return (argv) => {
    const first = readOptions(table, argv, 1, program);
    if (first.unknown || !again || first.rest === undefined) return first.effects;
    // `--` before the host ended the options: rest is the word after it.
    const terminated = argv.slice(1, first.rest).includes('--');
    if (terminated) return first.effects;
    return [...first.effects, ...readOptions(table, argv, first.rest + 1, program).effects];
  };
}

export const ssh = readWithTable('ssh', SSH, true);
export const scp = readWithTable('scp', SCP, false);
export const sftp = readWithTable('sftp', SFTP, false);
export const sshCopyId = readWithTable('ssh-copy-id', SSH_COPY_ID, false);
