/**
 * Each vector: a repository whose config (as a downloaded `.git` can hold) names a program that
 * would touch a marker. The permission-free tools (git_status, diff, git_log) and commit must run
 * none of them. Each test first shows the plain git call runs it, so the hazard is real here.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffTool } from '../read/diff.js';
import { call, tempProject, toolCtx, type TempProject } from '../tools.testkit.js';
import { commitTool } from './commit.js';
import { isProgramKey, overridesFor, parseConfigList } from './gitConfigGuard.js';
import { gitLogTool } from './gitLog.js';
import { gitStatusTool } from './gitStatus.js';

let p: TempProject;
let markers: string;
const g = (...args: string[]) => execFileSync('git', args, { cwd: p.root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const gQuiet = (...args: string[]) => {
  try {
    g(...args);
  } catch {
    // The plain call may fail after running the program: the marker is what counts.
  }
};
/** For a plain call that needs this process's event loop (a server in the test). Failure is fine. */
const gitAsync = (...args: string[]) =>
  new Promise<void>((resolve) =>
    execFile('git', args, { cwd: p.root, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } }, () => resolve()),
  );
const ran = () => (existsSync(markers) ? readdirSync(markers).sort() : []);
const clearMarkers = () => rmSync(markers, { recursive: true, force: true });

/**
 * An executable that touches markers/<name>; as a filter it passes its input through, as a
 * transport it exits at once (git would wait on it for a reply).
 */
function program(name: string, passThrough = true): string {
  const bin = path.join(p.outside, 'bin', name);
  mkdirSync(path.dirname(bin), { recursive: true });
  writeFileSync(bin, `#!/bin/sh\nmkdir -p "${markers}"\ntouch "${markers}/${name}"\n${passThrough ? 'cat 2>/dev/null\n' : ''}exit 0\n`);
  chmodSync(bin, 0o755);
  return bin;
}

/** Makes a.txt look changed to git's stat check, so status and diff read it again. */
function touchLater(rel = 'a.txt') {
  const t = Date.now() / 1000 + 100;
  utimesSync(path.join(p.root, rel), t, t);
}

beforeEach(() => {
  p = tempProject();
  markers = path.join(p.outside, 'markers');
  g('init', '-q', '-b', 'main');
  g('config', 'user.name', 'Test');
  g('config', 'user.email', 'test@example.com');
  g('config', 'commit.gpgsign', 'false');
  p.write('a.txt', 'a\n');
  g('add', 'a.txt');
  g('commit', '-q', '-m', 'base');
});
afterEach(() => p.cleanup());

const status = () => call(gitStatusTool(), {}, toolCtx(p.root));
const diff = () => call(diffTool(), {}, toolCtx(p.root));
const log = () => call(gitLogTool(), { stat: true }, toolCtx(p.root));
const commit = (paths: string[]) => call(commitTool(), { message: 'tool commit', paths }, toolCtx(p.root));

