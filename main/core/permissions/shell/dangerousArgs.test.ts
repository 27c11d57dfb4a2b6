/**
 * Arguments that make a program run another program or write a file it names, in every spelling the
 * shell accepts: attached values, clusters, abbreviations, quoted or backslashed letters.
 */
import { describe, expect, it } from 'vitest';
import { awkProgramDanger, sedScriptDanger } from './scriptScanners.js';
import { expectCompound, expectSimple } from './classify.testkit.js';

/** Every line must be compound; a second column lists programs that must appear in `programs`. */
const COMPOUND: [string, string[]?][] = [
  // git: configuration, pagers, drivers, transports.
  ['git -c core.pager=less log', ['less']],
  ["git -c core.pager='rm -rf ~' log", ['rm']],
  ['git -ccore.pager=x log'],
  ['git "-c" core.pager=x log'],
  ['git "-"c core.pager=x log'],
  ['g\\it -c core.pager=x log'],
  ["git -c 'alias.x=!rm -rf y' x", ['rm']],
  ['git -c core.fsmonitor=./evil.sh status', ['evil.sh']],
  ['git -c user.name=x commit -m y'],
  ['git --config-env=core.pager=EVIL log'],
  ['git -p log'],
  ['git --paginate log'],
  ['git --exec-path=/tmp/x status'],
  ['git log --output=/tmp/x'],
  ['git log --output /tmp/x'],
  ['git diff --out=x'],
  ['git diff --ext-diff'],
  ['git diff --textconv'],
  ['git log -p --textconv'],
  ['git grep --open-files-in-pager=vim foo', ['vim']],
  ['git grep -Ovim foo', ['vim']],
  ['git grep -O foo'],
  ['git config core.pager "rm -rf ~"'],
  ['git config --global alias.x "!sh"'],
  ['git config -e'],
  ['git submodule foreach "rm -rf ."', ['rm']],
  ['git submodule foreach --recursive git push', ['git']],
  ['git rebase --exec "rm x" main', ['rm']],
  ['git rebase -x "rm x" main', ['rm']],
  ['git rebase -xrm main'],
  ['git rebase --exec=make main', ['make']],
  ['git bisect run ./test.sh', ['test.sh']],
  ['git bisect run rm x', ['rm']],
  ['git clone --upload-pack="touch /tmp/p" x y', ['touch']],
  ['git clone -u "touch /tmp/p" x y', ['touch']],
  ['git clone --upload-pa=evil x'],
  ['git clone --template=/tmp/hooks x'],
  ['git clone -c core.fsmonitor=evil x'],
  ['git clone --config core.hooksPath=/tmp x'],
  ['git fetch --upload-pack=evil origin', ['evil']],
  ['git pull --upload-pack evil origin', ['evil']],
  ['git push --receive-pack=evil origin', ['evil']],
  ['git push --exec=evil origin', ['evil']],
  ['git ls-remote --upload-pack=evil x'],
  ['git difftool -x "rm x"', ['rm']],
  ['git difftool --extcmd=evil', ['evil']],
  ['git mergetool --extcmd evil'],
  ['git clone "ext::sh -c touch% /tmp/pwned" x'],
  ['git filter-branch --tree-filter "rm x" HEAD', ['rm']],
  ['git send-email --sendmail-cmd=evil x', ['evil']],
  ['git -C sub -c core.pager=x status'],
  // find / fd.
  ['find . -exec rm {} \\;', ['rm']],
  ['find . -exec rm {} +', ['rm']],
  ['find . -execdir sh -c "rm x" \\;', ['sh', 'rm']],
  ['find . -ok rm {} \\;', ['rm']],
  ['find . -okdir rm {} \\;', ['rm']],
  ['find . -name x -delete'],
  ['find . -fprint /tmp/out'],
  ['find . -fprint0 /tmp/out'],
  ['find . -fprintf /tmp/out %p'],
  ['find . -fls /tmp/out'],
  ['find . "-exec" rm {} \\;', ['rm']],
  ['find . -ex\\ec rm {} \\;', ['rm']],
  ['fd -x rm', ['rm']],
  ['fd --exec rm {}', ['rm']],
  ['fd -X rm', ['rm']],
  // rg.
  ['rg --pre ./evil.sh foo', ['evil.sh']],
  ['rg --pre=./evil.sh foo'],
  ['rg --hostname-bin=./evil foo'],
  ['rg -z foo'],
  ['rg -nz foo'],
  ['rg --search-zip foo'],
  // sed.
  ["sed 'e' f"],
  ["sed '1e id' f"],
  ["sed 's/x/id/e' f"],
  ["sed 's/x/y/w /tmp/out' f"],
  ["sed 'w /tmp/out' f"],
  ["sed -n '/x/W /tmp/out' f"],
  ["sed -e 's/a/b/' -e 'e id' f"],
  ["sed --expression='1e id' f"],
  ['sed -i s/a/b/ f'],
  ['sed -i.bak s/a/b/ f'],
  ['sed --in-place s/a/b/ f'],
  ['sed --in-pl=.bak s/a/b/ f'],
  ['sed -ni s/a/b/p f'],
  ['sed -f script.sed f'],
  ['sed --file=script.sed f'],
  ["sed 's/a/b/;e' f"],
  ["sed '/x/{e id\n}' f"],
  ["sed 'y/abc/xyz/;e' f"],
  // awk.
  ['awk \'BEGIN{system("id")}\''],
  ['awk \'{print | "sh"}\''],
  ['awk \'BEGIN{"id" | getline x}\''],
  ['awk \'{print > "/tmp/out"}\''],
  ['awk \'{printf "%s", $1 >> "/tmp/out"}\''],
  ['gawk \'BEGIN{f="system"; @f("id")}\''],
  ['awk \'{print |& "cat"}\''],
  ['awk -f prog.awk f'],
  ['awk --file=prog.awk f'],
  ['gawk -e \'BEGIN{system("id")}\''],
  ['mawk \'BEGIN{system("id")}\''],
  ['gawk -l ./evil.so x'],
  // tar.
  ['tar --checkpoint=1 --checkpoint-action=exec=sh\\ x.sh -cf a.tar src', ['sh']],
  ['tar -cf a.tar --checkpoint-action=exec="rm x" src', ['rm']],
  ['tar --to-command="rm x" -xf a.tar', ['rm']],
  ['tar --use-compress-program=./evil -xf a.tar'],
  ['tar -I ./evil -xf a.tar'],
  ['tar -xIzstd -f a.tar'],
  ['tar xIf ./evil a.tar'],
  ['tar --info-script=./evil -cf a.tar x'],
  ['tar -F ./evil -cf a.tar x'],
  ['tar --rsh-command=./evil -cf a.tar x'],
  ['tar -cf host:/tmp/a.tar x'],
  ['tar cf x.tar *'],
  // make.
  ['make --eval="x:;rm -rf ~"'],
  ['make -E "x:;id"'],
  ['make SHELL=/tmp/evil'],
  ["make CC='sh -c id' all"],
  // man, npm, sort, base64.
  ['man -P "rm -rf ~" ls', ['rm']],
  ['man -Pless ls'],
  ['man --pager=evil ls'],
  ['man -H ls'],
  ['man --html=firefox ls'],
  ['npm --script-shell=./evil run build', ['evil']],
  ['npm run build --script-shell ./evil'],
  ['npm config set script-shell ./evil'],
  ['npm set script-shell ./evil'],
  ['npm --userconfig=/tmp/npmrc test'],
  ['npm explore lodash -- rm -rf x', ['rm']],
  ['pnpm --config.script-shell=./evil test'],
  ['sort -o /tmp/out in'],
  ['sort -o/tmp/out in'],
  ['sort -uo /tmp/out in'],
  ['sort --output=/tmp/out in'],
  ['sort --out=/tmp/out in'],
  ['sort --compress-program=./evil in'],
  ['base64 -o out.bin in'],
  ['base64 --output=out.bin in'],
  // ssh family.
  ['ssh -o ProxyCommand="sh -c id" host', ['sh']],
  ['ssh -oProxyCommand=evil host'],
  ['ssh -o "proxycommand evil" host'],
  ['ssh -o LocalCommand=evil -o PermitLocalCommand=yes host'],
  ['ssh -o KnownHostsCommand=evil host'],
  ['ssh -F /tmp/config host'],
  ['ssh -E /tmp/log host'],
  ['scp -S ./evil a host:b'],
  ['scp -o ProxyCommand=evil a host:b'],
  ['sftp -D ./evil host'],
  ['rsync -e "sh -c id" a b', ['sh']],
  ['rsync --rsh=evil a b'],
  ['rsync --rsync-path="sudo rsync" a host:b'],
  // editors and pagers.
  ['vim -c "!rm x" f'],
  ['vim -c":!rm x" f'],
  ['vim +"!rm x" f'],
  ['vim "+:!id" f'],
  ['vim --cmd "!id" f'],
  ['vim -S evil.vim'],
  ['vim -u /tmp/vimrc f'],
  ['nvim -l evil.lua'],
  ['vi -c q f'],
  ['emacs --eval "(shell-command \\"id\\")"'],
  ['nano -s ./evil f'],
  ["less '+!id' f"],
  ['less -o /tmp/log f'],
  ['less --log-file=/tmp/log f'],
  ['less -k /tmp/keys f'],
  // files written by name.
  ['tee out.txt'],
  ['tee -a ~/.bashrc'],
  ['dd if=/dev/zero of=/tmp/x bs=1 count=1'],
  ['curl -o /tmp/x https://e.com'],
  ['curl -sSLo /tmp/x https://e.com'],
  ['curl --output=/tmp/x https://e.com'],
  ['curl -O https://e.com/x'],
  ['curl -K /tmp/cfg'],
  ['wget -O /tmp/x https://e.com'],
  ['wget --use-askpass=./evil https://e.com'],
  ['wget -e "output_document=/tmp/x" https://e.com'],
  // interpreters with inline code.
  ['python -c "import os; os.system(\'id\')"'],
  ['python3 -c pass'],
  ['python3 -Ic pass'],
  ["node -e \"require('child_process').execSync('id')\""],
  ['node --eval=1'],
  ['node -p 1'],
  ['node -r ./evil.js app.js'],
  ['node --require=./evil.js app.js'],
  ['perl -e "system(q{id})"'],
  ['perl -ne print f'],
  ['perl -pi -e s/a/b/ f'],
  ['ruby -e "system(\'id\')"'],
  ['php -r "system(\'id\');"'],
  ['lua -e "os.execute(\'id\')"'],
  ['osascript -e "do shell script \\"id\\""'],
  ['deno eval "Deno.run()"'],
  ['bun -e "1"'],
  ['sqlite3 db.sqlite ".shell id"'],
  ['sqlite3 -cmd ".system id" db.sqlite'],
  ['psql -c "\\! id"'],
  ['mysql -e "system id"'],
  // package managers, language tools, containers.
  ['cargo --config "target.x86_64-unknown-linux-gnu.runner=\'./evil\'" run'],
  ['cargo build --config build.rustc-wrapper=./evil'],
  ['go build -toolexec=./evil .'],
  ['go test -exec ./evil ./...'],
  ['go vet -vettool=./evil ./...'],
  ['go env -w GOFLAGS=-toolexec=./evil'],
  ['apt-get -o APT::Update::Pre-Invoke::=./evil update'],
  ['apt -c /tmp/apt.conf update'],
  ['kubectl --kubeconfig=/tmp/kc get pods'],
  ['podman --runtime=/tmp/evil run alpine'],
  ['gh alias set x --shell "rm -rf ~"'],
  ['gcc -wrapper ./evil x.c'],
  ['cc -fplugin=./evil.so x.c'],
  ['zip -T -TT "rm x" a.zip f'],
  ['crontab /tmp/cron'],
  ['at now'],
  ['xdg-open x.desktop'],
  ['mapfile -C "rm x" -c 1 arr'],
  ['compgen -C "rm x" y'],
  ['hash -p /tmp/evil ls'],
];

