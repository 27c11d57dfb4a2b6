/**
 * Every rule's option policy (rule.ts `OptionPolicy`; docs/permissions.md, "Policies and the
 * defaults for every program"), listed: moving a program between allowlist, default and exception
 * is a decision this file records. Wrappers are exceptions by construction (their wrapper function
 * reads their options with a table, wrappers.ts) and are checked, not listed.
 */
import { describe, expect, it } from 'vitest';
import { allRules } from './index.js';

/**
 * The policy of every rule that is not a wrapper. `default` only shrinks: the rules not yet read whole
 * with a table. `specWithChecks`: hand rules of programs the spec library has a table for, read with
 * it as their options' allowlist (OptionPolicy `spec` with `checks`; index.ts gives it to every hand
 * rule that would otherwise have `default`, unless an override drops the spec).
 */
const POLICIES: Readonly<Record<string, readonly string[]>> = {
  allowlist: [
    'awk',
    'blender',
    'bsdtar',
    'buildah',
    'bun',
    'bunx',
    'c++',
    'cargo',
    'cc',
    'clang',
    'clang++',
    'cmake',
    'composer',
    'ctest',
    'curl',
    'docker',
    'docker-compose',
    'dotnet',
    'ex',
    'fnm',
    'fzf',
    'g++',
    'gawk',
    'gcc',
    'git',
    'gmake',
    'go',
    'gpg',
    'gs',
    'gsed',
    'gtar',
    'gvim',
    'helm',
    'ip',
    'java',
    'kubectl',
    'ld',
    'ld.bfd',
    'ld.gold',
    'less',
    'make',
    'mariadb',
    'mawk',
    'mvn',
    'mvnw',
    'mysql',
    'nawk',
    'nerdctl',
    'nmap',
    'node',
    'nodejs',
    'npm',
    'npx',
    'nvim',
    'nvm',
    'openssl',
    'perl',
    'pnpm',
    'pnpx',
    'podman',
    'podman-compose',
    'psql',
    'pypy',
    'pypy3',
    'python',
    'python2',
    'python3',
    'rsync',
    'ruby',
    'rustc',
    'rvim',
    'scp',
    'sed',
    'sftp',
    'socat',
    'ssh',
    'ssh-copy-id',
    'tar',
    'vi',
    'view',
    'vim',
    'vimdiff',
    'volta',
    'wget',
    'yarn',
  ],
  allowlistWithDefaults: [
    'R',
    'Rscript',
    'actionlint',
    'ansible',
    'apt',
    'apt-cache',
    'apt-get',
    'aria2c',
    'at',
    'base64',
    'basenc',
    'batch',
    'bind',
    'chokidar',
    'clisp',
    'compgen',
    'complete',
    'composite',
    'conda',
    'convert',
    'cp',
    'crontab',
    'dc',
    'dd',
    'deno',
    'devbox',
    'diff',
    'diff3',
    'dnf',
    'duckdb',
    'elixir',
    'emacs',
    'emacsclient',
    'etcdctl',
    'fd',
    'fdfind',
    'find',
    'getopts',
    'gfind',
    'gh',
    'ghc',
    'gio',
    'gnuplot',
    'goenv',
    'groovy',
    'gsort',
    'guile',
    'hash',
    'hatch',
    'history',
    'iconv',
    'identify',
    'install',
    'ipython',
    'ipython3',
    'jar',
    'jarsigner',
    'javac',
    'javadoc',
    'jdeps',
    'jlink',
    'jpackage',
    'jrunscript',
    'jshell',
    'julia',
    'kak',
    'keytool',
    'latex',
    'latexmk',
    'ln',
    'lua',
    'luajit',
    'lualatex',
    'luatex',
    'magick',
    'mamba',
    'man',
    'mapfile',
    'micromamba',
    'mise',
    'mlr',
    'mogrify',
    'montage',
    'more',
    'most',
    'mv',
    'nano',
    'native-image',
    'nc',
    'ncat',
    'netcat',
    'nix',
    'nix-shell',
    'nodenv',
    'octave',
    'osascript',
    'pdflatex',
    'pdftex',
    'pdm',
    'php',
    'pip',
    'pip3',
    'pipenv',
    'pipx',
    'pixi',
    'poetry',
    'postcss',
    'printf',
    'py.test',
    'pytest',
    'racket',
    'read',
    'readarray',
    'rg',
    'rm',
    'rmdir',
    'rpm',
    'rtx',
    'rye',
    'sbcl',
    'scala',
    'screen',
    'sdiff',
    'shred',
    'shuf',
    'sort',
    'split',
    'sqlite3',
    'ssh-add',
    'ssh-keygen',
    'systemctl',
    'tclsh',
    'tee',
    'terraform',
    'test',
    'tex',
    'tmux',
    'touch',
    'truncate',
    'ts-node',
    'tsx',
    'ugrep',
    'uniq',
    'unlink',
    'unset',
    'uv',
    'uvx',
    'vifm',
    'wait',
    'watchman-make',
    'xdg-open',
    'xelatex',
    'xetex',
    'xxd',
    'yq',
    'yum',
    'zip',
  ],
  default: [
    '[',
    'borg',
    'consul',
  ],
  specWithChecks: [
    'asdf',
    'aws',
    'brew',
    'bundle',
    'direnv',
    'gcloud',
    'gem',
    'jenv',
    'lerna',
    'pyenv',
    'rbenv',
    'rustup',
  ],
  exception: [
    'exiftool',
  ],
};