describe('filter drivers named by .gitattributes', () => {
  it('clean: not run by git_status, diff or commit, and the commit still lands', async () => {
    p.write('.gitattributes', '*.txt filter=evil\n');
    g('config', 'filter.evil.clean', program('clean'));
    g('config', 'filter.evil.smudge', program('smudge'));
    touchLater();
    gQuiet('status', '--short');
    expect(ran()).toEqual(['clean']);
    clearMarkers();

    touchLater();
    expect((await status()).content).toBe('branch: main\n?? .gitattributes');
    p.write('a.txt', 'b\n');
    expect((await diff()).content).toContain('+b');
    const c = await commit(['a.txt']);
    expect(c.content).toMatch(/^committed [0-9a-f]+ on main/);
    expect(g('show', 'HEAD:a.txt')).toBe('b\n');
    expect(ran()).toEqual([]);
  });

  it('a required filter: the tools fail closed (git stops) rather than store the file unfiltered', async () => {
    p.write('.gitattributes', '*.txt filter=evil\n');
    g('config', 'filter.evil.clean', program('clean'));
    g('config', 'filter.evil.required', 'true');
    p.write('a.txt', 'b\n');
    gQuiet('add', 'a.txt');
    expect(ran()).toEqual(['clean']);
    g('reset', '-q');
    clearMarkers();
    const c = await commit(['a.txt']);
    expect(c.content).toMatch(/^commit: git add failed .*clean filter 'evil' failed/s);
    expect(g('show', 'HEAD:a.txt')).toBe('a\n');
    expect(ran()).toEqual([]);
  });

  it('process (the long-running filter protocol): not run by git_status', async () => {
    p.write('.gitattributes', '*.txt filter=evil\n');
    g('config', 'filter.evil.process', program('process'));
    touchLater();
    gQuiet('status', '--short');
    expect(ran()).toEqual(['process']);
    clearMarkers();
    touchLater();
    await status();
    await diff();
    expect(ran()).toEqual([]);
  });

  it('a driver from a file the config includes, or whose name holds "=", is off too', async () => {
    const inc = path.join(p.outside, 'included.cfg');
    writeFileSync(inc, `[filter "a=b"]\n\tclean = ${program('included')}\n`);
    g('config', 'include.path', inc);
    p.write('.gitattributes', '*.txt filter=a=b\n');
    touchLater();
    gQuiet('status', '--short');
    expect(ran()).toEqual(['included']);
    clearMarkers();
    touchLater();
    await status();
    await diff();
    expect(ran()).toEqual([]);
  });

  it('a filter in a submodule’s own config is not reached through the superproject', async () => {
    const sub = path.join(p.root, 'sub');
    mkdirSync(sub);
    const sg = (...a: string[]) => execFileSync('git', a, { cwd: sub, encoding: 'utf8' });
    sg('init', '-q', '-b', 'main');
    sg('config', 'user.name', 'T');
    sg('config', 'user.email', 't@e');
    writeFileSync(path.join(sub, 'f.txt'), 'f\n');
    sg('add', '.');
    sg('commit', '-q', '-m', 's');
    g('-c', 'protocol.file.allow=always', 'submodule', '--quiet', 'add', './sub', 'sub');
    g('commit', '-q', '-m', 'sub');
    writeFileSync(path.join(sub, '.gitattributes'), '*.txt filter=evil\n');
    sg('config', 'filter.evil.clean', program('subfilter'));
    touchLater('sub/f.txt');
    gQuiet('status', '--short');
    expect(ran()).toEqual(['subfilter']);
    clearMarkers();
    touchLater('sub/f.txt');
    await status();
    await diff();
    p.write('a.txt', 'c\n');
    expect((await commit(['a.txt'])).content).toMatch(/^committed/);
    expect(ran()).toEqual([]);
  });
});

describe('signing programs', () => {
  it('gpg.program (commit.gpgSign): commit lands unsigned and runs nothing', async () => {
    g('config', 'commit.gpgSign', 'true');
    g('config', 'gpg.program', program('gpg'));
    p.write('a.txt', 'b\n');
    g('add', 'a.txt');
    gQuiet('commit', '-q', '-m', 'plain');
    expect(ran()).toEqual(['gpg']);
    clearMarkers();
    p.write('a.txt', 'c\n');
    expect((await commit(['a.txt'])).content).toMatch(/^committed/);
    expect(g('cat-file', 'commit', 'HEAD')).not.toContain('gpgsig');
    expect(ran()).toEqual([]);
  });

  it.each([
    ['ssh', 'gpg.ssh.program'],
    ['x509', 'gpg.x509.program'],
    ['openpgp', 'gpg.openpgp.program'],
  ])('gpg.format=%s with %s: not run by commit', async (format, key) => {
    g('config', 'commit.gpgSign', 'true');
    g('config', 'gpg.format', format);
    g('config', 'user.signingKey', 'key::ssh-ed25519 AAAA');
    g('config', key, program('signer'));
    p.write('a.txt', 'b\n');
    g('add', 'a.txt');
    gQuiet('commit', '-q', '-m', 'plain');
    expect(ran()).toEqual(['signer']);
    clearMarkers();
    p.write('a.txt', 'c\n');
    expect((await commit(['a.txt'])).content).toMatch(/^committed/);
    expect(ran()).toEqual([]);
  });

  it('gpg.ssh.defaultKeyCommand: not run by commit', async () => {
    g('config', 'commit.gpgSign', 'true');
    g('config', 'gpg.format', 'ssh');
    g('config', 'gpg.ssh.defaultKeyCommand', program('keycmd'));
    p.write('a.txt', 'b\n');
    g('add', 'a.txt');
    gQuiet('commit', '-q', '-m', 'plain');
    expect(ran()).toEqual(['keycmd']);
    clearMarkers();
    p.write('a.txt', 'c\n');
    expect((await commit(['a.txt'])).content).toMatch(/^committed/);
    expect(ran()).toEqual([]);
  });

  it('log.showSignature: git_log verifies nothing, so gpg.program never runs', async () => {
    const head = g('rev-parse', 'HEAD').trim();
    const tree = g('rev-parse', 'HEAD^{tree}').trim();
    const signed =
      `tree ${tree}\nparent ${head}\nauthor T <t@e> 1700000000 +0000\ncommitter T <t@e> 1700000000 +0000\n` +
      'gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEz\n -----END PGP SIGNATURE-----\n\nsigned\n';
    const sha = execFileSync('git', ['hash-object', '-t', 'commit', '-w', '--stdin'], {
      cwd: p.root,
      input: signed,
      encoding: 'utf8',
    }).trim();
    g('update-ref', 'HEAD', sha);
    g('config', 'log.showSignature', 'true');
    g('config', 'gpg.program', program('verify'));
    gQuiet('log', '-1');
    expect(ran()).toEqual(['verify']);
    clearMarkers();
    expect((await log()).content).toMatch(/ T: signed\n/);
    expect(ran()).toEqual([]);
  });
});

