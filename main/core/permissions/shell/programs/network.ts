/**
 * Network tools: curl, wget, ssh/scp/sftp, rsync, netcat, socat, aria2c, nmap, ip. Output files they name, and options naming a program (`ssh -o ProxyCommand=`, `rsync -e`).
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, write, type Effect } from '../effects.js';
import { scanOptions, type Arg } from '../options.js';
import { opaque, script, argvOf, isShort, isLong, valueOf, also, wordOptions } from './kit.js';
import { rules, type Check, type ProgramRule, type Examples } from './rule.js';

// Options that run a local command, read more options, or load a shared library into ssh.
const SSH_EXEC_OPTIONS =
  /^(proxycommand|localcommand|permitlocalcommand|knownhostscommand|include|match|proxyusefdpass|remotecommand|pkcs11provider|securitykeyprovider)$/;

function sshOptions(name: string, shortValue: string, programLetters: string): Check {
  return (argv) => {
    const out: Effect[] = [];
    let items = scanOptions(argv, 1, { shortValue, stopAtOperand: name === 'ssh' });
    if (name === 'ssh') {
      // OpenSSH reads options again after the host (`ssh host -o ProxyCommand=…` runs it), up to
      // the remote command, unless `--` ended them before the host.
      const host = items.find((it) => it.kind === 'operand' || it.kind === 'dynamic');
      const terminated = host !== undefined && argv.slice(1, host.word).includes('--');
      items = items.filter((it) => it.kind !== 'operand' && (host === undefined || it.word < host.word));
      if (host && !terminated)
        items.push(...scanOptions(argv, host.word + 1, { shortValue, stopAtOperand: true }).filter((it) => it.kind !== 'operand'));
    }
    for (const it of items) {
      if (isShort(it, 'o')) {
        const v = valueOf(it);
        const key = v === null ? null : v.trim().split(/[\s=]/)[0]!.toLowerCase();
        if (key === null || SSH_EXEC_OPTIONS.test(key)) {
          const cmd =
            v === null
              ? null
              : v
                  .trim()
                  .slice(key!.length)
                  .replace(/^\s*=?\s*/, '');
          out.push({
            flag: 'o',
            value: v,
            runs: key === 'proxycommand' || key === 'localcommand' ? script(cmd) : opaque(v),
            note: `${name} -o ${key ?? '?'} runs a local command`,
          });
        }
      }
      if (isShort(it, 'F')) out.push(exec('F', opaque(), `${name} -F reads a config file that can name commands to run`));
      if (isShort(it, 'I') && name === 'ssh') out.push(exec('I', opaque(valueOf(it)), 'ssh -I loads a PKCS#11 shared library'));
      if (isShort(it, 'E')) out.push(write('E', valueOf(it), `${name} -E writes a log file`));
      if (isShort(it, programLetters))
        out.push(
          exec(
            it.kind === 'short' ? it.name : 'S',
            argvOf([valueOf(it)]),
            `${name} -${it.kind === 'short' ? it.name : ''} names a program to run`,
          ),
        );
      if (name === 'sftp' && isShort(it, 'b')) out.push(exec('b', opaque(), 'sftp -b batch files can run local commands'));
    }
    return out;
  };
}