describe('dangerous arguments make a call compound', () => {
  for (const [cmd, programs] of COMPOUND) {
    it(JSON.stringify(cmd), () => {
      const c = expectCompound(cmd);
      for (const p of programs ?? []) expect(c.programs.map((x) => x.program)).toContain(p);
    });
  }
});

describe('dangerous-argument keys', () => {
  it('pin what runs or what is written', () => {
    expect(expectCompound('find . -exec rm {} \\;').key).toBe('run_command:find-#exec-[-rm-]');
    expect(expectCompound('find . -delete').key).toBe('run_command:find-#delete');
    expect(expectCompound('sort -o out.txt in').key).toBe('run_command:sort-#output->-out.txt');
    expect(expectCompound('tee out.txt').key).toBe('run_command:tee->-out.txt');
    expect(expectCompound('sed -i s/a/b/ f.txt').key).toBe('run_command:sed-#in_place->-f.txt');
    expect(expectCompound('git -c core.pager=less log').key).toBe('run_command:git-log-#c-core.pager=less-[-less-]');
    expect(expectCompound('rg --pre ./x foo').key).toBe('run_command:rg-#pre-[-./x-#path-]'.replace('-#path', ''));
  });

  it('different inline code gets different keys (pinned by hash)', () => {
    const a = expectCompound('python -c "print(1)"').key;
    const b = expectCompound('python -c "import os; os.system(\'rm -rf ~\')"').key;
    expect(a).toMatch(/^run_command:python-#c-\[-\?[0-9a-f]{8}-\]$/);
    expect(a).not.toBe(b);
  });

  it('different write targets get different keys', () => {
    expect(expectCompound('sort -o a in').key).not.toBe(expectCompound('sort -o ~/.bashrc in').key);
    expect(expectCompound('dd of=a').key).not.toBe(expectCompound('dd of=b').key);
  });
});

describe('safe uses of the same programs stay simple', () => {
  for (const cmd of [
    'find . -name "*.exec"',
    'find . -newer x -print',
    'rg -- --pre src',
    'sed -n "/exec/p" f',
    "sed 's/write/w/' f",
    "sed --sandbox 's/x/y/e' f",
    "awk '{ if ($1 > 3) n++ } END { print n }' f",
    'awk \'{print "a|b"}\' f',
    'awk \'{print "system(x)"}\' f',
    'tar -tvf a.tar',
    'tar --checkpoint=100 -cf a.tar src',
    'git log --stat',
    'git diff --text',
    'git clone https://github.com/x/y',
    'git push -u origin main',
    'git config --get core.pager',
    'git grep -n "exec" src',
    'sort -k2 -t, f',
    'make test',
    'man ls',
    'ssh -o ConnectTimeout=5 host uptime',
    'ssh -o StrictHostKeyChecking=no host',
    'vim +10 f',
    'less +G log',
    'curl -sSL https://example.com',
    'python -m http.server',
    'node --version',
    'cargo build --release',
    'go build -o bin/app .',
    'dd if=/dev/urandom bs=1 count=4',
  ]) {
    it(JSON.stringify(cmd), () => {
      expectSimple(cmd);
    });
  }
});

describe('options are read as the program reads them', () => {
  it('a value-taking option takes the next word even when it starts with a dash; an option it names is compound', () => {
    // rg --help: `-e, --regexp <PATTERN>` "useful when searching for a pattern that starts with a dash".
    expectSimple('rg -e "--pre" src');
    expectCompound('rg --pre sh src');
    expectCompound('rg --pre=sh -e x src');
    // An option the table does not know: its arity is unknown, so the rest cannot be read.
    expectCompound('rg --frobnicate --pre-glob x src');
  });
});

describe('script scanners', () => {
  it('sed: read-only scripts are safe, e/w/W and s///e|w are not, unknown syntax fails closed', () => {
    for (const s of [
      'p',
      '1,10d',
      's/a/b/g',
      's|a|b|2p',
      '/x/,/y/{s/a/b/;p}',
      '$!N;P;D',
      'y/abc/xyz/',
      '1~2d',
      '0,/x/d',
      'a\\\nappended',
      'i text',
      'r other.txt',
      ':a;N;ba',
      's/a\\/b/c/',
    ]) {
      expect(sedScriptDanger(s), s).toBeNull();
    }
    for (const s of ['e', '1e id', 's/x/y/e', 's/x/y/gw out', 'w out', 'W out', '/x/e', 's/x/y/;e', 'k', 's/x/y', '{e id\n}']) {
      expect(sedScriptDanger(s), s).not.toBeNull();
    }
  });

  it('awk: system, pipes, print > file and @-calls are dangerous', () => {
    expect(awkProgramDanger('{print $1}')).toBeNull();
    expect(awkProgramDanger('$3 > 100')).toBeNull();
    expect(awkProgramDanger('a || b')).toBeNull();
    expect(awkProgramDanger('{print "system(1) | >"}')).toBeNull();
    for (const p of [
      '{system("id")}',
      '{print | "sh"}',
      '{"id" | getline}',
      '{print > "f"}',
      '{printf "x" >> "f"}',
      '{@f()}',
      '@load "x"',
      '{print |& "c"}',
    ]) {
      expect(awkProgramDanger(p), p).not.toBeNull();
    }
  });
});
