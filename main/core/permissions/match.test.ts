import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { parseKey } from './keyGrammar.js';
import { AllowSet, DenySet, patternProblem, type MatchTarget } from './match.js';
import { compound, pathKey, simple } from './permissions.testkit.js';
import type { Permission } from './types.js';

const allow = (...raws: string[]) => new AllowSet(raws.map((r) => ({ key: parseKey(r), meta: r })));
const t = (p: Permission): MatchTarget => {
  if (p.kind !== 'ask') throw new Error('ask only');
  return p.flags ? { key: p.key, flags: p.flags } : { key: p.key };
};

describe('command entries', () => {
  it('run_command:git covers every simple git subcommand', () => {
    const s = allow('run_command:git');
    for (const sub of ['status', 'diff', 'commit', 'push', 'checkout'])
      expect(s.match(t(simple('git', sub)))?.meta).toBe('run_command:git');
    expect(s.match(t(simple('git')))).toBeDefined();
    expect(s.match(t(simple('cargo', 'build')))).toBeUndefined();
  });

  it('run_command:git:* and run_command:* match simple commands only', () => {
    expect(allow('run_command:git:*').match(t(simple('git', 'push')))).toBeDefined();
    expect(allow('run_command:*').match(t(simple('ls')))).toBeDefined();
    const c = compound('git-status-&&-git-push', [
      { program: 'git', subcommand: 'status' },
      { program: 'git', subcommand: 'push' },
    ]);
    expect(allow('run_command:git:*', 'run_command:*', 'run_command:git', 'run_command:git:status').match(t(c))).toBeUndefined();
  });

  it('run_command:git:push matches only simple git push', () => {
    const s = allow('run_command:git:push');
    expect(s.match(t(simple('git', 'push')))).toBeDefined();
    expect(s.match(t(simple('git', 'status')))).toBeUndefined();
    expect(s.match(t(simple('git')))).toBeUndefined();
    expect(s.match(t(simple('gitx', 'push')))).toBeUndefined();
  });

  it('a compound key matches only an identical entry: no wildcard, no prefix', () => {
    const c = compound('git-status-&&-git-add', [
      { program: 'git', subcommand: 'status' },
      { program: 'git', subcommand: 'add' },
    ]);
    expect(allow('run_command:git-status-&&-git-add').match(t(c))).toBeDefined();
    expect(allow('run_command:git-status').match(t(c))).toBeUndefined();
    expect(allow('run_command:git-status-&&-git-add-&&-git-push').match(t(c))).toBeUndefined();
    expect(allow('run_command:git-status-&&-git-push').match(t(c))).toBeUndefined();
    // The compound entry does not cover simple commands either.
    expect(allow('run_command:git-status-&&-git-add').match(t(simple('git', 'status')))).toBeUndefined();
  });

  it('a command target whose flags do not prove it simple is treated as compound', () => {
    const noFlags: MatchTarget = { key: parseKey('run_command:git') };
    expect(allow('run_command:git', 'run_command:*').match(noFlags)).toBeUndefined();
    const lying: MatchTarget = { key: parseKey('run_command:git'), flags: { programs: [{ program: 'git' }, { program: 'sh' }] } };
    expect(allow('run_command:git').match(lying)).toBeUndefined();
    const unclassified: MatchTarget = { key: parseKey('run_command:git'), flags: { programs: [{ program: 'git' }], unclassified: true } };
    expect(allow('run_command:git').match(unclassified)).toBeUndefined();
  });

  it('rejects wildcards the grammar does not have', () => {
    expect(patternProblem(parseKey('run_command:git*'), 'allow')).toMatch(/only command wildcards/);
    expect(patternProblem(parseKey('run_command:*:push'), 'allow')).toMatch(/only command wildcards/);
    expect(patternProblem(parseKey('run_command:git:*'), 'allow')).toBeUndefined();
  });
});