const kindOf = (r: ReturnType<typeof allRules>[number]): string =>
  r.policy.kind === 'allowlist' && r.policy.defaults
    ? 'allowlistWithDefaults'
    : r.policy.kind === 'spec' && r.policy.checks
      ? 'specWithChecks'
      : r.policy.kind;

describe('option policies', () => {
  it('lists the policy of every rule that is not a wrapper', () => {
    const listed: Record<string, string[]> = { allowlist: [], allowlistWithDefaults: [], default: [], specWithChecks: [], exception: [] };
    for (const r of allRules()) if (!r.wrapper) listed[kindOf(r)]!.push(r.name);
    for (const k of Object.keys(listed)) expect(listed[k]!.sort(), k).toEqual([...POLICIES[k]!].sort());
  });

  it('reads every wrapper with its own wrapper function, an exception with its reason', () => {
    for (const r of allRules().filter((x) => x.wrapper)) {
      expect(r.policy.kind, r.name).toBe('exception');
      expect(r.policy.kind === 'exception' && r.policy.why.length > 20, r.name).toBe(true);
    }
  });

  it('an allowlisted program refuses an option it does not know', async () => {
    const { classifyCommand } = await import('../classify.js');
    const lax: string[] = [];
    for (const name of [...POLICIES.allowlist!, ...POLICIES.allowlistWithDefaults!]) {
      const c = classifyCommand(`${name} --zz-not-an-option-zz x`);
      if (c.kind !== 'compound' || !/#unknown_option|#exec-\[-\?/.test(c.key)) lax.push(`${name}: ${c.kind} ${c.key ?? ''}`);
    }
    expect(lax).toEqual([]);
  });

  it('a hand rule read with its spec refuses an option the spec does not define', async () => {
    const { classifyCommand } = await import('../classify.js');
    const lax: string[] = [];
    for (const name of POLICIES.specWithChecks!) {
      const c = classifyCommand(`${name} --zz-not-an-option-zz x`);
      if (c.kind !== 'compound' || !/#unknown_option/.test(c.key)) lax.push(`${name}: ${c.kind} ${c.key ?? ''}`);
    }
    expect(lax).toEqual([]);
  });

  it('a hand rule read with its spec still meets the default: a path outside the project is compound', async () => {
    const { classifyCommand } = await import('../classify.js');
    const lax: string[] = [];
    for (const name of POLICIES.specWithChecks!) {
      const c = classifyCommand(`${name} ../../outside`);
      if (c.kind !== 'compound' || !/#outside/.test(c.key)) lax.push(`${name}: ${c.kind} ${c.key ?? ''}`);
    }
    expect(lax).toEqual([]);
  });

  it('an allowlist with defaults also meets the default: a path outside the project is compound', async () => {
    const { classifyCommand } = await import('../classify.js');
    for (const name of POLICIES.allowlistWithDefaults!) expect(classifyCommand(`${name} ../../outside`).key, name).toContain('#outside');
  });
});
