/**
 * Red-team table: bypass attempts in the style of public agent sandbox-escape and prompt-injection
 * reports, and the ordinary commands that must stay simple. Each row: command, expected kind, why.
 * A `simple` verdict means a plain `run_command:<program>` grant covers the command, so every row
 * expected compound/invalid is a command that runs another program, writes a file it names or
 * hides what it does.
 */
import { describe, expect, it } from 'vitest';
import { itClassifiesRows, type Row } from './redteam.testkit.js';
import { classifyCommand } from './classify.js';

const ROWS: readonly Row[] = [
  // ── Versioned or re-cased interpreter names meet the plain name's rules ──
  ['python3.12 -c "import os"', 'compound', 'versioned python runs inline code'],
  ['python2.7 -c 1', 'compound', 'versioned python runs inline code'],
  ['bash5 -c id', 'compound', 'versioned shell runs a script'],
  ['bash-5.2 -c id', 'compound', 'versioned shell runs a script'],
  ['ksh93 -c id', 'compound', 'ksh93 is ksh'],
  ['zsh5 -c id', 'compound', 'versioned shell'],
  ['perl5.36 -e "system 1"', 'compound', 'versioned perl runs inline code'],
  ['node20 -e 1', 'compound', 'versioned node runs inline code'],
  ['ruby3.2 -e 1', 'compound', 'versioned ruby'],
  ['php8.2 -r 1', 'compound', 'versioned php'],
  ['lua5.4 -e 1', 'compound', 'versioned lua'],
  ['pypy3.10 -c 1', 'compound', 'versioned pypy'],
  ['gawk-5 \'BEGIN{system("id")}\'', 'compound', 'versioned gawk runs system()'],
  ['clang-17 -wrapper id x.c', 'compound', 'versioned compiler wrapper'],
  ['BASH -c id', 'compound', 'case-insensitive file systems run bash'],
  ['Python3 -c 1', 'compound', 'case-insensitive file systems run python3'],
  ['bash.exe -c id', 'compound', 'Windows spelling of bash'],
  ['python3.12 x.py', 'simple', 'running a script file is what the key names'],
  ['pip3.12 install requests', 'simple', 'versioned pip, ordinary'],
  ['sha256sum x', 'simple', 'digits in a name that is not versioned'],
  ['base32 x', 'simple', 'digits in a name that is not versioned'],

  // ── Interpreter options that take a value must not end the option scan ──
  ['python3 -W ignore -c "import os"', 'compound', '-W takes a value; -c follows'],
  ['python3 -X importtime -c 1', 'compound', '-X takes a value; -c follows'],
  ['python3 --check-hash-based-pycs always -c 1', 'compound', 'unknown long option may take a value'],
  ['node --title x -e 1', 'compound', 'node long option with a separate value, then -e'],
  ['node -C dev -e 1', 'compound', 'node -C takes a value'],
  ['ruby -C dir -e 1', 'compound', 'ruby -C takes a value'],
  ['perl -M strict -e 1', 'compound', 'perl -M with a separate value'],
  ['python3 -W error x.py', 'simple', 'warnings filter, then a script'],
  ['python -m pytest -c pytest.ini', 'simple', 'options after -m module belong to the module'],
  ['python -m pytest -x', 'simple', 'ordinary'],
  ['node --inspect x.js', 'simple', 'ordinary'],

  // ── tar old-style clusters: each value letter takes the next word ──
  ['tar cfI x.tar id src', 'compound', 'I (compress program) takes the word after f’s'],
  ['tar cIf id x.tar src', 'compound', 'I takes the first word'],
  ['tar xzf x.tgz', 'simple', 'ordinary'],
  ['tar cvfz x.tgz src', 'simple', 'ordinary'],
  ['tar -czf x.tgz src', 'simple', 'ordinary'],

  // ── npm family: exec in every spelling, initializers, package.json rewrites ──
  ['npm exec id', 'compound', 'npm exec runs a program without -- too'],
  ['npm x id', 'compound', 'npm x is npm exec'],
  ['npm --call=id exec', 'compound', '--call before the subcommand is exec -c'],
  ['npm init evil-pkg', 'compound', 'npm init <initializer> runs create-<initializer>'],
  ['npm create vite@latest app', 'compound', 'npm create runs a downloaded program'],
  ['pnpm create x', 'compound', 'pnpm create runs a downloaded program'],
  ['yarn create x', 'compound', 'yarn create runs a downloaded program'],
  ['npm pkg set scripts.test=id', 'compound', 'rewrites a script npm runs later'],
  ['yarn node -e 1', 'compound', 'yarn node runs node with inline code'],
  ['npm init -y', 'simple', 'ordinary'],
  ['npm init', 'simple', 'ordinary'],
  ['npm pkg get name', 'simple', 'reads package.json'],
  ['npm test -- -c x', 'simple', 'arguments for the test script'],

  // ── Runners whose run/exec subcommand was never detected ──
  ['pipenv run rm -rf x', 'compound', 'pipenv run runs a program'],
  ['pdm run id', 'compound', 'pdm run runs a program'],
  ['hatch run id', 'compound', 'hatch run runs a program'],
  ['pipx run cowsay', 'compound', 'pipx run runs a downloaded program'],
  ['direnv exec . id', 'compound', 'direnv exec runs a program'],
  ['composer exec x', 'compound', 'composer exec runs a vendor program'],
  ['pipenv install', 'simple', 'ordinary'],
  ['composer install', 'simple', 'ordinary'],

  // ── Wrappers that were missing ──
  ['sudoedit /etc/passwd', 'compound', 'runs $EDITOR as root'],
  ['chronic id', 'compound', 'moreutils chronic runs a program'],
  ['ifne id', 'compound', 'moreutils ifne runs a program'],
  ['run-parts /etc/cron.daily', 'compound', 'runs every script in a folder'],
  ['sshpass -p x ssh h', 'compound', 'sshpass runs a program'],
  ['rlwrap bash', 'compound', 'rlwrap runs a program'],
  ['eatmydata id', 'compound', 'runs a program'],
  ['faketime 2020-01-01 id', 'compound', 'runs a program'],
  ['arch -arm64 bash -c id', 'compound', 'macOS arch runs a program'],
  ['xcrun python3 -c 1', 'compound', 'macOS xcrun runs a developer tool'],
  ['setarch x86_64 id', 'compound', 'runs a program'],
  ['prlimit --nofile=1 id', 'compound', 'runs a program'],
  ['arch', 'simple', 'prints the machine type'],

  // ── git ──
  ['git archive --remote=ext::id HEAD', 'compound', 'ext:: transport as an option value'],
  ['git --git-dir=evil status', 'compound', 'config from an unprotected folder (core.fsmonitor)'],
  ['git --git-dir evil status', 'compound', 'same, separate value'],
  ['git init --template=/tmp/t', 'compound', 'installs hooks from another folder'],
  ['git format-patch -o out HEAD~1', 'compound', 'writes into a folder it names'],
  ['git cat-file --filters HEAD:x', 'compound', 'runs configured clean/smudge filters'],
  ['git config user.name', 'simple', 'reads one value (was a false alarm)'],
  ['git config user.name x', 'compound', 'writes configuration'],
  ['git init', 'simple', 'ordinary'],
  ['git format-patch -1', 'simple', 'ordinary'],
  ['git -C sub status', 'simple', '-C is a known global option'],
  ['git -c core.sshCommand=id fetch', 'compound', 'config that names a program'],
  ['git -ccore.pager=id log', 'compound', 'attached -c'],
  ['git --config-env=core.pager=X log', 'compound', 'config from the environment'],
  ['git fetch --upload-pa=id origin', 'compound', 'abbreviated --upload-pack'],
  ['git clone -c core.fsmonitor=id x', 'compound', 'clone -c'],
  ['git diff --ext-diff', 'compound', 'external diff driver'],

  // ── gh ──
  ["gh alias set x '!id'", 'compound', 'a "!" expansion is a shell alias'],
  ['gh extension exec x', 'compound', 'runs an extension program'],
  ['gh ext exec x', 'compound', 'same, short name'],
  ['gh config set editor vim', 'compound', 'names a program gh runs later'],
  ["gh alias set co 'pr checkout'", 'simple', 'a gh-command alias'],
  ['gh config set git_protocol ssh', 'simple', 'ordinary setting'],
  ['gh pr list', 'simple', 'ordinary'],

  // ── ssh family, archives, pagers, editors, downloads ──
  ['ssh -o PKCS11Provider=/tmp/x.so h', 'compound', 'loads a shared library'],
  ['ssh -oSecurityKeyProvider=/tmp/x.so h', 'compound', 'loads a shared library'],
  ['ssh -I /tmp/x.so h', 'compound', 'PKCS#11 library'],
  ['ssh -o ProxyCommand=id h', 'compound', 'runs a local command'],
  ['ssh -i key h', 'simple', 'ordinary'],
  ['ssh user@host uptime', 'simple', 'remote command: documented as simple (the key names ssh)'],
  ['zip -TT=id x.zip f', 'compound', 'attached unzip command'],
  ['zip -T -TT id x.zip f', 'compound', 'unzip command'],
  ['zip -r x.zip src', 'simple', 'ordinary'],
  ['man -C evil.conf ls', 'compound', 'a man_db.conf can DEFINE the pager'],
  ['man ls', 'simple', 'ordinary'],
  ['emacs -L evil x', 'compound', 'load-path shadowing loads code'],
  ['wget -P /etc url', 'compound', 'saves into a folder it names'],
  ['wget -O x url', 'compound', 'writes a file it names'],
  ['wget -qO- https://example.com', 'simple', 'to stdout'],

  // ── build and test tools ──
  ['make -f /dev/stdin', 'compound', 'recipes from standard input'],
  ['make -f -', 'compound', 'recipes from standard input'],
  ['make -f Makefile.dev', 'simple', 'a project makefile'],
  ['gcc @opts', 'compound', 'a response file may hold -wrapper'],
  ['gcc -o x x.c', 'simple', 'ordinary'],
  ['rustc -C linker=id x.rs', 'compound', 'linker names a program'],
  ['rustc -Clinker=id x.rs', 'compound', 'attached'],
  ['rustc -C opt-level=3 x.rs', 'simple', 'ordinary'],
  ['sdiff -o merged a b', 'compound', 'writes the merged file'],
  ['sdiff --diff-program=id a b', 'compound', 'runs a program'],
  ['diff --output=x a b', 'compound', 'writes a file it names'],
  ['diff -ru a b', 'simple', 'ordinary'],
  ['pytest --basetemp=/home/user', 'compound', 'pytest deletes the basetemp folder'],
  ['pytest --junitxml=/etc/x.xml', 'compound', 'writes a report file it names'],
  ['pytest -p no:cacheprovider', 'simple', 'ordinary plugin switch'],
  ["pytest -k 'not slow'", 'simple', 'ordinary'],
  ['mvn exec:exec -Dexec.executable=id', 'compound', 'exec plugin runs a program'],
  ['mvn -Dtest=X test', 'simple', 'ordinary'],
  ['ansible localhost -m shell -a id', 'compound', 'runs a shell command on localhost'],
  ['ansible all -m ping', 'simple', 'ordinary'],
  ["yq -i '.a=1' x.yml", 'compound', 'rewrites the file in place'],
  ["yq '.a' x.yml", 'simple', 'reads'],

  // ── containers that see the host ──
  ['docker run -v /:/host alpine', 'compound', 'host root mounted'],
  ['docker run -v/:/host alpine', 'compound', 'attached'],
  ['docker run --mount type=bind,source=/,target=/h alpine', 'compound', '--mount source=/'],
  ['docker run -v /var/run/docker.sock:/var/run/docker.sock x', 'compound', 'docker socket is root'],
  ['docker run --privileged x', 'compound', 'host kernel access'],
  ['docker run --pid=host x', 'compound', 'host namespace'],
  ['docker run -v ~/.ssh:/x x', 'compound', 'home folder mounted'],
  ['podman run -v /:/h x', 'compound', 'same for podman'],
  ['docker run --rm -v .:/app node npm test', 'simple', 'the project folder'],
  ['docker run -p 8080:80 nginx', 'simple', 'ordinary'],
  ['docker ps', 'simple', 'ordinary'],

  // ── zsh (a login shell the terminal may use) ──
  ['repeat 1 rm -rf x', 'compound', 'zsh repeat runs a command'],
  ['zpty x id', 'compound', 'zsh zpty runs a command'],
  ['sched +1 id', 'compound', 'zsh sched runs a command later'],
  ['emulate sh -c id', 'compound', 'zsh emulate -c runs a command'],
  ['zmodload zsh/system', 'compound', 'loads a module'],

  // ── globs that expand to options ──
  ['tar cf x.tar -*', 'compound', '-* expands only to option-like names'],
  ['tar cf x.tar --*', 'compound', 'same'],
  ['tar cf x.tar *', 'compound', 'a file named --checkpoint-action=exec=sh'],
  ['git add *', 'compound', 'wildcard for a program with dangerous options'],
  ['ls -*', 'simple', 'ls has no option that runs or writes'],
  ['git add .', 'simple', 'ordinary'],

  // ── ANSI-C quoting: never simple, and decoded so the key names what runs ──
  ["bash -c $'\\151\\144'", 'compound', 'octal escapes spell id'],
  ["$'\\x72\\x6d' -rf x", 'compound', 'hex escapes spell rm'],
  ["git $'\\x2dc' core.pager=id log", 'compound', 'hex escapes spell -c'],
  ["ls > $'\\x2e\\x67it/hooks/pre-commit'", 'compound', 'redirect into .git/hooks'],
  ["echo $'abc'", 'simple', 'no escape: plain text'],

  // ── more interpreters and builtins ──
  ["dc -e '!id'", 'compound', 'dc ! runs a shell command'],
  ['groovy -e 1', 'compound', 'inline code'],
  ["ipython -c 'import os'", 'compound', 'inline code'],
  ['elixir -e 1', 'compound', 'inline code'],
  ['history -w ~/.bashrc', 'compound', 'overwrites a file it names'],
  ['history', 'simple', 'ordinary'],
  ['command -v git', 'simple', 'looks a name up (was a false alarm)'],
  ['command -V git', 'simple', 'same'],
  ['command git status', 'compound', 'runs a program through command'],
  ['which git', 'simple', 'ordinary'],

  // ── package and build tools ──
  ['npx --node-options=--require=./x.js y', 'compound', 'loads code into what npx runs'],
  ['npx prettier --write .', 'compound', 'npx is npm exec: the key names the program it runs'],
  ['npx tsc --noEmit', 'compound', 'same'],
  ['npx --version', 'simple', 'prints the version, runs nothing'],
  ['bunx --bun vite', 'compound', 'bunx is bun x'],
  ['pnpx create-vite app', 'compound', 'pnpx is pnpm dlx'],
  ['cargo +/tmp/evil build', 'compound', 'toolchain from a folder'],
  ['cargo +nightly build', 'simple', 'ordinary'],
  ["go build -ldflags='-linkmode=external -extld=/tmp/x'", 'compound', 'names a linker program'],
  ["go build -ldflags='-s -w'", 'simple', 'ordinary'],
  ['go test -exec id ./...', 'compound', 'runs test binaries through a program'],
  ['go test ./...', 'simple', 'ordinary'],
  ['cargo --config \'target.x.runner="id"\' run', 'compound', 'config names a runner'],
  ['cargo test --release', 'simple', 'ordinary'],

  // ── GTFOBins-style programs that run a command ──
  ['pyenv exec python -c 1', 'compound', 'version manager exec'],
  ['mise exec -- id', 'compound', 'version manager exec'],
  ['asdf exec id', 'compound', 'version manager exec'],
  ['lerna exec -- id', 'compound', 'monorepo exec'],
  ['nvm exec 18 id', 'compound', 'nvm exec'],
  ['nvm use 18', 'simple', 'ordinary'],
  ['mise install', 'simple', 'ordinary'],
  ["split --filter='sh -c id' x", 'compound', 'split --filter runs a shell command'],
  ['split -l 10 x', 'simple', 'ordinary'],
  ['ssh-keygen -D ./x.so', 'compound', 'loads a PKCS#11 library'],
  ['ssh-keygen -t ed25519 -f k', 'simple', 'ordinary'],
  ['ssh-add -s ./x.so', 'compound', 'agent loads a library'],
  ['ssh-add -l', 'simple', 'ordinary'],
  ['ssh-agent bash -c id', 'compound', 'ssh-agent runs its command'],
  ['ssh-agent -s', 'simple', 'prints settings'],
  ['nmap --script=./x.nse h', 'compound', 'NSE scripts are Lua code'],
  ['nmap -p 80 h', 'simple', 'ordinary'],
  ['rpm --eval \'%{lua:os.execute("id")}\'', 'compound', 'rpm macros run code'],
  ['rpm -qa', 'simple', 'ordinary'],
  ['jrunscript -e 1', 'compound', 'inline code'],
  ['ip netns exec x id', 'compound', 'runs a program in a namespace'],
  ['ip addr', 'simple', 'ordinary'],
  ['aria2c --on-download-complete=id url', 'compound', 'hook program'],
  ['ld.so /bin/sh', 'compound', 'the dynamic loader runs a program'],
  ['logsave /dev/null /bin/sh', 'compound', 'logsave runs a program'],
  ['xterm -e id', 'compound', 'terminal emulator runs a program'],
  ['open -a Terminal', 'compound', 'macOS open launches applications (Linux open: openvt)'],

  // ── parser/bash divergences and arithmetic in builtins (checked against bash 5.2 here) ──
  ['ls # foo \\\nrm -rf x', 'invalid', 'bash ends the comment at the newline and runs rm; mvdan-sh joins the lines'],
  ['ls #\\\nid', 'invalid', 'same, empty comment'],
  ['ls;# x \\\nid', 'invalid', 'same after ;'],
  ["bash -c 'ls # x \\\nrm -rf y'", 'invalid', 'same inside an inner script'],
  ["echo '# x \\\ny'", 'simple', 'a quoted # is not a comment'],
  ['git status \\\n--short', 'simple', 'line continuation'],
  ["test -v 'a[$(id)]'", 'compound', 'bash evaluates the subscript: runs id'],
  ["test -v 'a[`id`]'", 'compound', 'same with backticks'],
  ["printf -v 'a[$(id)]' x", 'compound', 'printf -v evaluates the subscript'],
  ["read 'a[$(id)]'", 'compound', 'read evaluates the subscript'],
  ["unset -v 'a[$(id)]'", 'compound', 'unset evaluates the subscript'],
  ['echo $[a[$(id)]]', 'compound', 'old-style arithmetic'],
  ['test -f x', 'simple', 'ordinary'],
  ["printf '%s\\n' a b", 'simple', 'ordinary'],
  ['read -r line', 'simple', 'ordinary'],

  // ── ssh reads options again after the host (verified with OpenSSH here) ──
  ['ssh h -o ProxyCommand=id', 'compound', 'options after the host are read: ProxyCommand runs'],
  ['ssh h -oProxyCommand=id uptime', 'compound', 'same, attached'],
  ['ssh -vo ProxyCommand=id h', 'compound', 'clustered -o'],
  ['ssh h uptime -o ProxyCommand=id', 'simple', 'after the remote command: arguments of uptime'],
  ['ssh -- h -o ProxyCommand=id', 'simple', '-- before the host ends ssh options'],
  ['ssh h ls -la', 'simple', 'remote command (documented)'],
  ['docker --config /tmp/x ps', 'compound', 'config.json names credential helper programs'],
  ['pdflatex --shell-escape x.tex', 'compound', '\\write18 runs commands'],
  ['latexmk -e "system(1)" x', 'compound', 'latexmk -e is Perl code'],
  ['pdflatex x.tex', 'simple', 'ordinary'],
  ['gnuplot -e "system(1)"', 'compound', 'gnuplot system()'],
  ['cmake -E env X=1 id', 'compound', 'cmake -E env runs a command'],
  ['cmake -E copy a b', 'simple', 'ordinary'],
  ['cmake -B build', 'simple', 'ordinary'],
  // ── SQL clients ──
  ["sqlite3 db \"select edit('x','id')\"", 'compound', 'the CLI edit() runs a program'],
  ["sqlite3 db \"select writefile('x','y')\"", 'compound', 'writefile() writes a file'],
  ['sqlite3 db "VACUUM INTO \'/tmp/x\'"', 'compound', 'writes a database file'],
  ['sqlite3 db "ATTACH \'/tmp/x\' AS y"', 'compound', 'creates a database file'],
  ["sqlite3 db '.shell id'", 'compound', 'dot-command runs a shell command'],
  ["sqlite3 db '.tables'", 'simple', 'only prints (was a false alarm)'],
  ["sqlite3 db 'select * from t'", 'simple', 'ordinary query'],
  ['mysql -e "select 1 into outfile \'/tmp/x\'"', 'compound', 'server writes a file'],
  // ── wrappers must name the program they really run (keys and deny rules) ──
  ['env - rm -rf x', 'compound', 'a lone - is env -i; rm is the command'],
  ['env -', 'simple', 'prints an empty environment'],
  ["compgen -W '$(id)' x", 'compound', 'bash expands the word list: runs id (verified)'],
  ["compgen -W 'start stop' s", 'simple', 'a literal word list'],
  ['git --git-dir=.git status', 'simple', "the project's own (protected) .git"],

  // ── git plumbing and maintenance with exec options (verified with a sandboxed bash trace unless noted) ──
  ["git fetch-pack --upload-pack='touch pwned' /x", 'compound', 'fetch-pack runs the upload-pack program through sh'],
  ["git send-pack --receive-pack='touch pwned' /x main", 'compound', 'send-pack runs the receive-pack program through sh'],
  ["git fetch-pack --exec='touch pwned' /x", 'compound', "--exec is fetch-pack's older name for --upload-pack (documented)"],
  ['git fast-export --export-marks=/tmp/m HEAD', 'compound', 'writes the marks file it names'],
  ['git fast-import --export-marks=/tmp/m', 'compound', 'writes the marks file it names (documented)'],
  ['git maintenance start', 'compound', 'installs systemd timers or cron jobs outside the project'],
  ['git maintenance register', 'compound', 'adds the repository to the global maintenance config (documented)'],
  ["git submodule--helper foreach 'touch pwned'", 'compound', 'runs the command in each submodule (documented)'],
  ["git filter-branch --setup 'touch pwned' HEAD", 'compound', 'filter-branch evals its filters in a shell (documented)'],
  ['git checkout-index -a --prefix=/tmp/outside/', 'compound', 'writes the index under the prefix (documented)'],
  ['git -c core.quotepath=off log', 'simple', 'a display-only setting names no program'],
  ['git -c color.ui=always -c core.quotepath=off status', 'simple', 'display-only settings'],
  ['git -c core.quotepath=off -c core.pager=sh log', 'compound', 'a display setting does not hide the pager next to it'],

  // ── Other names for wrappers and editors (verified with a sandboxed bash trace unless noted) ──
  ['x86_64 touch pwned', 'compound', "setarch's architecture link runs the command"],
  ['i386 touch pwned', 'compound', "setarch's architecture link runs the command"],
  ['linux64 touch pwned', 'compound', "setarch's architecture link runs the command"],
  ['i686 touch pwned', 'compound', 'setarch link (util-linux transitions table)'],
  ['choom -n 0 -- touch pwned', 'compound', 'choom runs the command with an OOM score'],
  ['gpg-agent --daemon touch pwned', 'compound', 'gpg-agent --daemon runs the command under the agent'],
  ["vim.basic -es -c '!touch pwned' -c q", 'compound', "Debian's vim binary meets vim's rules"],
  ["vim.tiny -c '!touch pwned'", 'compound', "Debian's vim.tiny meets vim's rules"],
  ["editor -es -c '!touch pwned' -c q", 'compound', 'the editor alternative (here vim) runs the command'],
  ['sensible-editor f', 'compound', 'runs whichever editor is configured (documented)'],
  ['pager f', 'compound', 'the pager alternative: which pager, and so which options run programs, is not known'],
  ['sensible-pager f', 'compound', 'runs whichever pager is configured (documented)'],

  // ── Over-blocks the allowlist fixes ──
  ['make V=1', 'simple', 'a verbosity switch names no program'],
  ['make VERBOSE=1 -j4', 'simple', 'a verbosity switch names no program'],
  ['make CC=./evil', 'compound', 'CC names the compiler make runs'],
  ['make V=/tmp/x', 'compound', 'a switch given a path is not a switch'],

  // ── docker/podman option spellings: run/create/exec options are an allowlist (docker/cli cobra flags) ──
  ['docker run --pid host alpine', 'compound', 'a separate value: the host PID namespace'],
  ['docker run --ipc host alpine', 'compound', 'a separate value: the host IPC namespace'],
  ['docker run --userns host alpine', 'compound', 'a separate value: no user namespace remapping'],
  ['docker run --uts host alpine', 'compound', 'a separate value: the host UTS namespace'],
  ['docker run --cgroupns host alpine', 'compound', 'a separate value: the host cgroup namespace'],
  ['docker run -v=/:/h alpine', 'compound', "pflag's -v=VALUE form mounts the host root"],
  ['docker run -itv /:/h alpine', 'compound', 'a clustered -v mounts the host root'],
  ['docker run -itv/:/h alpine', 'compound', 'a clustered -v with the value attached'],
  ['podman run --pid host alpine', 'compound', 'podman shares the host PID namespace'],
  ['docker container run --ipc host alpine', 'compound', 'docker container run is docker run'],
  ['docker run --frobnicate alpine', 'compound', 'an option the table does not know'],
  ['docker run --cidfile /tmp/x alpine', 'compound', 'writes the file it names'],
  ['docker run alpine node -v', 'simple', "options after the image are the container's command"],
  ['docker run --rm -it -v ./src:/w node:20 npm test', 'simple', 'a project folder mounted, ordinary'],
  ['docker run -d -p 8080:80 --name web nginx', 'simple', 'ordinary'],

  // ── Options that load code into a program ("verified": a sandboxed bash trace showed it; others: the program's docs) ──
  ['gcc -Wl,--plugin=/tmp/p.so x.c', 'compound', 'the linker loads the plugin'],
  ['gcc -Wl,-plugin,/tmp/p.so x.c', 'compound', 'the linker loads the plugin'],
  ['gcc -Xlinker --plugin -Xlinker /tmp/p.so x.c', 'compound', 'the linker loads the plugin'],
  ['gcc -Wp,-fplugin=/tmp/p.so x.c', 'compound', 'the preprocessor loads the plugin'],
  ['ld --plugin /tmp/p.so x.o', 'compound', 'ld loads the plugin'],
  ['ld -plugin /tmp/p.so x.o', 'compound', 'ld loads the plugin'],
  ['openssl req -engine x -new', 'compound', 'loads an OpenSSL engine'],
  ['openssl req -provider x -new', 'compound', 'loads an OpenSSL provider'],
  ['openssl req -config /tmp/c -new', 'compound', 'a config file can load engines and providers'],
  ['curl --engine x https://a', 'compound', 'loads a crypto engine'],
  ['javac -J-javaagent:/tmp/a.jar X.java', 'compound', 'the JVM loads the agent'],
  ['npm init --init-module=/tmp/x.js', 'compound', 'npm init runs the init module'],
  ['pip --python /tmp/evil list', 'compound', 'pip re-executes itself under that interpreter'],
  ['pip --pyth /tmp/evil list', 'compound', 'optparse accepts the abbreviation'],
  ['gpg --options /tmp/o -d f', 'compound', 'verified: gpg reads the file as options'],

  // ── Options that name a program to run ──
  ['cmake -DCMAKE_C_COMPILER=/tmp/x .', 'compound', 'cmake runs the named compiler'],
  ['cmake -D CMAKE_MAKE_PROGRAM=/tmp/x .', 'compound', 'the build runs the named make'],
  ['cmake -DCMAKE_C_COMPILER_LAUNCHER=/tmp/x .', 'compound', 'the build runs the launcher'],
  ['ctest --test-command /tmp/x', 'compound', 'ctest runs the command'],
  ['pip config edit --editor /tmp/x', 'compound', 'pip runs the editor'],
  ['gpg --dirmngr-program /tmp/x --recv-keys 1', 'compound', 'gpg starts that dirmngr'],
  ['gpg --agent-program /tmp/x -d f', 'compound', 'gpg starts that agent'],
  ["ssh -o=ProxyCommand='touch pwned' h", 'compound', 'verified: ssh runs the ProxyCommand'],
  ['ssh-copy-id -o ProxyCommand=x h', 'compound', 'ssh-copy-id passes -o to ssh'],
  ['gio launch x.desktop', 'compound', 'runs the desktop file'],
  ['gio open x.txt', 'compound', 'runs the program registered for the file'],
  ['cmake -DCMAKE_BUILD_TYPE=Release ..', 'simple', 'ordinary'],
  ['gcc -O2 -Wall -o x x.c', 'simple', 'ordinary'],

  // ── Configuration written now that makes a later plain command run a program ──
  ['kubectl config set-credentials u --exec-command=/tmp/x', 'compound', 'a later kubectl runs the exec plugin'],
  ['kubectl config set-credentials u --exec-command /tmp/x', 'compound', 'separate value'],
  ['kubectl config set users.u.exec.command /tmp/x', 'compound', 'the same through a property path'],
  ['kubectl config set-credentials u --auth-provider=oidc', 'compound', 'an auth provider plugin'],
  ['aws configure set profile.x.credential_process /tmp/x', 'compound', 'a later aws runs the credential process'],
  ['aws configure set credential_process /tmp/x', 'compound', 'default profile'],
  ['aws configure set cli_pager /tmp/x', 'compound', 'a later aws runs the pager'],
  ['kubectl config use-context x', 'simple', 'ordinary'],

  // ── Options that write a file they name ──
  ['tar -cf x.tar --index-file=/tmp/i .', 'compound', 'verified: tar writes the index file'],
  ['tar -cf x.tar --index-f /tmp/i .', 'compound', 'getopt_long abbreviation'],
  ['pip install --log /tmp/l x', 'compound', 'pip writes the log'],
  ['pytest --log-file=/tmp/l', 'compound', 'pytest writes the log'],
  ['wget --save-cookies=/tmp/c https://a', 'compound', 'wget writes the cookie file'],
  ['wget --warc-file=/tmp/w https://a', 'compound', 'wget writes the WARC file'],
  ['psql -o /tmp/o', 'compound', 'psql writes query output there'],
  ['psql -o/tmp/o', 'compound', 'attached value'],
  ['psql -L /tmp/l', 'compound', 'psql writes the session log'],
  ['vim -V9/tmp/log f', 'compound', 'verified: vim writes its verbose log'],
  ['vim -i /tmp/viminfo f', 'compound', 'vim writes the viminfo file on exit'],
  ['openssl rand -writerand /tmp/r 8', 'compound', 'verified: openssl writes the seed file'],
  ['tar -czf x.tgz src', 'simple', 'ordinary'],
  ['less +/pattern f', 'simple', 'a search names no program'],
  ['less +?TODO f', 'simple', 'a backward search'],
  ["less '+!touch pwned' f", 'compound', 'a shell escape is not a search'],
  ["less $'+/x\\n!touch pwned' f", 'compound', 'a newline would end the search and start a command'],

  // ── Parser corners: subscripts evaluated from text, `$` + backslash-newline (each verified under bash -c) ──
  ["test -v 'a[b[$(id)]]'", 'compound', 'a nested subscript runs the substitution'],
  ['test -v \'a[$(id)"]"]\'', 'compound', 'a quoted ] inside the subscript'],
  ["test -v 'a[$(id)\\]]'", 'compound', 'an escaped ] inside the subscript'],
  ["printf -v 'a[b[$(id)]]' x", 'compound', 'printf -v evaluates the subscript'],
  ["read 'a[b[$(id)]]'", 'compound', 'read evaluates the subscript'],
  ["[ -v 'a[$(id)]' ]", 'compound', '[ -v evaluates the subscript'],
  ["declare -n r='a[$(id)]'", 'compound', 'a nameref to a subscript runs it when used'],
  ['echo "$\\\n(id)"', 'compound', 'bash joins $ and ( across the backslash-newline inside double quotes'],
  ['echo $\\\n(id)', 'compound', 'bash joins $ and ( across the backslash-newline'],
  ['echo $\\\n{HOME}', 'compound', 'bash joins $ and { across the backslash-newline'],
  ["psql -c '\\dt'", 'simple', 'a read-only meta-command'],
  ["psql -c '\\d users'", 'simple', 'describe a table'],
  ["psql -c '\\l'", 'simple', 'list databases'],
  ["psql -c '\\! touch pwned'", 'compound', 'a shell escape'],
  ["psql -c '\\dt \\! touch pwned'", 'compound', 'a second meta-command after the first'],
  ["psql -c '\\lo_export 1 /tmp/x'", 'compound', 'writes a large object to a file'],
  ["psql -c '\\o /tmp/x'", 'compound', 'redirects output to a file'],
];

