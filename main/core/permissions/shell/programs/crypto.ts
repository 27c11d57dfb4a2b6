/**
 * gpg, openssl, ssh-keygen, ssh-add: output files they name, and shared libraries they load.
 * Rules: rule.ts; lookup: index.ts.
 */
import { write } from '../effects.js';
import { optionTable, readItems } from './optionTable.js';
import { programOptions } from './programOptions.js';
import { gpg } from './gpg.js';
import { openssl } from './openssl.js';
import { rules, type Check, type ProgramRule, type Examples } from './rule.js';

/**
 * ssh-keygen's options: its getopt string (OpenSSH 9.2–9.9 ssh-keygen.c,
 * "ABHKLQUXceghiklopquvyC:D:E:F:I:M:N:O:P:R:V:Y:Z:a:b:f:g:m:n:r:s:t:w:z:"; `g` is a flag, its
 * first letter wins). `-D` and `-w` load a PKCS#11 or security-key provider library; `-R`, `-H`
 * and `-A` rewrite known_hosts or the host keys without naming them (`-f` says where, else
 * ~/.ssh/known_hosts and /etc/ssh); key files named outside the project meet the default.
 */
const SSH_KEYGEN = optionTable({
  options:
    'A| B| H| K| L| Q| U| X| c| e| g| h| i| k| l| o| p| q| u| v| y| C|= D|=:load E|= F|= I|= M|= N|= O|= P|= R|= V|= Y|= Z|= ' +
    'a|= b|= f|= m|= n|= r|= s|= t|= w|=:load z|=',
});
const sshKeygen: Check = (argv) => {
  const r = readItems(SSH_KEYGEN, argv, 1, 'ssh-keygen');
  const named = r.items.some((it) => it.kind === 'short' && it.name === 'f');
  for (const it of r.items)
    if (!named && it.kind === 'short' && 'RHA'.includes(it.name))
      r.effects.push(
        write(it.name, it.name === 'A' ? '/etc/ssh' : '~/.ssh/known_hosts', `ssh-keygen -${it.name} rewrites a file outside the project`),
      );
  return r.effects;
};

/**
 * ssh-add's options (OpenSSH 9.x ssh-add.c getopt "vkKlLNcdDTxXCE:e:h:H:M:m:qs:S:t:"): `-s` has the
 * agent load a PKCS#11 provider library, `-S` names a security-key provider library; the key files
 * it reads meet the default (outside the project: asked each time).
 */
const SSH_ADD = 'v| k| K| l| L| N| c| d| D| T| x| X| C| q| E|= e|= h|= H|= M|= m|= s|=:load S|=:load t|=';

const effects: Readonly<Record<string, Check>> = {
  'ssh-keygen': sshKeygen,
  'ssh-add': programOptions('ssh-add', { options: SSH_ADD }),
  // Option allowlists: gpg.ts (GnuPG's ARGPARSE table), openssl.ts (each command's -help).
  gpg,
  openssl,
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  'ssh-keygen': {
    match: [
      ['ssh-keygen -D ./libevil.so', '#D'],
      ['ssh-keygen -D./libevil.so', '#D'],
      ['ssh-keygen -t ed25519-sk -w ./evil.so -f k', '#w'],
      ['ssh-keygen -R example.com', '#R'],
      ['ssh-keygen -t ed25519 -f ~/.ssh/id_new', '#outside'],
      ['ssh-keygen -J x', '#unknown_option'],
    ],
    notMatch: [
      'ssh-keygen -t ed25519 -C me@example.com -f keys/deploy -N ""',
      'ssh-keygen -l -f keys/deploy.pub',
      'ssh-keygen -y -f keys/deploy',
    ],
  },
  'ssh-add': {
    match: [
      ['ssh-add -s ./libevil.so', '#s'],
      ['ssh-add -s./libevil.so', '#s'],
      ['ssh-add -S ./sk.so keys/k', '#S'],
      ['ssh-add ~/.ssh/id_rsa', '#outside'],
      ['ssh-add -J', '#unknown_option'],
    ],
    notMatch: ['ssh-add -l', 'ssh-add -t 3600 keys/deploy', 'ssh-add -D'],
  },
  openssl: {
    match: [
      ['openssl req -out x.pem', '#out->-x.pem'],
      ['openssl req -new -engine /tmp/e.so -key k.pem', '#engine'],
      ['openssl dgst -sha256 -provider-path /tmp -provider evil f', '#provider'],
      ['openssl req -config /tmp/c.cnf -new', '#config'],
      ['openssl rand -writerand /tmp/r 8', '#writerand->-/tmp/r'],
      ['openssl rsa -in k.pem -passin file:/etc/shadow', '#pass'],
      ['openssl s_server -WWW', '#www'],
      ['openssl x509 -frobnicate', '#unknown_option'],
      ['openssl evilcmd', '#unknown_option'],
    ],
    notMatch: [
      'openssl version',
      'openssl x509 -in cert.pem -noout -text',
      'openssl sha256 file.txt',
      'openssl dgst -sha256 -hex file.txt',
      'openssl rand -hex 32',
      'openssl base64 -d -in x.b64',
      'openssl s_client -connect example.com:443 -servername example.com',
      'openssl enc -d -aes-256-cbc -pbkdf2 -in x.enc -pass env:KEY',
      'openssl x509 -in c.pem -set_serial 5 -noout',
    ],
  },
  gpg: {
    match: [
      ['gpg --options /tmp/o -d f', '#options'],
      ['gpg --dirmngr-program /tmp/x --recv-keys 1', '#dirmngr_program'],
      ['gpg --agent-prog=/tmp/x -d f', '#agent_program'],
      ['gpg --list-options show-photos -k', '#list_options'],
      ['gpg --photo-viewer "id" -k', '#photo_viewer'],
      ['gpg --homedir /tmp/h -k', '#homedir'],
      ['gpg --keyring /tmp/k.kbx --import k.asc', '#keyring->-/tmp/k.kbx'],
      ['gpg --log-file /tmp/l -k', '#log_file->-/tmp/l'],
      ['gpg --frobnicate -k', '#unknown_option'],
    ],
    notMatch: [
      'gpg --list-keys',
      'gpg --batch --yes --verify f.sig f',
      'gpg --keyserver hkps://keys.openpgp.org --recv-keys ABCD',
      'gpg -k --with-colons',
      'gpg --armor --export ABCD',
      'gpg --list-secret --with-keygrip',
    ],
  },
};

export const RULES: readonly ProgramRule[] = rules(
  'crypto',
  { effects, allowlist: ['gpg', 'openssl', 'ssh-keygen', 'ssh-add'], withDefaults: ['ssh-keygen', 'ssh-add'] },
  EXAMPLES,
);