describe('path entries', () => {
  it('globs with picomatch: write_file:tests/**', () => {
    const s = allow('write_file:tests/**');
    expect(s.match(t(pathKey('tests/a.ts')))).toBeDefined();
    expect(s.match(t(pathKey('tests/deep/b/c.ts')))).toBeDefined();
    expect(s.match(t(pathKey('src/a.ts')))).toBeUndefined();
    expect(s.match(t(pathKey('testsx/a.ts')))).toBeUndefined();
  });

  it('exact entries and unindexed globs', () => {
    const s = allow('write_file:README.md', 'write_file:**/*.snap', 'write_file:{docs,site}/*.md');
    expect(s.match(t(pathKey('README.md')))?.meta).toBe('write_file:README.md');
    expect(s.match(t(pathKey('a/b/x.snap')))?.meta).toBe('write_file:**/*.snap');
    expect(s.match(t(pathKey('site/x.md')))).toBeDefined();
    expect(s.match(t(pathKey('readme.md')))).toBeUndefined();
  });

  it('never matches protected or outside paths, even under ** or with flags missing', () => {
    const s = allow('write_file:**', 'write_file:*');
    expect(s.match(t(pathKey('src/x.ts')))).toBeDefined();
    expect(s.match(t(pathKey('codecoder.json', { protectedPath: true })))).toBeUndefined();
    expect(s.match(t(pathKey('codecoder.json')))).toBeUndefined();
    expect(s.match(t(pathKey('.git/hooks/pre-commit')))).toBeUndefined();
    expect(s.match(t(pathKey('.GIT/hooks/pre-commit')))).toBeUndefined();
    expect(s.match(t(pathKey('.codecoder/x')))).toBeUndefined();
    expect(s.match(t(pathKey('/etc/passwd', { outsideProject: true })))).toBeUndefined();
    expect(allow('write_file:/etc/passwd').match(t(pathKey('/etc/passwd', { outsideProject: true })))).toBeUndefined();
    expect(s.match(t(pathKey('../x')))).toBeUndefined();
  });

  it('allow entries that escape or name protected paths are reported as problems', () => {
    expect(patternProblem(parseKey('write_file:/etc/**'), 'allow')).toMatch(/absolute/);
    expect(patternProblem(parseKey('write_file:../**'), 'allow')).toMatch(/'\.\.'/);
    expect(patternProblem(parseKey('write_file:.git/hooks/*'), 'allow')).toMatch(/protected/);
    expect(patternProblem(parseKey('write_file:codecoder.json'), 'allow')).toMatch(/protected/);
    expect(patternProblem(parseKey('write_file:!src/**'), 'allow')).toMatch(/negated/);
    expect(patternProblem(parseKey('write_file:src/**'), 'allow')).toBeUndefined();
  });

  it('property: the fast path for dir/** agrees with picomatch (dot: false) on every path', () => {
    const seg = fc.constantFrom('a', 'b', '.a', '..', '.', 'x.ts', '.git', 'tests', 'A');
    // Requested paths come from resolveInProject: normalized, so no '.' segments.
    const rel = fc
      .array(
        seg.filter((x) => x !== '.'),
        { minLength: 1, maxLength: 5 },
      )
      .map((s) => s.join('/'));
    fc.assert(
      fc.property(fc.array(seg, { minLength: 1, maxLength: 3 }), rel, (dirSegs, p) => {
        const dir = dirSegs.join('/');
        const pattern = `${dir}/**`;
        const e = parseKey(`write_file:${pattern}`);
        if (patternProblem(e, 'allow')) return;
        const got = new AllowSet([{ key: e, meta: 1 }]).match(t(pathKey(p))) !== undefined;
        const unsafe = p.split('/').includes('..') || /^(\.\/)?(\.git|\.codecoder|codecoder\.json)(\/|$)/i.test(p);
        expect(got, `${pattern} vs ${p}`).toBe(!unsafe && picomatch(pattern, { dot: false })(p));
      }),
      { numRuns: 3000 },
    );
  });

  it('allow globs do not cover dotfiles unless they name them', () => {
    expect(allow('write_file:**').match(t(pathKey('.env')))).toBeUndefined();
    expect(allow('write_file:.env').match(t(pathKey('.env')))).toBeDefined();
  });
});

describe('deny patterns', () => {
  const deny = (...raws: string[]) => new DenySet(raws);
  const gitStatusPush = compound('git-status-&&-git-push', [
    { program: 'git', subcommand: 'status' },
    { program: 'git', subcommand: 'push' },
  ]);

  it('a program deny matches that program anywhere inside a compound command', () => {
    expect(deny('run_command:git:push').match(t(gitStatusPush))).toBe('run_command:git:push');
    expect(deny('run_command:git').match(t(gitStatusPush))).toBe('run_command:git');
    const c = compound('echo-|-sh', [{ program: 'echo' }, { program: 'sh' }]);
    expect(deny('run_command:sh').match(t(c))).toBe('run_command:sh');
    expect(deny('run_command:git:push').match(t(simple('git', 'status')))).toBeUndefined();
    expect(deny('run_command:git:push').match(t(simple('git', 'push')))).toBeDefined();
  });

  it('program denies compare by basename, case-insensitively', () => {
    const c = compound('/usr/bin/GIT-push', [{ program: '/usr/bin/GIT', subcommand: 'PUSH' }]);
    expect(deny('run_command:git:push').match(t(c))).toBeDefined();
  });

  it('a compound command whose programs are unknown is refused by any program deny (fail closed)', () => {
    const unknown: MatchTarget = { key: parseKey('run_command:x-&&-y'), flags: { compound: true } };
    expect(deny('run_command:git:push').match(unknown)).toBe('run_command:git:push');
    expect(deny('write_file:.env').match(unknown)).toBeUndefined();
  });

  it('run_command:* denies every command, simple or compound; exact compound denies match exactly', () => {
    expect(deny('run_command:*').match(t(gitStatusPush))).toBeDefined();
    expect(deny('run_command:git-status-&&-git-push').match(t(gitStatusPush))).toBeDefined();
    expect(deny('run_command:git-status-&&-git-add').match(t(gitStatusPush))).toBeUndefined();
  });

  it('path denies: exact and glob, case-insensitive, dotfiles included, protected and outside paths too', () => {
    const d = deny('write_file:.env', 'write_file:**/secrets/**', 'write_file:/etc/**');
    expect(d.match(t(pathKey('.env')))).toBe('write_file:.env');
    expect(d.match(t(pathKey('.ENV')))).toBe('write_file:.env');
    expect(d.match(t(pathKey('sub/.env')))).toBeUndefined();
    expect(d.match(t(pathKey('a/secrets/.key')))).toBe('write_file:**/secrets/**');
    expect(d.match(t(pathKey('/etc/passwd', { outsideProject: true })))).toBe('write_file:/etc/**');
    expect(deny('write_file:.git/**').match(t(pathKey('.git/hooks/x', { protectedPath: true })))).toBeDefined();
  });

  it('refuses a glob ending in a backslash at once: picomatch never returns on some (a hostile codecoder.json could stall the app)', () => {
    // Two escaped backslashes at the end: four characters.
    const tail = '\\'.repeat(4);
    const d = deny(`read_file:[ab]${tail}`, `read_file:{a,b}x${tail}`, 'write_file:.env');
    expect(d.patterns).toEqual(['write_file:.env']);
  });

  it('ignores patterns it cannot compile, keeping the rest', () => {
    const d = deny('nocolon', 'run_command:git*', 'write_file:.env');
    expect(d.patterns).toEqual(['write_file:.env']);
  });
});