describe('hooks, fsmonitor, drivers, pager, editor', () => {
  it('core.hooksPath pointing at the project’s own hooks: commit runs none (reference-transaction included)', async () => {
    for (const h of ['pre-commit', 'commit-msg', 'prepare-commit-msg', 'post-commit', 'reference-transaction', 'post-index-change']) {
      writeFileSync(path.join(p.root, `hook-${h}`), `#!/bin/sh\n"${program(h)}" </dev/null\n`);
      chmodSync(path.join(p.root, `hook-${h}`), 0o755);
    }
    mkdirSync(path.join(p.root, 'hooks'));
    for (const f of readdirSync(p.root).filter((f) => f.startsWith('hook-'))) {
      execFileSync('mv', [path.join(p.root, f), path.join(p.root, 'hooks', f.slice(5))]);
    }
    g('config', 'core.hooksPath', 'hooks');
    p.write('a.txt', 'b\n');
    g('add', 'a.txt');
    gQuiet('commit', '-q', '-m', 'plain');
    expect(ran()).toContain('pre-commit');
    clearMarkers();
    p.write('a.txt', 'c\n');
    expect((await commit(['a.txt'])).content).toMatch(/^committed/);
    await status();
    expect(ran()).toEqual([]);
  });

  it('core.fsmonitor naming a program: not run by git_status, diff or commit', async () => {
    g('config', 'core.fsmonitor', program('fsmonitor'));
    gQuiet('status', '--short');
    expect(ran()).toEqual(['fsmonitor']);
    clearMarkers();
    await status();
    p.write('a.txt', 'b\n');
    await diff();
    await commit(['a.txt']);
    expect(ran()).toEqual([]);
  });

  it('diff drivers (textconv, command) and diff.external: not run by diff, git_log or commit', async () => {
    p.write('.gitattributes', '*.txt diff=evil\n');
    g('config', 'diff.evil.textconv', program('textconv'));
    g('config', 'diff.evil.command', program('diffcmd'));
    g('config', 'diff.external', program('external'));
    p.write('a.txt', 'b\n');
    gQuiet('diff');
    expect(ran()).toEqual(['diffcmd']);
    clearMarkers();
    gQuiet('diff', '--no-ext-diff');
    expect(ran()).toEqual(['textconv']);
    clearMarkers();
    expect((await diff()).content).toContain('+b');
    await commit(['a.txt']);
    await log();
    expect(ran()).toEqual([]);
  });

  it('a pager or an editor from the config: neither runs', async () => {
    g('config', 'core.pager', program('pager'));
    g('config', 'pager.status', program('pagerstatus'));
    g('config', 'core.editor', program('editor'));
    g('config', 'sequence.editor', program('seqeditor'));
    p.write('a.txt', 'b\n');
    await status();
    await diff();
    await log();
    await commit(['a.txt']);
    expect(ran()).toEqual([]);
  });
});

