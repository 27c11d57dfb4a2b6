/**
 * Network tools: curl, wget, ssh/scp/sftp, rsync, netcat, socat, aria2c, nmap, ip. Output files they name, and options naming a program (`ssh -o ProxyCommand=`, `rsync -e`).
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, write, type Effect } from '../effects.js';
import { scanOptions, type Arg } from '../options.js';
import { opaque, script, argvOf, isShort, isLong, valueOf } from './kit.js';
import { programOptions } from './programOptions.js';
import { scp, sftp, ssh, sshCopyId } from './ssh.js';
import { rules, type Check, type ProgramRule, type Examples } from './rule.js';

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

/**
 * wget's options (GNU getopt_long: unique prefixes, `--no-X` for its booleans), from `wget --help`
 * (1.21). `-e` runs wgetrc commands and `--config` reads a wgetrc: both can name outputs and programs.
 */
const wget = programOptions('wget', {
  abbrev: true,
  negate: true,
  options: [
    'V|version h|help b|background e|execute=:load o|output-file=:write a|append-output=:write d|debug q|quiet v|verbose',
    'report-speed= i|input-file=:read F|force-html B|base= config=:load no-config rejected-log=:write t|tries= retry-connrefused',
    'retry-on-http-error= O|output-document= no-netrc c|continue start-pos= progress= show-progress N|timestamping',
    'no-if-modified-since no-use-server-timestamps S|server-response spider T|timeout= dns-timeout= connect-timeout= read-timeout=',
    'w|wait= waitretry= random-wait no-proxy Q|quota= bind-address= limit-rate= no-dns-cache restrict-file-names= ignore-case',
    '4|inet4-only 6|inet6-only prefer-family= user= password= ask-password use-askpass=:prog no-iri local-encoding= remote-encoding=',
    'unlink xattr x|force-directories protocol-directories P|directory-prefix=:write cut-dirs= http-user= http-password= no-cache',
    'default-page= E|adjust-extension ignore-length header= compression= max-redirect= proxy-user= proxy-password= referer=',
    'save-headers U|user-agent= no-http-keep-alive no-cookies load-cookies=:read save-cookies=:write keep-session-cookies',
    'post-data= post-file=:read method= body-data= body-file=:read content-disposition content-on-error auth-no-challenge',
    'secure-protocol= https-only no-check-certificate certificate=:read certificate-type= private-key=:read private-key-type=',
    'ca-certificate=:read ca-directory=:read crl-file=:read pinnedpubkey= ciphers= no-hsts hsts-file=:write ftp-user= ftp-password=',
    'no-remove-listing no-glob no-passive-ftp preserve-permissions retr-symlinks ftps-implicit ftps-resume-ssl',
    'ftps-clear-data-connection ftps-fallback-to-ftp warc-file=:write warc-header= warc-max-size= warc-cdx warc-dedup=:read',
    'no-warc-compression no-warc-digests no-warc-keep-log warc-tempdir=:write r|recursive l|level= delete-after k|convert-links',
    'convert-file-only backups= K|backup-converted m|mirror p|page-requisites strict-comments A|accept= R|reject= accept-regex=',
    'reject-regex= regex-type= D|domains= exclude-domains= follow-ftp follow-tags= ignore-tags= H|span-hosts L|relative',
    'I|include-directories= trust-server-names X|exclude-directories=',
    // -nv -nc -nd -nH -np: wget reads `-n` and the letter after it; their long forms are --no-X.
    'n|= clobber directories host-directories parent',
  ],
  handlers: {
    // `-O -` is standard output; any other value is a file wget writes.
    'output-document': (v, typed) =>
      v === '-' || v === '/dev/null' ? [] : [write('output-document', v ?? null, `wget ${typed} writes the file it names`)],
  },
});

