/**
 * gpg, openssl, ssh-keygen, ssh-add: output files they name, and shared libraries they load.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec } from '../effects.js';
import { opaque } from './kit.js';
import { gpg } from './gpg.js';
import { openssl } from './openssl.js';
import { rules, type Check, type ProgramRule, type Examples } from './rule.js';

const effects: Readonly<Record<string, Check>> = {
  // ssh-keygen -D / ssh-add -s|-S load a PKCS#11 or security-key library.
  'ssh-keygen': (argv) =>
    argv.slice(1).some((a) => a === null || /^-[A-Za-z]*[Dw]/.test(a))
      ? [exec('D', opaque(), 'ssh-keygen -D/-w loads a shared library')]
      : [],
  'ssh-add': (argv) =>
    argv.slice(1).some((a) => a === null || /^-[A-Za-z]*[sSe]/.test(a))
      ? [exec('s', opaque(), 'ssh-add -s/-S loads a shared library')]
      : [],
  // Option allowlists: gpg.ts (GnuPG's ARGPARSE table), openssl.ts (each command's -help).
  gpg,
  openssl,
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
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

export const RULES: readonly ProgramRule[] = rules('crypto', { effects, allowlist: ['gpg', 'openssl'] }, EXAMPLES);