function rsync(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (const it of scanOptions(argv, 1, {
    shortValue: 'eBfTM',
    longValue: [
      'rsh',
      'rsync-path',
      'log-file',
      'write-batch',
      'only-write-batch',
      'filter',
      'exclude',
      'include',
      'exclude-from',
      'include-from',
      'files-from',
      'temp-dir',
      'partial-dir',
      'backup-dir',
      'suffix',
      'chmod',
      'chown',
      'usermap',
      'groupmap',
      'compare-dest',
      'copy-dest',
      'link-dest',
      'password-file',
      'port',
      'bwlimit',
      'timeout',
      'contimeout',
      'info',
      'debug',
      'out-format',
      'log-file-format',
      'max-size',
      'min-size',
      'max-delete',
      'block-size',
      'checksum-choice',
      'compress-choice',
      'compress-level',
      'skip-compress',
      'iconv',
      'remote-option',
      'sockopts',
      'protocol',
      'stop-after',
      'stop-at',
      'modify-window',
      'mkpath',
    ],
  })) {
    if (isShort(it, 'e') || isLong(it, ['rsh'])) out.push(exec('rsh', script(valueOf(it)), 'rsync -e runs a remote-shell program'));
    if (isLong(it, ['rsync-path']))
      out.push(exec('rsync-path', script(valueOf(it)), 'rsync --rsync-path names the program run on the other side'));
    if (isLong(it, ['log-file', 'write-batch', 'only-write-batch'], ['log-file-format']))
      out.push(write(it.kind === 'long' ? it.name : 'log', valueOf(it), 'rsync writes a log or batch file'));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Editors and pagers.

function wget(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (const it of scanOptions(argv, 1, {
    shortValue: 'OoaeiPBUTtwQY',
    longValue: [
      'output-document',
      'output-file',
      'append-output',
      'execute',
      'use-askpass',
      'config',
      'input-file',
      'directory-prefix',
      'user-agent',
      'header',
      'user',
      'password',
      'tries',
      'timeout',
      'wait',
      'quota',
      'base',
      'referer',
      'post-data',
      'post-file',
      'method',
      'body-data',
      'body-file',
    ],
  })) {
    if ((isShort(it, 'Ooa') || isLong(it, ['output-document', 'output-file', 'append-output'])) && valueOf(it) !== '-')
      out.push(write(it.name, valueOf(it), 'wget writes a file it names'));
    if (isShort(it, 'e') || isLong(it, ['execute', 'config']))
      out.push(exec('execute', opaque(valueOf(it)), 'wget -e runs wgetrc commands, which can name outputs and programs'));
    if (isLong(it, ['use-askpass'])) out.push(exec('use-askpass', argvOf([valueOf(it)]), 'wget --use-askpass runs a program'));
    if (isShort(it, 'P') || isLong(it, ['directory-prefix']))
      out.push(write('directory-prefix', valueOf(it), 'wget -P saves into a folder it names'));
  }
  return out;
}

function curl(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  const writes = [
    'output',
    'dump-header',
    'cookie-jar',
    'trace',
    'trace-ascii',
    'stderr',
    'libcurl',
    'output-dir',
    'etag-save',
    'hsts',
    'alt-svc',
    'remote-name',
    'remote-name-all',
  ];
  for (const it of scanOptions(argv, 1, {
    shortValue: 'oDcKdHXuAeEFTwxbrmyYzCQ',
    longValue: [
      'output',
      'dump-header',
      'cookie-jar',
      'trace',
      'trace-ascii',
      'stderr',
      'libcurl',
      'output-dir',
      'etag-save',
      'hsts',
      'alt-svc',
      'config',
      'data',
      'header',
      'request',
      'user',
      'user-agent',
      'referer',
      'cookie',
      'form',
      'upload-file',
      'write-out',
      'proxy',
      'range',
      'max-time',
      'connect-timeout',
      'retry',
      'cacert',
      'cert',
      'key',
      'data-binary',
      'data-raw',
      'data-urlencode',
      'json',
      'url',
      'resolve',
      'connect-to',
      'interface',
      'limit-rate',
    ],
    noAbbrev: true,
  })) {
    // "-" is standard output, not a file.
    if ((isShort(it, 'oDcO') || isLong(it, writes, ['trace-time', 'trace-ids', 'trace-config', 'output-dir'])) && valueOf(it) !== '-')
      out.push(
        write(
          it.name,
          isShort(it, 'O') || isLong(it, ['remote-name', 'remote-name-all']) ? null : valueOf(it),
          'curl writes a file it names',
        ),
      );
    if (isShort(it, 'K') || isLong(it, ['config']))
      out.push(exec('config', opaque(), 'curl -K reads options from a file (outputs, uploads)'));
  }
  return out;
}

function netcat(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (const it of scanOptions(argv, 1, {
    shortValue: 'ecpsqwiIOTVxXPW',
    longValue: ['exec', 'sh-exec', 'lua-exec', 'source', 'proxy', 'output', 'append-output'],
  })) {
    if (isShort(it, 'e') || isLong(it, ['exec']))
      out.push(exec('exec', argvOf([valueOf(it)]), `${String(argv[0])} -e runs a program connected to the network`));
    if (isShort(it, 'c') || isLong(it, ['sh-exec', 'lua-exec']))
      out.push(exec('sh_exec', script(valueOf(it)), `${String(argv[0])} -c runs a shell command connected to the network`));
    if (isLong(it, ['output', 'append-output'])) out.push(write('output', valueOf(it), `${String(argv[0])} writes a file`));
  }
  return out;
}

function socat(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (const a of argv.slice(1)) {
    if (a === null) out.push(exec('address', opaque(), 'socat address not known before it runs'));
    else if (/^(exec|system):/i.test(a))
      out.push(
        exec(
          'exec',
          /^system:/i.test(a) ? script(a.slice(7).split(',')[0] ?? '') : argvOf((a.slice(5).split(',')[0] ?? '').split(/\s+/)),
          'socat EXEC/SYSTEM address runs a program',
        ),
      );
    else if (/^(open|gopen|create|creat):/i.test(a))
      out.push(write('open', a.slice(a.indexOf(':') + 1).split(',')[0] ?? null, 'socat OPEN/CREATE address writes a file'));
  }
  return out;
}

const effects: Readonly<Record<string, Check>> = {
  nmap: (argv) =>
    argv.slice(1).some((a) => a === null || /^(--script|-sC|-A$|--interactive)/.test(a))
      ? [exec('script', opaque(), 'nmap scripts (NSE) run Lua code')]
      : [],
  // ip netns exec NS cmd / ip -b batch file.
  ip: (argv) =>
    argv.some((a) => a === 'exec' || a === null) || argv.some((a) => a === '-b' || a === '-batch' || a === '-force')
      ? [exec('netns_exec', opaque(), 'ip netns exec runs a program')]
      : [],
  aria2c: (argv) =>
    argv.slice(1).some((a) => a === null || /^--on-(download|bt)-/.test(a))
      ? [exec('on_download', opaque(), 'aria2c --on-download-* runs a program')]
      : [],
  nc: netcat,
  ncat: netcat,
  netcat: netcat,
  socat,
  ssh: also(sshOptions('ssh', 'BbcDEeFIiJLlmOopQRSWw', ''), wordOptions('ssh', [['-o=', 'exec', true]])),
  // ssh-copy-id hands -o to ssh (ProxyCommand=…), and -i/-F name files ssh reads.
  'ssh-copy-id': wordOptions('ssh-copy-id', [
    ['-o', 'exec', true],
    ['-F', 'load', true],
  ]),
  scp: sshOptions('scp', 'cFiJloPSDX', 'S'),
  sftp: sshOptions('sftp', 'BbcDFiJloPRSs', 'SD'),
  rsync,
  wget: also(
    wget,
    wordOptions(
      'wget',
      [
        ['--save-cookies', 'write'],
        ['--warc-file', 'write'],
        ['--rejected-log', 'write'],
        ['--use-askpass', 'exec'],
      ],
      true,
    ),
  ),
  curl: also(curl, wordOptions('curl', [['--engine', 'load']])),
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  curl: { match: [['curl -o /etc/x http://a', '#o->-/etc/x']], notMatch: ['curl https://example.com'] },
  ssh: { match: [["ssh -o ProxyCommand='rm x' host", '-[-rm-]']], notMatch: ['ssh host ls'] },
};

export const RULES: readonly ProgramRule[] = rules('network', { effects }, EXAMPLES);