describe('red team: bypass attempts and ordinary commands', () => {
  it('ANSI-C quoted words are decoded: the key and the program list name what runs', () => {
    const a = classifyCommand("bash -c $'\\162\\155 -rf x'");
    expect(a.key).toBe('run_command:bash-[-rm-]');
    const b = classifyCommand("$'\\x72\\x6d' -rf x");
    expect(b.kind === 'compound' && b.programs.map((p) => p.program)).toEqual(['rm']);
    const c = classifyCommand("git $'\\x2dc' core.pager=id log");
    expect(c.kind === 'compound' && c.programs.map((p) => p.program)).toContain('id');
  });
  it('env - runs the command after the dash (key and program list name it)', () => {
    const c = classifyCommand('env - rm -rf x');
    expect(c.kind === 'compound' && c.programs.map((p) => p.program)).toEqual(['env', 'rm']);
    expect(c.key).not.toBe(classifyCommand('env - ls').key);
  });
  it('extended globs are pinned in the key (zsh glob qualifiers run code)', () => {
    const a = classifyCommand("ls *(e:'id':)");
    const b = classifyCommand("ls *(e:'rm -rf x':)");
    expect(a.kind).toBe('compound');
    expect(a.key).not.toBe(b.key);
  });

  itClassifiesRows(ROWS);
});