describe('transports: a partial clone fetches a missing object on a plain diff', () => {
  /** HEAD's a.txt is missing, and the repository says a promisor remote has it. */
  function promisor(url: string) {
    const blob = g('rev-parse', 'HEAD:a.txt').trim();
    rmSync(path.join(p.root, '.git', 'objects', blob.slice(0, 2), blob.slice(2)));
    g('config', 'core.repositoryformatversion', '1');
    g('config', 'extensions.partialClone', 'origin');
    g('config', 'remote.origin.promisor', 'true');
    g('config', 'remote.origin.url', url);
    p.write('a.txt', 'changed\n');
  }
  const expectBlocked = async (name: string) => {
    gQuiet('diff');
    expect(ran()).toContain(name);
    clearMarkers();
    const r = await diff();
    expect(r.content).toMatch(/^diff: git diff failed/);
    await status();
    expect(ran()).toEqual([]);
  };

  it('core.sshCommand (ssh://)', async () => {
    promisor('ssh://example.invalid/repo');
    g('config', 'core.sshCommand', program('ssh', false));
    await expectBlocked('ssh');
  });

  it('remote.<name>.uploadpack (a local path)', async () => {
    promisor(path.join(p.outside, 'elsewhere'));
    g('config', 'remote.origin.uploadpack', program('uploadpack', false));
    await expectBlocked('uploadpack');
  });

  it('ext:: with protocol.ext.allow=always', async () => {
    promisor(`ext::${program('ext', false)}`);
    g('config', 'protocol.ext.allow', 'always');
    await expectBlocked('ext');
  });

  it('core.gitProxy (git://)', async () => {
    promisor('git://example.invalid/repo');
    g('config', 'core.gitProxy', program('gitproxy', false));
    await expectBlocked('gitproxy');
  });

  it('credential.helper and core.askPass (http:// asking for a login)', async () => {
    const server = createServer((_q, s) => {
      s.writeHead(401, { 'WWW-Authenticate': 'Basic realm="x"' });
      s.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      promisor(`http://127.0.0.1:${(server.address() as { port: number }).port}/repo`);
      // The plain call, asynchronous so this process's server can answer: git asks for the login.
      g('config', 'credential.helper', `!${program('credential', false)}`);
      await gitAsync('diff');
      expect(ran()).toContain('credential');
      clearMarkers();
      g('config', '--unset', 'credential.helper');
      g('config', 'core.askPass', program('askpass', false));
      await gitAsync('diff');
      expect(ran()).toContain('askpass');
      clearMarkers();
      g('config', 'credential.helper', `!${program('credential', false)}`);
      expect((await diff()).content).toMatch(/^diff: git diff failed/);
      expect(ran()).toEqual([]);
    } finally {
      server.close();
    }
  });
});

describe('a config that cannot be listed', () => {
  it('fails closed: git is not run at all', async () => {
    writeFileSync(path.join(p.root, '.git', 'config'), `[core]\n\tfsmonitor = ${program('fsmonitor')}\n[broken\n`);
    expect((await status()).content).toMatch(/^git_status: git .*was not run: .*bad config line/);
    expect(ran()).toEqual([]);
  });
});

describe('the override list', () => {
  it('names program keys by their last word, whatever the section or driver', () => {
    for (const k of ['filter.X.clean', 'filter.a=b.Process', 'diff.tc.textconv', 'merge.m.driver', 'gpg.ssh.program', 'gpg.program']) {
      expect(isProgramKey(k), k).toBe(true);
    }
    for (const k of [
      'credential.https://x.helper',
      'core.sshCommand',
      'hook.lint.command',
      'remote.o.uploadpack',
      'pager.log',
      'alias.st',
    ]) {
      expect(isProgramKey(k), k).toBe(true);
    }
    for (const k of ['user.name', 'core.bare', 'remote.origin.url', 'include.path', 'filter.x.other']) {
      expect(isProgramKey(k), k).toBe(false);
    }
  });

  it('gives a repository-set program key the user’s own value, or one that runs nothing', () => {
    const entries = parseConfigList(
      'global\0filter.lfs.process\ngit-lfs filter-process\0local\0filter.lfs.process\nevil\0local\0filter.x.clean\nevil\0' +
        'local\0core.bare\nfalse\0local\0filter.x.required\ntrue\0local\0lfs.customtransfer.t.path\nevil\0',
    );
    const o = overridesFor(entries);
    expect(o.slice(0, 3)).toEqual([
      ['filter.lfs.process', 'git-lfs filter-process'],
      ['filter.x.clean', ''],
      ['lfs.customtransfer.t.path', ''],
    ]);
    expect(o.some(([k]) => k === 'filter.x.required')).toBe(false);
    expect(o).toContainEqual(['core.hooksPath', '/dev/null']);
    expect(o.some(([k]) => k === 'core.bare')).toBe(false);
  });
});
