/**
 * Red-team rows for themes 1, 5, 6 and 7 of issue 16 (parser corners, other names for wrappers and
 * editors, configuration that makes a later plain command run a program, docker/podman spellings),
 * none of them in redteam.test.ts. Each row: command, expected kind, why, and for an attack the
 * program its program list must name ('?' when it cannot be known), so deny rules still apply.
 * "verified": run under bash with a sandboxed bash trace (bubblewrap + strace) (real programs, `touch pwned` or a
 * write of `pwned` seen); otherwise the why cites the program's documentation or source.
 */
import { describe, expect, it } from 'vitest';
import { itClassifiesRows, type Row } from './redteam.testkit.js';
import { denyNames } from './programs/spellings.js';

const BSNL = '\\\n'; // a backslash-newline

const THEMES: Record<string, Row[]> = {
  // ── Theme 1: parser corners — subscripts in name arguments, `$` + backslash-newline ──
  'parser corners': [
    ["sleep 0 & wait -np 'a[$(touch pwned)\\]]'", 'compound', 'verified: wait -p (clustered) evaluates an escaped-] subscript', '?'],
    ['printf -v \'a["]"$(touch pwned)]\' %s x', 'compound', 'verified: a quoted ] inside printf -v’s subscript', '?'],
    ['printf -v "a[\\$(touch pwned)]" x', 'compound', 'verified: double quotes with an escaped $ still leave $( for the subscript', '?'],
    ["printf '-va[$(touch pwned)]' x", 'compound', 'verified: the name attached to -v', '?'],
    ["read -t 1 x 'a[$(touch pwned)]'", 'compound', 'verified: the second name of read, after an option value', '?'],
    ["read -d '' 'a[$(touch pwned)]'", 'compound', 'verified: read with an empty delimiter value', '?'],
    ['test -v a[\\$\\(touch\\ pwned\\)]', 'compound', 'verified: backslashes instead of quotes', '?'],
    ["test ! -v 'a[$(touch pwned)]'", 'compound', 'verified: -v after a negation', '?'],
    ["test -n x -a -v 'a[`touch pwned`]'", 'compound', 'verified: backquotes, in the second primary of -a', '?'],
    ["[[ 'a[$(touch pwned)]' -eq 0 ]]", 'compound', 'verified: [[ evaluates -eq operands as arithmetic', '?'],
    ["let 'a[$(touch pwned)]=1'", 'compound', 'verified: an assignment to a subscript in let', '?'],
    ["builtin printf -v 'a[$(touch pwned)]' x", 'compound', 'verified: printf reached through builtin', '?'],
    ["command test -v 'a[$(touch pwned)]'", 'compound', 'verified: test reached through command', '?'],
    [`echo $${BSNL}${BSNL}(touch pwned)`, 'compound', 'verified: two continuations between $ and (', 'touch'],
    [`echo "x$${BSNL}{y:-$${BSNL}(touch pwned)}"`, 'compound', 'verified: nested, inside double quotes', 'touch'],
    [`cat <<E\n$${BSNL}(touch pwned)\nE`, 'compound', 'verified: in an unquoted here-document body', 'touch'],
    [`cat <<-E\n\t$${BSNL}(touch pwned)\n\tE`, 'compound', 'verified: in a <<- here-document with tabs', 'touch'],
    [`cat <<E\n\${x:-$${BSNL}(touch pwned)}\nE`, 'compound', 'verified: in a here-document, inside ${…}', 'touch'],
    [`$${BSNL}'\\x74ouch' pwned`, 'compound', "verified: $ + continuation + '…' is ANSI-C quoting: the program is touch", 'touch'],
    [`git log --format=$${BSNL}(touch pwned)`, 'compound', 'verified: in an option value of a program with a rule', 'touch'],
    [`echo $${BSNL}((1+$${BSNL}(touch pwned)))`, 'compound', 'verified: arithmetic joined, a substitution joined inside it', 'touch'],
    [`: $${BSNL}{x:=$${BSNL}(touch pwned)}`, 'compound', 'verified: an assigning expansion', 'touch'],
    ['echo `echo $' + BSNL + '(touch pwned)`', 'compound', 'verified: inside backquotes', 'touch'],
    ["printf -v line '%s' 'a[$x]'", 'simple', 'a value, not a name: printf prints the text'],
    ['test -v HOME', 'simple', 'a plain name'],
    [`git log ${BSNL}--oneline`, 'simple', 'an ordinary continuation between words'],
  ],
  // ── Theme 5: other names for wrappers and editors ──
  'other names for wrappers and editors': [
    ["rview -es -c 'w! pwned' -c 'q!' f", 'compound', 'verified: restricted vim still writes files from -c', '?'],
    ["gview -c '!touch pwned' f", 'compound', 'vim :help gview: the GUI vim in read-only mode', '?'],
    ["evim -c '!touch pwned'", 'compound', 'vim :help evim: easy vim, same -c', '?'],
    ["eview -c '!touch pwned'", 'compound', 'vim :help evim: eview is evim read-only', '?'],
    ["rgvim -c 'w! /tmp/x'", 'compound', 'vim :help rgvim: restricted GUI vim writes files', '?'],
    ["vimx -c '!touch pwned'", 'compound', "Fedora's vim-X11 binary is vim", '?'],
    ["gvimdiff -c '!touch pwned' a b", 'compound', 'vim :help gvimdiff: vimdiff in the GUI', '?'],
    ["vimdiff -es -V9pwned -c 'q!' a b", 'compound', 'verified: vimdiff -V<n>FILE writes its log to FILE'],
    ["vimdiff -es -c '!touch pwned' -c 'qa!' a b", 'compound', 'verified: vimdiff runs -c commands', '?'],
    ['vimdiff -V9/tmp/log a b', 'compound', 'vim :help -V: the log file, with no -c beside it'],
    ["slogin -o ProxyCommand='touch pwned' h", 'compound', 'verified: OpenSSH links slogin to ssh', 'touch'],
    ['original-awk \'BEGIN{system("touch pwned")}\'', 'compound', "the one true awk's system() (Debian original-awk)", '?'],
    ['c99 -wrapper touch,pwned x.c', 'compound', 'verified: Debian c99 runs gcc with the arguments', '?'],
    ['c89 -wrapper touch,pwned x.c', 'compound', 'verified: Debian c89 runs gcc with the arguments', '?'],
    ['see f.pdf', 'compound', 'run-mailcap(1): see runs the mailcap viewer for the type', '?'],
    ['edit f.txt', 'compound', 'run-mailcap(1): edit runs the mailcap editor for the type', '?'],
    ['compose f.txt', 'compound', 'run-mailcap(1): compose runs the mailcap composer', '?'],
    ['run-mailcap --action=view f.pdf', 'compound', 'run-mailcap(1) runs the mailcap program', '?'],
    ['podman unshare touch pwned', 'compound', 'podman-unshare(1): runs the command on the host in a user namespace', 'touch'],
    ['podman unshare', 'compound', 'podman-unshare(1): without a command, $SHELL', '?'],
    ['buildah unshare touch pwned', 'compound', 'buildah-unshare(1): runs the command on the host', 'touch'],
    ['linux32 touch pwned', 'compound', 'verified: setarch’s linux32 link runs the command', '?'],
    ['uname26 touch pwned', 'compound', 'util-linux setarch.c: uname26 is a personality link that runs the command', '?'],
    ['setarch x86_64 -R touch pwned', 'compound', 'verified: setarch with an option after the architecture', '?'],
    ['gpg-agent --homedir g --daemon touch pwned', 'compound', 'verified: an option value before --daemon CMD', '?'],
    ['www-browser f.html', 'compound', 'Debian alternative: which browser is configured is not known', '?'],
    ['gnome-www-browser f.html', 'compound', 'Debian alternative: which browser is configured is not known', '?'],
    ["python3-dbg -c 'import os'", 'compound', "Debian's python3-dbg is the same interpreter, debug build", '?'],
    ['python3.11-dbg -c 1', 'compound', 'a versioned debug build', '?'],
    ['mimeopen f.pdf', 'compound', 'mimeopen(1) runs the program for the file type', '?'],
    ['gnome-open f.pdf', 'compound', 'runs the program registered for the type', '?'],
    ['kde-open5 f.pdf', 'compound', 'runs the program registered for the type', '?'],
    ['exo-open f.pdf', 'compound', 'runs the preferred application', '?'],
    ['wslview f.pdf', 'compound', 'wslu: runs the Windows program for the type', '?'],
    ['python3-dbg x.py', 'simple', 'a script file, as python3 x.py'],
    ['vimdiff a.txt b.txt', 'simple', 'ordinary'],
    ['view README.md', 'simple', 'ordinary'],
    ['slogin host', 'simple', 'ordinary'],
    ['c99 -o x x.c', 'simple', 'ordinary'],
  ],
  // ── Theme 6: configuration written now that makes a later plain command run a program ──
  'configuration a later plain command runs': [
    [
      'kubectl config set-credentials u --exec-api-version=client.authentication.k8s.io/v1 --exec-command=touch --exec-arg=pwned',
      'compound',
      'verified: the next kubectl get pods runs touch pwned',
      '?',
    ],
    ["kubectl config set 'users.u.exec.command' touch", 'compound', 'quoted property path to the exec plugin', '?'],
    ['kubectl config set-credentials u --exec-env=X=1', 'compound', 'an exec option: the table lists only credentials by value', '?'],
    ['kubectl config set users.u.exec.interactiveMode Never', 'compound', 'a property under exec', '?'],
    ['kubectl config set-credentials u --frobnicate', 'compound', 'an option kubectl config does not know here', '?'],
    ['kubectl config set users.u.exec.command touch --set-raw-bytes=false', 'compound', 'an option after the property', '?'],
    ['kubectl --kubeconfig=k config set-credentials u --exec-command touch', 'compound', 'a global option before config', '?'],
    [
      "aws configure set default.credential_process 'touch pwned'",
      'compound',
      'verified: the next aws sts get-caller-identity runs it',
      '?',
    ],
    ["aws configure set credential_process 'touch pwned' --profile p", 'compound', 'the profile given as an option', '?'],
    ["aws --profile p configure set credential_process 'touch pwned'", 'compound', 'the profile given before configure', '?'],
    ["aws configure set profile.p.cli_pager 'touch pwned'", 'compound', 'AWS CLI config docs: cli_pager is run for output', '?'],
    ['aws configure set plugins.x antigravity', 'compound', 'verified: the next aws s3 ls imports the module named', '?'],
    [
      'aws configure set plugins.cli_legacy_plugin_path /tmp/p',
      'compound',
      'AWS CLI v2 plugins: modules are imported from that folder',
      '?',
    ],
    ['aws configure set default.x_unknown_key v', 'compound', 'a key not on the allowlist'],
    [
      'docker volume create -o type=none -o o=bind -o device=/ hostroot',
      'compound',
      'docker volume create docs: a later -v hostroot:/h mounts /',
      '?',
    ],
    ['docker volume create --opt device=/ --opt o=bind --opt type=none hostroot', 'compound', 'the same with --opt', '?'],
    [
      'docker context create evil --docker host=ssh://evil',
      'compound',
      'docker context docs: later docker commands run ssh to that host',
      '?',
    ],
    [
      'docker plugin install vieux/sshfs --grant-all-permissions',
      'compound',
      'docker plugin docs: the plugin runs as root with those privileges',
      '?',
    ],
    ['rustup toolchain link evil /tmp/evil', 'compound', 'verified: after rustup default evil, plain cargo runs /tmp/evil/bin/cargo', '?'],
    ['direnv allow', 'compound', "direnv(1): the shell hook runs the folder's .envrc on the next cd", '?'],
    ['direnv allow ../other', 'compound', "direnv(1): another folder's .envrc", '?'],
    ['mise trust', 'compound', 'mise docs: a trusted mise.toml runs its env scripts and hooks', '?'],
    ['aws configure set default.region us-east-1', 'simple', 'a region'],
    ['aws configure set output json --profile p', 'simple', 'an output format'],
    ['aws configure get region', 'simple', 'reads a setting'],
    ['docker volume create data', 'simple', 'a plain named volume'],
    ['docker context create remote --docker host=tcp://10.0.0.5:2376', 'simple', 'a TCP daemon: no program runs'],
    ['docker plugin ls', 'simple', 'lists plugins'],
    ['rustup toolchain install stable', 'simple', 'ordinary'],
    ['rustup default stable', 'simple', 'ordinary'],
    ['kubectl config set-context --current --namespace dev', 'simple', 'ordinary'],
    ['kubectl config set-cluster dev --server=https://10.0.0.1:6443', 'simple', 'a server'],
    ['kubectl config set clusters.dev.server https://10.0.0.1:6443', 'simple', 'a server through a property path'],
    ['kubectl config set-credentials dev --token=abc', 'simple', 'a credential by value'],
    ['kubectl config view --minify', 'simple', 'reads the configuration'],
    ['direnv status', 'simple', 'ordinary'],
  ],
  // ── Theme 7: docker/podman spellings ──
  'docker/podman spellings': [
    ['docker run --volume=/:/h alpine', 'compound', 'long option with = mounts the host root', 'docker'],
    ['docker run --volume /:/h alpine', 'compound', 'long option, separate value', 'docker'],
    ['docker run --mount=type=bind,source=/,target=/h alpine', 'compound', '--mount= spelling', 'docker'],
    ['docker run --mount type=bind,src=/,dst=/h alpine', 'compound', 'src/dst short keys', 'docker'],
    [
      'docker run --mount \'type=bind,"source=/",target=/h\' alpine',
      'compound',
      'docker/cli opts/mount.go reads CSV: a quoted field',
      'docker',
    ],
    ['docker run --mount type=bind,SOURCE=/,target=/h alpine', 'compound', 'docker/cli opts/mount.go lowercases keys', 'docker'],
    [
      "docker run --mount 'type=volume,dst=/h,volume-opt=type=none,volume-opt=o=bind,volume-opt=device=/' alpine",
      'compound',
      'docker volumes docs: the local driver binds the device path',
      'docker',
    ],
    ['docker run -v ./..:/h alpine', 'compound', 'a relative path that climbs out', 'docker'],
    ['docker run -v src/../..:/h alpine', 'compound', 'a .. segment in the middle', 'docker'],
    ['docker run --privileged=true alpine', 'compound', 'pflag bool with a value', '?'],
    ['docker run --privileged=True alpine', 'compound', 'pflag accepts True', '?'],
    ['docker run --security-opt=apparmor:unconfined alpine', 'compound', 'the old colon form', '?'],
    ['docker run -dv=/:/h alpine', 'compound', 'cluster with -v=VALUE', 'docker'],
    ['docker compose run -v /:/h app', 'compound', 'compose run mounts the host root', 'docker'],
    ['docker compose run --volume=/:/h app', 'compound', 'compose run, long spelling', 'docker'],
    ['docker compose run --cap-add SYS_ADMIN app', 'compound', 'compose run adds a capability', '?'],
    ['docker compose exec --privileged app sh', 'compound', 'compose exec --privileged', '?'],
    ['docker compose -f x.yml run -v /:/h app', 'compound', 'a compose global option first', 'docker'],
    ['docker compose run --frobnicate app', 'compound', 'an option compose run does not know here', '?'],
    ['docker-compose run -v /:/h app', 'compound', 'compose v1 spelling', 'docker-compose'],
    ['podman compose run -v /:/h app', 'compound', 'podman compose', 'podman'],
    ['podman-compose run -v /:/h app', 'compound', 'podman-compose', 'podman-compose'],
    ['podman run --rootfs / touch pwned', 'compound', 'podman-run(1): --rootfs runs from a host folder', '?'],
    ['podman run --rootfs=/ touch pwned', 'compound', 'the same with =', '?'],
    ['docker cp web:/x /root/.bashrc', 'compound', 'docker cp writes a host file outside the project', 'docker'],
    ['docker cp web:/x ../../.bashrc', 'compound', 'docker cp climbs out of the project', 'docker'],
    ['docker cp /etc/shadow web:/x', 'compound', 'docker cp hands a host file to the container', 'docker'],
    ['docker save -o /tmp/x img', 'compound', 'docker save writes the file it names', 'docker'],
    ['docker image save --output=/tmp/x img', 'compound', 'management spelling, long option', 'docker'],
    ['docker container export -o /tmp/x c', 'compound', 'docker export writes the file it names', 'docker'],
    ['docker run -v C:/:/h alpine', 'compound', 'Docker Desktop on Windows: the drive letter is the host source', 'docker'],
    ['docker run --mount type=bind,src=C:/,dst=/h alpine', 'compound', 'a drive letter in --mount', 'docker'],
    ['podman container runlabel install img', 'compound', 'podman-container-runlabel(1): runs the label’s command on the host', '?'],
    ["docker cp web:/x 'C:\\Users\\me\\x'", 'compound', 'cp.go: a Windows absolute path is local', 'docker'],
    ['docker build -o ~/.local/bin .', 'compound', 'docker build docs: -o writes the result to that host folder', 'docker'],
    ['docker buildx build --output type=local,dest=/tmp/x .', 'compound', 'buildx --output, local exporter', 'docker'],
    ['docker image build --iidfile /tmp/id .', 'compound', 'writes the image id file', 'docker'],
    ['docker builder build -o/tmp/x .', 'compound', 'attached -o', 'docker'],
    ['nerdctl run -v /:/h alpine', 'compound', 'nerdctl takes docker’s run options', 'nerdctl'],
    ['nerdctl --cni-path /tmp/x run alpine', 'compound', 'a global option not known (CNI plugins are programs)'],
    ['docker run --volume=.:/app alpine', 'simple', 'the project folder'],
    ['docker run --mount type=bind,src=./src,dst=/src alpine', 'simple', 'a project folder'],
    ['docker compose run --rm app npm test', 'simple', 'ordinary'],
    ['docker compose run -v ./src:/app/src app', 'simple', 'a project folder'],
    ['docker compose exec app sh', 'simple', 'runs in the container'],
    ['docker compose up -d', 'simple', 'ordinary'],
    ['docker cp web:/app/out ./out', 'simple', 'into the project'],
    ['nerdctl ps', 'simple', 'ordinary'],
    ['docker build -t app:dev -f Dockerfile.dev .', 'simple', 'ordinary'],
    ['docker buildx build --platform linux/amd64 -t app .', 'simple', 'ordinary'],
  ],
};
const ROWS: Row[] = Object.values(THEMES).flat();

describe('red team, issue 16 themes 1, 5, 6, 7', () => {
  itClassifiesRows(ROWS);

  it('a deny rule on a program also refuses its other names', () => {
    expect(denyNames('python3.11-dbg')).toEqual(expect.arrayContaining(['python', 'python3', 'python3.11']));
    expect(denyNames('rview')).toContain('vim');
    expect(denyNames('slogin')).toContain('ssh');
    expect(denyNames('c99')).toContain('cc');
  });

  it.each(Object.entries(THEMES))('%s: at least 10 attack rows', (_theme, rows) => {
    expect(rows.filter((r) => r[1] !== 'simple').length).toBeGreaterThanOrEqual(10);
  });
});