/**
 * curl's options, from `curl --help all` (7.88) plus the later ones agents meet (8.x); curl takes
 * no abbreviations here (an abbreviation is unknown: compound) and `--no-X` for its booleans.
 * `-K` reads options from a file (outputs, uploads, engines): compound. `-w` with `%output{…}`
 * (curl 8.3) writes a file.
 */
const curl = programOptions('curl', {
  negate: true,
  options: [
    'abstract-unix-socket= alt-svc=:write anyauth a|append aws-sigv4= basic cacert=:read capath=:read E|cert=:read cert-status',
    'cert-type= ciphers= compressed compressed-ssh K|config=:load connect-timeout= connect-to= C|continue-at= b|cookie=',
    'c|cookie-jar=:write create-dirs create-file-mode= crlf crlfile=:read curves= d|data= data-ascii= data-binary= data-raw=',
    'data-urlencode= delegation= digest q|disable disable-eprt disable-epsv disallow-username-in-url dns-interface= dns-ipv4-addr=',
    'dns-ipv6-addr= dns-servers= doh-cert-status doh-insecure doh-url= D|dump-header=:write egd-file=:read engine=:load',
    'etag-compare=:read etag-save=:write expect100-timeout= f|fail fail-early fail-with-body false-start F|form= form-escape',
    'form-string= ftp-account= ftp-alternative-to-user= ftp-create-dirs ftp-method= ftp-pasv P|ftp-port= ftp-pret',
    'ftp-skip-pasv-ip ftp-ssl-ccc ftp-ssl-ccc-mode= ftp-ssl-control G|get g|globoff happy-eyeballs-timeout-ms= haproxy-protocol',
    'I|head H|header= h|help=? hostpubmd5= hostpubsha256= hsts=:write http0.9 0|http1.0 http1.1 http2 http2-prior-knowledge http3',
    'http3-only ignore-content-length i|include k|insecure interface= 4|ipv4 6|ipv6 json= j|junk-session-cookies keepalive-time=',
    'key=:read key-type= krb= libcurl=:write limit-rate= l|list-only local-port= L|location location-trusted login-options=',
    'mail-auth= mail-from= mail-rcpt= mail-rcpt-allowfails M|manual max-filesize= max-redirs= m|max-time= metalink negotiate',
    'n|netrc netrc-file=:read netrc-optional :|next no-alpn N|no-buffer no-clobber no-keepalive no-npn no-progress-meter',
    'no-sessionid noproxy= ntlm ntlm-wb oauth2-bearer= o|output=:write output-dir=:write Z|parallel parallel-immediate',
    'parallel-max= pass= path-as-is pinnedpubkey= post301 post302 post303 preproxy= #|progress-bar proto= proto-default=',
    'proto-redir= x|proxy= proxy-anyauth proxy-basic proxy-cacert=:read proxy-capath=:read proxy-cert=:read proxy-cert-type=',
    'proxy-ciphers= proxy-crlfile=:read proxy-digest proxy-header= proxy-insecure proxy-key=:read proxy-key-type= proxy-negotiate',
    'proxy-ntlm proxy-pass= proxy-pinnedpubkey= proxy-service-name= proxy-ssl-allow-beast proxy-ssl-auto-client-cert',
    'proxy-tls13-ciphers= proxy-tlsauthtype= proxy-tlspassword= proxy-tlsuser= proxy-tlsv1 U|proxy-user= proxy1.0= p|proxytunnel',
    'pubkey=:read Q|quote= random-file=:read r|range= rate= raw e|referer= J|remote-header-name O|remote-name:write',
    'remote-name-all:write R|remote-time remove-on-error X|request= request-target= resolve= retry= retry-all-errors',
    'retry-connrefused retry-delay= retry-max-time= sasl-authzid= sasl-ir service-name= S|show-error s|silent socks4= socks4a=',
    'socks5= socks5-basic socks5-gssapi socks5-gssapi-nec socks5-gssapi-service= socks5-hostname= Y|speed-limit= y|speed-time=',
    'ssl ssl-allow-beast ssl-auto-client-cert ssl-no-revoke ssl-reqd ssl-revoke-best-effort 2|sslv2 3|sslv3 stderr=:write',
    'styled-output suppress-connect-headers tcp-fastopen tcp-nodelay t|telnet-option= tftp-blksize= tftp-no-options z|time-cond=',
    'tls-max= tls13-ciphers= tlsauthtype= tlspassword= tlsuser= 1|tlsv1 tlsv1.0 tlsv1.1 tlsv1.2 tlsv1.3 tr-encoding trace=:write',
    'trace-ascii=:write trace-time unix-socket= T|upload-file=:read url= url-query= B|use-ascii u|user= A|user-agent= v|verbose',
    'V|version w|write-out= xattr',
    // curl 8.x
    'trace-config= trace-ids ca-native proxy-ca-native ip-tos= mptcp vlan-priority= variable= skip-existing follow show-headers',
    'ssl-sessions=:write ech= out-null',
  ],
  handlers: {
    // `-o -` is standard output; /dev/null discards.
    output: (v, typed) => (v === '-' || v === '/dev/null' ? [] : [write('o', v ?? null, `curl ${typed} writes the file it names`)]),
    'write-out': (v, typed) =>
      v === null || v === undefined || /%output\{|%\{?stderr/.test(v)
        ? [write('write-out', null, `curl ${typed} can write a file it names`)]
        : [],
  },
});

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
  // Option allowlists (ssh.ts); ssh-copy-id hands -o and -F to ssh.
  ssh,
  'ssh-copy-id': sshCopyId,
  scp,
  sftp,
  rsync,
  wget,
  curl,
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  curl: { match: [['curl -o /etc/x http://a', '#o->-/etc/x']], notMatch: ['curl https://example.com'] },
  ssh: {
    match: [
      ["ssh -o ProxyCommand='rm x' host", '-[-rm-]'],
      ['ssh -o=ProxyCommand=id h', '#o'],
      ['ssh -o "Include /tmp/c" h', '#o'],
      ['ssh -o XAuthLocation=/tmp/x -X h', '#o'],
      ['ssh -o NewFutureKeyword=x h', '#o'],
      ['ssh -J "h;id" h2', '#o'],
      ['ssh -o UserKnownHostsFile=/tmp/k h', '#o->-/tmp/k'],
      ['ssh -Z h', '#unknown_option'],
      ['ssh h -F /tmp/c', '#F'],
    ],
    notMatch: [
      'ssh host ls',
      'ssh -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null h uptime',
      'ssh -o ConnectTimeout=5 -p 2222 -i key user@host',
      'ssh -J bastion@jump:22 h',
      'ssh -F /dev/null h',
      'ssh -NL 8080:localhost:80 h',
      'ssh h ls -Z --weird',
    ],
  },
  scp: {
    match: [
      ['scp -S /tmp/x a h:b', '#S'],
      ['scp -o ProxyCommand=id a h:b', '#o'],
      ['scp -Z a h:b', '#unknown_option'],
    ],
    notMatch: ['scp -rp -P 2222 dist h:/srv'],
  },
  sftp: {
    match: [
      ['sftp -b cmds h', '#b'],
      ['sftp -D /tmp/x h', '#D'],
    ],
    notMatch: ['sftp -P 2222 user@h'],
  },
  'ssh-copy-id': {
    match: [
      ['ssh-copy-id -o ProxyCommand=x h', '#o'],
      ['ssh-copy-id -F /tmp/c h', '#F'],
    ],
    notMatch: ['ssh-copy-id -i ~/.ssh/id_ed25519.pub h'],
  },
};

export const RULES: readonly ProgramRule[] = rules(
  'network',
  { effects, allowlist: ['ssh', 'scp', 'sftp', 'ssh-copy-id', 'curl', 'wget'] },
  EXAMPLES,
);
