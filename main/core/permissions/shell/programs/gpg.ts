/**
 * gpg's option allowlist: every option of GnuPG's g10/gpg.c ARGPARSE table (2.2 to 2.5) with its
 * arity (ARGPARSE_s_s/s_i/s_u take a value, o_s an optional one) and the short letters of its enum.
 * gpgrt's parser takes unique prefixes of long options and options anywhere among the operands.
 *
 * Keyed: files of options (`--options`, a `--homedir` holding gpg.conf), programs it starts
 * (`--agent-program`, `--dirmngr-program`, `--keyboxd-program`, `--photo-viewer`, `--exec-path`,
 * and the photo viewer that `show-photos` and `--edit-key`'s `showphoto` run), card drivers it
 * loads, files it writes (`-o` but `-o -`, logs, status files, a trustdb, a keyring outside the
 * project, `--use-embedded-filename`'s name taken from the message).
 */
import { exec, write, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { opaque, outsideProject } from './kit.js';
import { type OptionHandler } from './optionTable.js';
import { programOptions } from './programOptions.js';

const GPG_OPTIONS = [
  's|sign clear-sign clearsign b|detach-sign e|encrypt encrypt-files c|symmetric store d|decrypt',
  'decrypt-files verify verify-files add-recipients change-recipients k|list-keys list-public-keys',
  'list-signatures list-sigs check-signatures check-sigs fingerprint K|list-secret-keys generate-key',
  'gen-key quick-generate-key quick-gen-key quick-add-uid quick-adduid quick-add-key quick-addkey',
  'quick-add-adsk quick-revoke-uid quick-revuid quick-set-expire quick-set-primary-uid',
  'quick-update-pref quick-set-ownertrust full-generate-key full-gen-key generate-revocation gen-revoke',
  'delete-keys delete-secret-keys quick-sign-key quick-lsign-key quick-tsign-key quick-revoke-sig',
  'sign-key lsign-key edit-key key-edit change-passphrase passwd generate-designated-revocation',
  'desig-revoke export send-keys receive-keys recv-keys search-keys refresh-keys locate-keys',
  'locate-external-keys fetch-keys show-keys export-secret-keys export-secret-subkeys export-ssh-key',
  'export-secret-ssh-key import fast-import card-status edit-card card-edit change-pin list-config',
  'list-gcrypt-config gpgconf-list gpgconf-test list-packets export-ownertrust import-ownertrust',
  'update-trustdb check-trustdb fix-trustdb list-trustdb dearmor dearmour enarmor enarmour print-md',
  'print-mds gen-prime gen-random server tofu-policy list-trust-path delete-secret-and-public-keys',
  'rebuild-keydb-caches list-key list-sig check-sig show-key v|verbose no-verbose q|quiet no-tty',
  'no-greeting debug= debug-level= debug-all debug-iolbf debug-set-iobuf-size=',
  'debug-allow-large-chunks= display-charset= charset= options=:load no-options logger-fd=',
  'log-file=:write logger-file=:write log-time homedir=:load faked-system-time= default-key=',
  'encrypt-to= no-encrypt-to hidden-encrypt-to= encrypt-to-default-key default-recipient=',
  'default-recipient-self no-default-recipient group= ungroup= no-groups compliance= gnupg no-pgp2',
  'no-pgp6 no-pgp7 no-pgp8 rfc2440 rfc4880 openpgp pgp6 pgp7 pgp8 default-new-key-algo=',
  'default-new-key-adsk= min-rsa-length= always-trust trust-model= photo-viewer=:exec known-notation=',
  'agent-program=:prog keyboxd-program=:prog dirmngr-program=:prog exit-on-status-write-error',
  'limit-card-insert-tries= enable-progress-filter temp-directory=:write exec-path=:load expert',
  'no-expert no-secmem-warning require-secmem no-require-secmem no-permission-warning n|dry-run',
  'i|interactive default-sig-expire= ask-sig-expire no-ask-sig-expire default-cert-expire=',
  'ask-cert-expire no-ask-cert-expire default-cert-level= min-cert-level= ask-cert-level',
  'no-ask-cert-level only-sign-text-ids enable-large-rsa disable-large-rsa enable-dsa2 disable-dsa2',
  'personal-cipher-preferences= personal-digest-preferences= personal-compress-preferences=',
  'default-preference-list= default-keyserver-url= no-expensive-trust-checks allow-non-selfsigned-uid',
  'no-allow-non-selfsigned-uid allow-freeform-uid no-allow-freeform-uid preserve-permissions',
  'default-cert-check-level= tofu-default-policy= lock-once lock-multiple lock-never no-compress',
  'compress-algo= compression-algo= bzip2-decompress-lowmem completes-needed= marginals-needed=',
  'max-cert-depth= trustdb-name=:write auto-check-trustdb no-auto-check-trustdb force-ownertrust=',
  'no-auto-trust-new-key add-desig-revoker= assert-signer= assert-pubkey-algo= multifile',
  'input-size-hint= utf8-strings no-utf8-strings set-filesize= no-literal N|set-notation= sig-notation=',
  'cert-notation= set-policy-url= sig-policy-url= cert-policy-url= sig-keyserver-url= a|armor armour',
  'no-armor no-armour o|output=:write max-output= comment= default-comment no-comments emit-version',
  'no-emit-version no-version not-dash-escaped escape-from-lines no-escape-from-lines mimemode textmode',
  'no-textmode set-filename= for-your-eyes-only no-for-your-eyes-only show-notation no-show-notation',
  'show-session-key show-only-session-key use-embedded-filename no-use-embedded-filename unwrap',
  'mangle-dos-filenames no-mangle-dos-filenames chunk-size= no-symkey-cache skip-verify list-only',
  'compress-level= bzip2-compress-level= disable-signer-uid auto-key-locate= no-auto-key-locate',
  'auto-key-import no-auto-key-import auto-key-retrieve no-auto-key-retrieve auto-key-upload',
  'no-auto-key-upload include-key-block no-include-key-block disable-dirmngr keyserver=',
  'keyserver-options= key-origin= import-options= import-filter= export-options= export-filter=',
  'merge-only allow-secret-key-import list-options= list-filter= full-timestrings show-photos',
  'no-show-photos show-policy-url no-show-policy-url with-colons with-tofu-info with-key-data',
  'with-sig-list with-sig-check with-v5-fingerprint with-fingerprint with-subkey-fingerprint',
  'with-subkey-fingerprints without-subkey-fingerprint with-icao-spelling with-keygrip',
  'with-key-screening with-secret with-wkd-hash with-key-origin fast-list-mode fixed-list-mode',
  'legacy-list-mode print-dane-records keyid-format= show-keyring r|recipient= R|hidden-recipient=',
  'f|recipient-file=:read F|hidden-recipient-file=:read remote-user= throw-keyids no-throw-keyids',
  'u|local-user= trusted-key= sender= try-secret-key= try-all-secrets no-default-keyring no-keyring',
  'keyring= primary-keyring= secret-keyring= skip-hidden-recipients no-skip-hidden-recipients',
  'override-session-key= override-session-key-fd= s2k-mode= s2k-digest-algo= s2k-cipher-algo=',
  's2k-count= force-ocb force-aead require-backsigs require-cross-certification no-require-backsigs',
  'no-require-cross-certification allow-weak-key-signatures allow-weak-digest-algos',
  'allow-old-cipher-algos weak-digest= verify-options= no-random-seed-file no-sig-cache',
  'ignore-time-conflict ignore-valid-from ignore-crc-error ignore-mdc-error disable-cipher-algo=',
  'disable-pubkey-algo= cipher-algo= digest-algo= cert-digest-algo= require-pqc-encryption',
  'disable-pqc-encryption batch no-batch proc-all-sigs yes no status-fd= status-file=:write',
  'attribute-fd= attribute-file=:write command-fd= command-file=:read passphrase=? passphrase-fd=',
  'passphrase-file=:read passphrase-repeat= pinentry-mode= force-sign-key enable-special-filenames',
  'disable-fd-translation request-origin= display= ttyname= ttytype= lc-ctype= lc-messages= xauthority=',
  'chuid= no-autostart use-keyboxd forbid-gen-key require-compliance compatibility-flags=',
  'use-only-openpgp-card rfc2440-text no-rfc2440-text kbx-buffer-size= debug-quick-random',
  'debug-ignore-expiration personal-cipher-prefs= personal-compress-prefs= sign-with= user= use-agent',
  'no-use-agent gpg-agent-info= reader-port= ctapi-driver=:load pcsc-driver=:load disable-ccid',
  'honor-http-proxy tofu-db-format= strict no-strict sk-comments no-sk-comments compress-keys',
  'compress-sigs force-v3-sigs no-force-v3-sigs force-v4-certs no-force-v4-certs no-mdc-warning',
  'force-mdc no-force-mdc disable-mdc no-disable-mdc allow-multisig-verification',
  'allow-multiple-messages no-allow-multiple-messages aead-algo= personal-aead-preferences= rfc4880bis',
  'override-compliance-check t| z|= h|help version warranty dump-options dump-option-table',
];

const photos = (flag: string): Effect => exec(flag, opaque(), `gpg ${flag} runs the photo viewer`);

/** `--list-options show-photos` (and `--verify-options`) runs the photo viewer. */
const listOptions: OptionHandler = (v, typed) =>
  v === undefined || v === null || /show-photos/i.test(v) ? [photos(typed.replace(/^-+/, '').split('=')[0]!)] : [];

/** A keyring named outside the project is written there (import, key edits, trust). */
const keyring: OptionHandler = (v, typed) =>
  v === undefined || v === null || outsideProject(v) ? [write('keyring', v ?? null, `gpg ${typed} writes the keyring it names`)] : [];

const editor: OptionHandler = (_v, typed) => [
  exec('edit_key', opaque(), `gpg ${typed} runs key-edit commands (showphoto runs the photo viewer)`),
];

export const gpg = programOptions('gpg', {
  abbrev: true,
  options: GPG_OPTIONS,
  handlers: {
    output: (v: Arg | undefined, typed: string) => (v === '-' ? [] : [write('o', v ?? null, `gpg ${typed} writes the file it names`)]),
    'list-options': listOptions,
    'verify-options': listOptions,
    'show-photos': () => [photos('show-photos')],
    'use-embedded-filename': () => [write('use-embedded-filename', null, 'gpg writes to the file name the message carries')],
    keyring,
    'primary-keyring': keyring,
    'secret-keyring': keyring,
    'edit-key': editor,
    'key-edit': editor,
    'edit-card': editor,
    'card-edit': editor,
  },
});
