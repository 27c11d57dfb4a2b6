/**
 * mysql and mariadb: the client's option allowlist, from MariaDB 10.11's and MySQL 8.0's `mysql
 * --help` (mysql(1), "mysql Client Options"; neither is installed here). The client reads options
 * with my_getopt: unique prefixes of long names, `-` and `_` alike in a name, the prefixes `loose-`
 * (ignore if unknown), `enable-` (on), `skip-` and `disable-` (off), clustered short options, and
 * `-p`/`--password` take their value attached only (`-p db` is a prompt and a database).
 *
 * `-e`/`--execute` and `--init-command` are read as before (SQL or client commands that run a shell
 * command, write a file or read a local file); `--pager` runs its value through the shell (bare, the
 * PAGER variable); `--tee` and `--debug=…` outside the project write; `--plugin-dir`,
 * `--default-auth` and the option files (`--defaults-file`, `--defaults-extra-file`, which can set
 * a pager) load code or configuration. An unknown option is compound.
 */
import { exec, write } from '../effects.js';
import type { Arg } from '../options.js';
import { opaque, script, outsideProject } from './kit.js';
import { optionTable, readOptions, type OptionHandler, type OptionTable } from './optionTable.js';
import type { Check } from './rule.js';

const OPTIONS = [
  '?|help I| abort-source-on-error auto-rehash A|no-auto-rehash auto-vertical-output B|batch binary-as-hex binary-mode',
  'bind-address= character-sets-dir= column-type-info c|comments C|compress compression-algorithms= zstd-compression-level=',
  '#|debug=? debug-check T|debug-info D|database= default-character-set= delimiter= e|execute= E|vertical f|force',
  'G|named-commands i|ignore-spaces init-command= local-infile=? load-data-local-dir= b|no-beep h|host= dns-srv-name=',
  'H|html X|xml line-numbers L|skip-line-numbers n|unbuffered column-names N|skip-column-names sigint-ignore o|one-database',
  'pager=? p|password=? password1=? password2=? password3=? P|port= progress-reports prompt= protocol= q|quick r|raw',
  'reconnect s|silent S|socket= ssl ssl-ca= ssl-capath= ssl-cert= ssl-cipher= ssl-key= ssl-crl= ssl-crlpath= ssl-mode=',
  'ssl-fips-mode= ssl-verify-server-cert tls-version= tls-ciphersuites= tls-sni-servername= ssl-session-data=',
  'ssl-session-data-continue-on-failed-reuse t|table tee= u|user= U|safe-updates i-am-a-dummy v|verbose V|version w|wait',
  'connect-timeout= max-allowed-packet= net-buffer-length= select-limit= max-join-size= secure-auth server-arg= show-warnings',
  'plugin-dir=:load default-auth=:load connect-expired-password sandbox get-server-public-key server-public-key-path=',
  'histignore= login-path= network-namespace= j|syslog W|pipe shared-memory-base-name= enable-cleartext-plugin',
  'fido-register-factor= register-factor= plugin-authentication-kerberos-client-mode= oci-config-file=',
  'plugin-authentication-webauthn-client-preserve-privacy authentication-oci-client-config-profile= system-command',
  'print-defaults no-defaults defaults-file=:load defaults-extra-file=:load defaults-group-suffix= no-tee no-pager',
  'show-query-costs telemetry-client',
];

/** SQL or client commands that run a shell command, write a file, or send a local file to the server. */
export function mysqlDanger(sql: string): boolean {
  return /\\|\bsystem\b|\bprogram\b|\bpipe\b|\boutfile\b|\bdumpfile\b|\blocal\s+infile\b|\bpager\b|\btee\b|\bsource\b/i.test(sql);
}

function sqlOption(name: string, flagOf: (typed: string) => string): OptionHandler {
  return (v, typed) =>
    v === null || v === undefined || mysqlDanger(v)
      ? [exec(flagOf(typed), opaque(v ?? null), `${name} ${typed}: client commands can run shell commands or write files`)]
      : [];
}

function table(name: string) {
  const output: OptionHandler = (v, typed) =>
    v === null || v === undefined || outsideProject(v) ? [write('tee', v ?? null, `${name} ${typed} writes the file it names`)] : [];
  return optionTable({
    abbrev: true,
    negate: true,
    options: OPTIONS,
    handlers: {
      execute: sqlOption(name, (typed) => (typed.startsWith('--') ? 'execute' : 'e')),
      'init-command': sqlOption(name, () => 'init-command'),
      pager: (v, typed) =>
        v === undefined
          ? [exec('pager', opaque(), `${name} ${typed} runs the PAGER program`)]
          : [exec('pager', script(v), `${name} ${typed} runs its value through the shell`)],
      tee: output,
      // `--debug=d:t:o,FILE` writes a trace file; bare, the default one.
      debug: (v, typed) => (v === undefined ? [] : [write('debug', v, `${name} ${typed} writes a trace file`)]),
    },
  });
}

/** my_getopt's spellings brought to the table's: `_` is `-`, `loose-`/`enable-` dropped, `skip-`/`disable-` as `no-`. */
function normalise(w: Arg, t: OptionTable): Arg {
  if (w === null || !w.startsWith('--') || w === '--') return w;
  const eq = w.indexOf('=');
  let name = (eq >= 0 ? w.slice(2, eq) : w.slice(2)).replace(/_/g, '-');
  if (name.startsWith('loose-')) name = name.slice(6);
  // A name the table knows as it stands (`--enable-cleartext-plugin`, `--skip-column-names`) is kept.
  if (!t.long.has(name)) {
    if (name.startsWith('enable-')) name = name.slice(7);
    else if (name.startsWith('skip-')) name = 'no-' + name.slice(5);
    else if (name.startsWith('disable-')) name = 'no-' + name.slice(8);
  }
  return '--' + name + (eq >= 0 ? w.slice(eq) : '');
}

export function mysqlClient(name: string): Check {
  const t = table(name);
  return (argv) => {
    const words = argv.map((w, i) => (i === 0 ? w : normalise(w, t)));
    return readOptions(t, words, 1, name).effects;
  };
}
