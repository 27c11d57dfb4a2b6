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
    'bsdtar',
    'bun',
    'bunx',
    'c++',
    'cargo',
    'cc',
    'clang',
    'clang++',
    'cmake',
    'ctest',
    'curl',
    'docker',
    'ex',
    'g++',
    'gawk',
    'gcc',
    'git',
    'gmake',
    'go',
    'gpg',
    'gsed',
    'gtar',
    'gvim',
    'java',
    'ld',
    'ld.bfd',
    'ld.gold',
    'less',
    'make',
    'mariadb',
    'mawk',
    'mysql',
    'nawk',
    'nerdctl',
    'node',
    'nodejs',
    'npm',
    'npx',
    'nvim',
    'openssl',
    'perl',
    'pnpm',
    'pnpx',
    'podman',
    'psql',
    'pypy',
    'pypy3',
    'python',
    'python2',
    'python3',
    'ruby',
    'rustc',
    'scp',
    'sed',
    'sftp',
    'ssh',
    'ssh-copy-id',
    'tar',
    'vi',
    'view',
    'vim',
    'vimdiff',
    'wget',
    'yarn',
  ],
  allowlistWithDefaults: [
    'ansible',
    'apt',
    'apt-cache',
    'apt-get',
    'base64',
    'basenc',
    'bind',
    'compgen',
    'complete',
    'diff',
    'diff3',
    'fd',
    'fdfind',
    'gsort',
    'hash',
    'iconv',
    'mapfile',
    'more',
    'most',
    'nix-shell',
    'readarray',
    'rg',
    'sdiff',
    'shuf',
    'sort',
    'split',
    'tee',
    'uniq',
    'xxd',
    'yq',
    'zip',
  ],
  default: [
    'R',
    'Rscript',
    '[',
    'actionlint',
    'aria2c',
    'at',
    'batch',
    'blender',
    'borg',
    'buildah',
    'chokidar',
    'clisp',
    'composer',
    'composite',
    'consul',
    'convert',
    'dc',
    'devbox',
    'dnf',
    'duckdb',
    'emacsclient',
    'etcdctl',
    'exiftool',
    'find',
    'getopts',
    'gfind',
    'gh',
    'ghc',
    'gio',
    'gnuplot',
    'goenv',
    'groovy',
    'gs',
    'guile',
    'hatch',
    'history',
    'identify',
    'ip',
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
    'kak',
    'latex',
    'latexmk',
    'lua',
    'luajit',
    'lualatex',
    'luatex',
    'magick',
    'micromamba',
    'mise',
    'mlr',
    'mogrify',
    'montage',
    'mvnw',
    'native-image',
    'ncat',
    'netcat',
    'nix',
    'nodenv',
    'octave',
    'pdflatex',
    'pdftex',
    'pdm',
    'php',
    'pixi',
    'podman-compose',
    'postcss',
    'printf',
    'py.test',
    'racket',
    'read',
    'rpm',
    'rtx',
    'rvim',
    'rye',
    'sbcl',
    'scala',
    'socat',
    'ssh-add',
    'tclsh',
    'test',
    'tex',
    'ugrep',
    'uv',
    'uvx',
    'vifm',
    'wait',
    'watchman-make',
    'xelatex',
    'xetex',
    'yum',
  ],
  specWithChecks: [
    'asdf',
    'aws',
    'brew',
    'bundle',
    'conda',
    'crontab',
    'dd',
    'deno',
    'direnv',
    'docker-compose',
    'dotnet',
    'elixir',
    'emacs',
    'fnm',
    'fzf',
    'gcloud',
    'gem',
    'helm',
    'jenv',
    'julia',
    'keytool',
    'kubectl',
    'lerna',
    'mamba',
    'man',
    'mvn',
    'nano',
    'nc',
    'nmap',
    'nvm',
    'osascript',
    'pip',
    'pip3',
    'pipenv',
    'pipx',
    'poetry',
    'pyenv',
    'pytest',
    'rbenv',
    'rsync',
    'rustup',
    'screen',
    'sqlite3',
    'ssh-keygen',
    'systemctl',
    'terraform',
    'tmux',
    'ts-node',
    'tsx',
    'unset',
    'volta',
    'xdg-open',
  ],
  exception: [],
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
