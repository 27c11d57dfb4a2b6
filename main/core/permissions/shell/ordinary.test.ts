/** Ordinary commands stay simple, and subcommands are found behind global options. */
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './index.js';
import { expectCompound, expectSimple } from './classify.testkit.js';

describe('ordinary commands stay simple', () => {
  const table: [string, string, string?][] = [
    ['git commit -m "fix: a && b"', 'git', 'commit'],
    ["echo 'a;b'", 'echo'],
    ['cargo build 2>&1', 'cargo', 'build'],
    ['git status \\\n--short', 'git', 'status'],
    ['ls -la', 'ls'],
    ['npm test', 'npm', 'test'],
    ['rg -n foo src', 'rg'],
    ['cat README.md', 'cat'],
    ['git log --oneline -5', 'git', 'log'],
    ['git diff --stat HEAD~1', 'git', 'diff'],
    ['git diff --text a b', 'git', 'diff'],
    ['git log --pretty=format:"%h %s" -10', 'git', 'log'],
    ['git add -A', 'git', 'add'],
    ['git commit -m \'feat: add "x" | y; z\'', 'git', 'commit'],
    ['git commit -m "feat: ✨ add emoji ⚠️"', 'git', 'commit'],
    ['git checkout -b feature/x', 'git', 'checkout'],
    ['git push -u origin HEAD', 'git', 'push'],
    ['git fetch -u origin', 'git', 'fetch'],
    ['git config --get user.email', 'git', 'config'],
    ['git config --global --list', 'git', 'config'],
    ['cargo test --all-features -- --nocapture', 'cargo', 'test'],
    ['cargo +nightly fmt', 'cargo', 'fmt'],
    ['npm run build', 'npm', 'run'],
    ['npm install --save-dev vitest', 'npm', 'install'],
    ['npm --prefix web test', 'npm', 'test'],
    ['pnpm -C web build', 'pnpm', 'build'],
    ['pnpm --filter app test', 'pnpm', 'test'],
    ['yarn build', 'yarn', 'build'],
    ['docker ps -a', 'docker', 'ps'],
    ['docker compose up -d', 'docker', 'compose'],
    ['kubectl -n prod get pods', 'kubectl', 'get'],
    ['go test ./...', 'go', 'test'],
    ['go -C sub build', 'go', 'build'],
    ['gh pr list', 'gh', 'pr'],
    ['pip install -r requirements.txt', 'pip', 'install'],
    ['rustup --verbose show', 'rustup', 'show'],
    ['dotnet build', 'dotnet', 'build'],
    ['systemctl --user status foo', 'systemctl', 'status'],
    ['brew install jq', 'brew', 'install'],
    ['apt-get install -y curl', 'apt-get', 'install'],
    ['grep -rn "TODO" src', 'grep'],
    ['rg --glob "*.ts" -e "a|b" src', 'rg'],
    ['find . -name "*.ts" -type f', 'find'],
    ['find src -maxdepth 2 -print', 'find'],
    ['sed -n 1,20p file.txt', 'sed'],
    ["sed 's/foo/bar/g' file.txt", 'sed'],
    ["sed -e 's/a/b/' -e '/x/d' f", 'sed'],
    ["sed -E 's#a|b#c#g' f", 'sed'],
    ["awk '{print $1}' file", 'awk'],
    ["awk -F: '$3 > 100 {print $1}' /etc/passwd", 'awk'],
    ["awk 'NR==1 || NR==2' f", 'awk'],
    ['sort -u names.txt', 'sort'],
    ['sort -t, -k2 -n data.csv', 'sort'],
    ['tar -xzf archive.tar.gz', 'tar'],
    ['tar czf out.tar.gz src', 'tar'],
    ['make -j4 test', 'make'],
    ['make -f other.mk build', 'make'],
    ['man git-log', 'man'],
    ['ssh host uptime', 'ssh'],
    ['ssh -p 2222 -i key user@host', 'ssh'],
    ['cp a.txt b.txt', 'cp'],
    ['mv a b', 'mv'],
    ['rm -rf build', 'rm'],
    ['touch x', 'touch'],
    ['mkdir -p src/a', 'mkdir'],
    ['ls *.ts', 'ls'],
    ['cat src/*.ts', 'cat'],
    ['env', 'env'],
    ['python3 -m pytest -q', 'python3'],
    ['python script.py --flag', 'python'],
    ['node dist/index.js', 'node'],
    ['curl -sS https://example.com', 'curl'],
    ['wget https://example.com/x.tgz', 'wget'],
    ['jq .name package.json', 'jq'],
    ['head -n 20 log.txt', 'head'],
    ['wc -l src/a.ts', 'wc'],
    ['echo', 'echo'],
    ['pwd', 'pwd'],
    ['ls   -la\t src', 'ls'],
    ['vim -R file.txt', 'vim'],
    ['vim +42 file.txt', 'vim'],
    ['less +100 log.txt', 'less'],
    ['git log -- "path with spaces"', 'git', 'log'],
    ['git grep -n foo', 'git', 'grep'],
    ['git show HEAD:src/a.ts', 'git', 'show'],
    ['rsync -av src/ dst/', 'rsync'],
    ['scp file user@host:/tmp/', 'scp'],
    ['test -f package.json', 'test'],
    ['true', 'true'],
  ];
  for (const [cmd, program, sub] of table) {
    it(`${JSON.stringify(cmd)} → run_command:${program}${sub ? ` (${sub})` : ''}`, () => {
      expectSimple(cmd, program, sub);
    });
  }

  it('argv is the literal words after quote removal (redirections to descriptors are not words)', () => {
    expect(expectSimple('git commit -m "fix: a && b"').argv).toEqual(['git', 'commit', '-m', 'fix: a && b']);
    expect(expectSimple('echo \'a;b\' "c\\"d" e\\ f').argv).toEqual(['echo', 'a;b', 'c"d', 'e f']);
    expect(expectSimple('cargo build 2>&1').argv).toEqual(['cargo', 'build']);
    expect(expectSimple('git status \\\n--short').argv).toEqual(['git', 'status', '--short']);
    expect(expectSimple("printf $'plain'").argv).toEqual(['printf', 'plain']);
  });

  it('fd duplications stay simple: 2>&1, >&2, <&0, >&-, 2>&1-', () => {
    for (const c of ['cargo build 2>&1', 'echo err >&2', 'cat <&0', 'ls >&-', 'make 2>&1-', 'ls 3>&1']) expectSimple(c);
  });
});

