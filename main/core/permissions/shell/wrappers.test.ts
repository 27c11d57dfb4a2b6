/** Exec wrappers and shells are never simple, and the key names what they run. */
import { describe, expect, it } from 'vitest';
import { expectCompound, expectSimple } from './classify.testkit.js';

describe('wrappers and shells', () => {
  const table: [string, string, string[]][] = [
    // command, exact key, programs that must be listed
    ['sudo rm -rf x', 'run_command:sudo-[-rm-]', ['sudo', 'rm']],
    ['sudo -u root -g wheel rm x', 'run_command:sudo-[-rm-]', ['sudo', 'rm']],
    ['sudo -- rm x', 'run_command:sudo-[-rm-]', ['sudo', 'rm']],
    ['sudo git push origin main', 'run_command:sudo-[-git-push-]', ['sudo', 'git']],
    ['doas rm x', 'run_command:doas-[-rm-]', ['doas', 'rm']],
    ['xargs rm', 'run_command:xargs-[-rm-]', ['xargs', 'rm']],
    ['xargs -0 -n 1 -I {} rm {}', 'run_command:xargs-[-rm-]', ['xargs', 'rm']],
    ['xargs', 'run_command:xargs-[-echo-]', ['xargs', 'echo']],
    ['nohup node server.js', 'run_command:nohup-[-node-]', ['nohup', 'node']],
    ['timeout 10 curl x', 'run_command:timeout-[-curl-]', ['timeout', 'curl']],
    ['timeout -s KILL 5s make', 'run_command:timeout-[-make-]', ['timeout', 'make']],
    ['nice -n 10 make', 'run_command:nice-[-make-]', ['nice', 'make']],
    ['stdbuf -oL tail -f x', 'run_command:stdbuf-[-tail-]', ['stdbuf', 'tail']],
    ['setsid sleep 100', 'run_command:setsid-[-sleep-]', ['setsid', 'sleep']],
    ['env FOO=1 git push', 'run_command:env-[-git-push-]', ['env', 'git']],
    ['env -i PATH=/bin sh', 'run_command:env-[-sh-[-?-]-]', ['env', 'sh']],
    ['exec rm x', 'run_command:exec-[-rm-]', ['exec', 'rm']],
    ['command rm x', 'run_command:command-[-rm-]', ['command', 'rm']],
    ['builtin echo x', 'run_command:builtin-[-echo-]', ['builtin', 'echo']],
    ['eval "git push"', 'run_command:eval-[-git-push-]', ['eval', 'git']],
    ['eval git push', 'run_command:eval-[-git-push-]', ['eval', 'git']],
    ['source ./env.sh', 'run_command:source-[-./env.sh-]', ['source', 'env.sh']],
    ['. ./env.sh', 'run_command:.-[-./env.sh-]', ['.', 'env.sh']],
    ["bash -c 'git status && git push'", 'run_command:bash-[-git-status-&&-git-push-]', ['bash', 'git']],
    ["sh -c 'rm -rf /'", 'run_command:sh-[-rm-#outside-/-]', ['sh', 'rm']],
    ["bash -lc 'rm x'", 'run_command:bash-[-rm-]', ['bash', 'rm']],
    ["bash -xc 'rm x'", 'run_command:bash-[-rm-]', ['bash', 'rm']],
    ["bash -o pipefail -c 'rm x'", 'run_command:bash-[-rm-]', ['bash', 'rm']],
    ["bash +x -c 'rm x'", 'run_command:bash-[-rm-]', ['bash', 'rm']],
    ["bash --norc -c 'rm x'", 'run_command:bash-[-rm-]', ['bash', 'rm']],
    ["zsh -c 'rm x'", 'run_command:zsh-[-rm-]', ['zsh', 'rm']],
    ["dash -c 'rm x'", 'run_command:dash-[-rm-]', ['dash', 'rm']],
    ["ksh -c 'rm x'", 'run_command:ksh-[-rm-]', ['ksh', 'rm']],
    ["fish -c 'rm x'", 'run_command:fish-[-rm-]', ['fish', 'rm']],
    ["busybox sh -c 'rm x'", 'run_command:busybox-[-sh-[-rm-]-]', ['busybox', 'sh', 'rm']],
    ['busybox rm x', 'run_command:busybox-[-rm-]', ['busybox', 'rm']],
    ['bash build.sh', 'run_command:bash-[-build.sh-]', ['bash', 'build.sh']],
    ['bash', 'run_command:bash-[-?-]', ['bash', '?']],
    ['bash -c "$CMD"', 'run_command:bash-[-?-]-$CMD', ['bash', '?']],
    ['bash -c \'bash -c "git push"\'', 'run_command:bash-[-bash-[-git-push-]-]', ['bash', 'git']],
    ['watch -n 1 ls -la', 'run_command:watch-[-ls-]', ['watch', 'ls']],
    ['flock /tmp/l rm x', 'run_command:flock-[-rm-]', ['flock', 'rm']],
    ["flock -c 'rm x' /tmp/l", 'run_command:flock-[-rm-]', ['flock', 'rm']],
    ['/usr/bin/sudo rm x', 'run_command:/usr/bin/sudo-[-rm-]', ['sudo', 'rm']],
    ["npx -c 'rm x'", 'run_command:npx-#call-[-rm-]', ['npx', 'rm']],
    ["npm exec -c 'rm x'", 'run_command:npm-exec-#call-[-rm-]', ['npm', 'rm']],
    ['pnpm exec rm x', 'run_command:pnpm-exec-#exec-[-rm-]', ['pnpm', 'rm']],
    ['uv run pytest', 'run_command:uv-run-#run-[-pytest-]', ['uv', 'pytest']],
    ['poetry run rm x', 'run_command:poetry-run-#run-[-rm-]', ['poetry', 'rm']],
    ['bundle exec rake', 'run_command:bundle-exec-#exec-[-rake-]', ['bundle', 'rake']],
    ['rustup run stable cargo build', 'run_command:rustup-run-#run-[-cargo-build-]', ['rustup', 'cargo']],
    ["su -c 'rm x' root", 'run_command:su-[-rm-]', ['su', 'rm']],
    ["script -q -c 'rm x' /dev/null", 'run_command:script-[-rm-]->-/dev/null', ['script', 'rm']],
    ["trap 'rm x' EXIT", 'run_command:trap-[-rm-]', ['trap', 'rm']],
    ['strace -o t.txt ls', 'run_command:strace-[-ls-]', ['strace', 'ls']],
    ['time ls', 'run_command:time(-ls-)', ['ls']],
    ['"time" ls', 'run_command:time-[-ls-]', ['time', 'ls']],
  ];
  for (const [cmd, key, programs] of table) {
    it(`${JSON.stringify(cmd)} → ${key}`, () => {
      const c = expectCompound(cmd);
      expect(c.key).toBe(key);
      const listed = c.programs.map((p) => p.program);
      for (const p of programs) expect(listed).toContain(p);
    });
  }

  it('wrappers with an unmodelled grammar run an opaque program', () => {
    for (const c of ['taskset -c 0 git push', 'unshare -r rm x', 'parallel rm ::: a b', 'tmux new-session rm', 'chrt 10 rm']) {
      expect(expectCompound(c).key).toMatch(/\[-\?-\]/);
    }
  });

  it('env alone or with only assignments prints the environment and stays simple', () => {
    expectSimple('env', 'env');
    expectSimple('env FOO=1', 'env');
  });

  it('sudo -s / -i with a command runs it through a shell; sudoedit is opaque', () => {
    expect(expectCompound('sudo -s rm x').key).toBe('run_command:sudo-[-rm-]');
    expect(expectCompound('sudo -e /etc/hosts').key).toBe('run_command:sudo-[-?-]');
  });

  it('notes say what runs through the wrapper', () => {
    expect(expectCompound('sudo rm -rf x').notes).toContain('runs a program through sudo');
  });
});
