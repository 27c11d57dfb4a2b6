/**
 * Red-team table for issue 16's option themes, across the programs with an option allowlist (curl,
 * wget, tar, psql, make, gcc/clang, cargo, rustc, ssh/scp/sftp/ssh-copy-id, gpg, openssl, vim):
 * theme 3 (options that load code), theme 4 (options that name a program) and theme 8 (options that
 * write a file they name), and the everyday forms that must stay one simple call. "verified" rows
 * were run with a sandboxed bash trace (bubblewrap + strace) (bwrap + strace, stub programs `./x` that touch a file)
 * and seen to run the program or write the file; the others cite the program's manual.
 */
import { describe } from 'vitest';
import { itClassifiesRows, type Row } from './redteam.testkit.js';

const ROWS: readonly Row[] = [
  // ── Theme 3: options that load code (configuration that can, or a library) ──
  ['wget --config=./rc http://127.0.0.1:1/', 'compound', 'verified: the wgetrc set output_document and wget wrote it'],
  ['curl -K ./cfg https://a', 'compound', 'curl(1) -K: a config file holds any option (-o, --engine, -T)'],
  ["make --eval='x:=$(shell ./x)' -f /dev/null x", 'compound', 'verified: the evaluated text ran ./x'],
  ['make -f /proc/self/fd/0', 'compound', 'GNU make manual: a makefile read from a descriptor (standard input)'],
  ['gcc @args', 'compound', 'verified: the response file held -wrapper ./x,y and gcc ran ./x'],
  ['gcc -specs=/tmp/s x.c', 'compound', 'gcc(1) -specs: a spec file names the programs the driver runs'],
  ['clang -Xclang -load -Xclang /tmp/p.so x.c', 'compound', 'clang docs: -Xclang -load loads a plugin into cc1'],
  ['rustc -Z codegen-backend=/tmp/x.so x.rs', 'compound', 'rustc unstable book: loads the codegen backend library'],
  ['rustc --extern foo=/tmp/libfoo.so x.rs', 'compound', 'rustc book --extern: a proc-macro crate runs at compile time'],
  ['ssh -F sshc -o BatchMode=yes h true', 'compound', 'verified: the config file’s ProxyCommand ./x ran'],
  ["ssh -o 'Include /tmp/c' h", 'compound', 'ssh_config(5) Include: reads more configuration (ProxyCommand …)'],
  ['ssh -o IdentityAgentX=/tmp/s h', 'compound', 'an ssh_config keyword not in the allowlist (ssh may add one that runs)'],
  ['ssh-copy-id -F /tmp/c h', 'compound', 'ssh-copy-id hands -F to ssh, which reads the config'],
  ['gpg --homedir /tmp/h -k', 'compound', 'gpg(1): reads gpg.conf from the home directory (agent-program …)'],
  ['gpg --exec-path /tmp -k', 'compound', 'gpg(1): the PATH for the programs gpg starts'],
  ['gpg --opt /tmp/o -k', 'compound', 'gpgrt takes the unique prefix of --options'],
  ['openssl req -config /tmp/c.cnf -new', 'compound', 'config(5): a providers/engines section loads modules'],
  ['openssl fipsinstall -module /tmp/x.so -out f', 'compound', 'openssl-fipsinstall(1): loads the module to self-test it'],
  ['openssl genpkey -engine e -algorithm rsa', 'compound', 'openssl(1) -engine: loads an engine'],
  ['openssl dgst -sha256 -provider-path /tmp -provider evil f', 'compound', 'openssl(1) -provider-path/-provider: loads a provider'],
  ['openssl x509 --engine=e -in c.pem', 'compound', 'openssl takes --opt=value too'],

  // ── Theme 4: options that name a program to run ──
  ['gcc -B./ -c y.c', 'compound', 'verified: gcc ran ./as from the -B folder'],
  ['gcc -wrapper ./x,y -c y.c', 'compound', 'verified: gcc ran cc1 and as through ./x'],
  ['tar --checkpoint=1 --checkpoint-action=exec=./x -cf o.tar y.c', 'compound', 'verified: tar ran ./x through sh -c'],
  ['tar -cf o.tar --use-compress-program=./x y.c', 'compound', 'verified: tar ran ./x as the compressor'],
  ['scp -S ./x y.c h:b', 'compound', 'verified: scp ran ./x instead of ssh'],
  ['sftp -b bat -D ./x', 'compound', 'verified: sftp ran ./x as the local sftp server'],
  ['sftp -S /tmp/x h', 'compound', 'sftp(1) -S: the program run instead of ssh'],
  ["psql -o '|./x' -c 'select 1'", 'compound', 'verified: psql piped its output into ./x'],
  ['wget --use-askpass=/tmp/x https://a', 'compound', 'wget(1) --use-askpass: runs the program for credentials'],
  ['cargo --config \'target.x86_64-unknown-linux-gnu.runner="./x"\' run', 'compound', 'cargo config: the runner runs the binary'],
  ['cargo build --config build.rustc-wrapper=/tmp/x', 'compound', 'cargo config: rustc-wrapper runs every compile'],
  ['rustc -C linker=./x y.rs', 'compound', 'rustc book -C linker: the program run to link'],
  ['ssh -o XAuthLocation=/tmp/x -X h', 'compound', 'ssh_config(5) XAuthLocation: the xauth program ssh runs'],
  ['ssh -o KnownHostsCommand=/tmp/x h', 'compound', 'ssh_config(5) KnownHostsCommand: runs to list host keys'],
  ['ssh -J "h;/tmp/x" h2', 'compound', 'a ProxyJump that is not a list of hosts'],
  ["ssh-copy-id -o 'ProxyCommand /tmp/x' h", 'compound', 'ssh-copy-id hands -o to ssh, which runs the ProxyCommand'],
  ['gpg --keyboxd-program /tmp/x -k', 'compound', 'gpg(1): starts that keyboxd'],
  ['gpg --photo-viewer ./x --list-options show-photos -k', 'compound', 'gpg(1): show-photos runs the photo viewer'],
  ['gpg --edit-key ABCD showphoto', 'compound', 'gpg(1) --edit-key showphoto runs the photo viewer'],
  ['make SHELL=/tmp/x', 'compound', 'GNU make: recipes run with $(SHELL)'],

  // ── Theme 8: options that write a file they name ──
  ['curl --trace /tmp/t http://127.0.0.1:1/', 'compound', 'verified: curl wrote /tmp/t'],
  ['curl -D /tmp/h http://127.0.0.1:1/', 'compound', 'verified: curl wrote /tmp/h'],
  ['curl --libcurl /tmp/c.c http://127.0.0.1:1/', 'compound', 'verified: curl wrote /tmp/c.c'],
  ['wget -a /tmp/wlog http://127.0.0.1:1/', 'compound', 'verified: wget appended its log to /tmp/wlog'],
  ['wget --hsts-file=/tmp/hsts https://a', 'compound', 'wget(1) --hsts-file: the HSTS database it saves'],
  ['ssh -E /tmp/slog -o BatchMode=yes h true', 'compound', 'verified: ssh wrote /tmp/slog'],
  ['ssh -o UserKnownHostsFile=/tmp/kh h', 'compound', 'ssh_config(5): new host keys are added to that file'],
  ['gpg --status-file /tmp/gst -k', 'compound', 'verified: gpg wrote /tmp/gst'],
  ['gpg --log-file /tmp/glog -k', 'compound', 'verified: gpg wrote /tmp/glog'],
  ['openssl genrsa -out /tmp/k.pem 512', 'compound', 'verified: openssl wrote /tmp/k.pem'],
  ['openssl req -new -newkey rsa:1024 -nodes -keyout /tmp/kk.pem -subj /CN=x -out /tmp/r.csr', 'compound', 'verified: both files written'],
  ['gcc -o /tmp/a.out y.c', 'compound', 'verified: the linker wrote /tmp/a.out'],
  ['gcc -MD -MF /tmp/deps.d -c y.c', 'compound', 'verified: gcc wrote /tmp/deps.d'],
  ['vim -w /tmp/keys f', 'compound', 'verified (vim -es -u NONE -w /tmp/keys -c q): vim wrote /tmp/keys'],
  ['rustc -o /tmp/rb y.rs', 'compound', 'rustc book -o: the output file'],
  ['cargo install --root /tmp/r ripgrep', 'compound', 'cargo install --root: installs into that folder'],

  // ── Everyday forms that stay one simple call ──
  ['ssh -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null h uptime', 'simple', 'display/trust settings, keys discarded'],
  ['ssh -p 2222 -i ~/.ssh/id_ed25519 -J bastion user@host', 'simple', 'a port, an identity, a jump host'],
  ['ssh -NL 5432:localhost:5432 db', 'simple', 'a port forward'],
  ['ssh -F /dev/null h', 'simple', 'no config file'],
  ['ssh h ls -la --color', 'simple', 'options of the remote command'],
  ['scp -rp -P 2222 dist h:/srv', 'simple', 'ordinary copy'],
  ['gpg --batch --yes --verify f.sig f', 'simple', 'ordinary verify'],
  ['gpg --keyserver hkps://keys.openpgp.org --recv-keys ABCD', 'simple', 'ordinary'],
  ['gpg -o - --armor --export ABCD', 'simple', 'to standard output'],
  ['openssl x509 -in cert.pem -noout -text', 'simple', 'ordinary'],
  ['openssl s_client -connect example.com:443 -servername example.com', 'simple', 'ordinary'],
  ['openssl sha256 file.txt', 'simple', 'a digest command'],
  ['openssl rand -hex 32', 'simple', 'ordinary'],
  ['curl -fsSL https://example.com -o /dev/null', 'simple', 'discarded output'],
  ['wget -q -O - https://example.com', 'simple', 'to standard output'],
  ['gcc -O2 -Wall -Iinclude -c x.c', 'simple', 'ordinary'],
  ['cargo build --release --features serde', 'simple', 'ordinary'],
  ['rustc --edition 2021 -O main.rs', 'simple', 'ordinary'],
];

describe('red team: options that load code, name a program or write a file (issue 16)', () => {
  itClassifiesRows(ROWS);
});