describe('subcommands behind global options', () => {
  const table: [string, string, string][] = [
    ['git -C sub status', 'git', 'status'],
    ['git --no-pager log', 'git', 'log'],
    ['git checkout status', 'git', 'checkout'],
    ['docker --context x ps', 'docker', 'ps'],
    ['git --git-dir=.git --work-tree=. status', 'git', 'status'],
    ['git --git-dir .git log', 'git', 'log'],
    ['git -P diff', 'git', 'diff'],
    ['git --bare fetch', 'git', 'fetch'],
    ['git -C a -C b push', 'git', 'push'],
    ['cargo --locked -q build', 'cargo', 'build'],
    ['npm -w pkg run test', 'npm', 'run'],
    ['npm --workspace=pkg publish', 'npm', 'publish'],
    ['docker -H unix:///x.sock images', 'docker', 'images'],
    ['docker --log-level debug run alpine', 'docker', 'run'],
    ['podman --root /tmp/r ps', 'podman', 'ps'],
    ['kubectl --context prod --namespace x apply -f a.yaml', 'kubectl', 'apply'],
    ['pip --disable-pip-version-check list', 'pip', 'list'],
    ['systemctl -H host restart nginx', 'systemctl', 'restart'],
    ['apt -o=x install', 'apt', 'install'],
  ];
  for (const [cmd, program, sub] of table) {
    it(`${JSON.stringify(cmd)} → ${program} ${sub}`, () => {
      const c = classifyCommand(cmd);
      if (c.kind === 'simple') expect(c.subcommand).toBe(sub);
      else {
        expect(c.kind).toBe('compound');
        if (c.kind === 'compound') expect(c.programs).toContainEqual({ program, subcommand: sub });
      }
    });
  }

  it('an unknown global option before the subcommand makes it compound, listing every candidate subcommand', () => {
    const c = expectCompound('npm --mystery silent publish');
    expect(c.programs).toContainEqual({ program: 'npm', subcommand: 'publish' });
    expect(c.key).toContain('#unknown_option');
    expectCompound('git --frobnicate push');
  });

  it('a program without subcommands has none', () => {
    expect(expectSimple('ls -la').subcommand).toBeUndefined();
    expect(expectSimple('git').subcommand).toBeUndefined();
  });
});
