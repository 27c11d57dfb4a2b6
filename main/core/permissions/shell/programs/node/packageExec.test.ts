/**
 * The package runners and their front ends: which program (or shell string) each call runs, read
 * with the runner's own option rules, and the same key shape for a front end and its long form.
 * The last block runs the npm and npx installed here (offline, local bins only) and checks that the
 * program they actually start is the one the classifier names.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../classify.js';
import { expectCompound, expectSimple } from '../../classify.testkit.js';
import { useTempDir } from '../../../../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

/** The programs after the runner's own entry. */
const ran = (command: string): string[] =>
  expectCompound(command)
    .programs.slice(1)
    .map((p) => (p.subcommand ? `${p.program}:${p.subcommand}` : p.program));

describe('front ends are classified like their long forms', () => {
  it.each([
    ['npx prettier --check .', 'npm exec prettier --check .', 'npx', 'npm-exec'],
    ['npx bash -c x', 'npm exec -- bash -c x', 'npx', 'npm-exec'],
    ["npx -c 'git push'", "npm exec -c 'git push'", 'npx', 'npm-exec'],
    ['npx -y -- git push', 'npm exec -y -- git push', 'npx', 'npm-exec'],
    ['pnpx bash -c x', 'pnpm dlx bash -c x', 'pnpx', 'pnpm-dlx'],
    ['pnx create-vite app', 'pnpm dlx create-vite app', 'pnx', 'pnpm-dlx'],
    ["pnpx -c 'echo a | rm x'", "pnpm dlx -c 'echo a | rm x'", 'pnpx', 'pnpm-dlx'],
    ['bunx git push', 'bun x git push', 'bunx', 'bun-x'],
    ['bunx --bun vite dev', 'bun x --bun vite dev', 'bunx', 'bun-x'],
    ['pn dlx vite', 'pnpm dlx vite', 'pn-dlx', 'pnpm-dlx'],
  ])('%s ~ %s', (short, long, shortHead, longHead) => {
    const a = expectCompound(short);
    const b = expectCompound(long);
    expect(a.key.startsWith(`run_command:${shortHead}-#`)).toBe(true);
    expect(b.key.startsWith(`run_command:${longHead}-#`)).toBe(true);
    expect(a.key.slice(`run_command:${shortHead}`.length)).toBe(b.key.slice(`run_command:${longHead}`.length));
    expect(a.programs.slice(1)).toEqual(b.programs.slice(1));
  });
});

describe('what runs, read with each runner option rules', () => {
  it.each([
    // npx: npm exec with `--` put before the first positional.
    ['npx prettier --write .', ['prettier']],
    ['npx -p typescript tsc --noEmit', ['tsc']],
    ['npx --package=@angular/cli ng new app', ['ng']],
    ['npx --yes cowsay hi', ['cowsay']],
    ['npx --no cowsay hi', ['cowsay']],
    ['npx --no-install cowsay', ['cowsay']],
    ['npx -q cowsay', ['cowsay']],
    ['npx --registry http://r cowsay', ['cowsay']],
    ['npx -w pkg-a cowsay', ['cowsay']],
    ['npx -n --inspect cowsay', ['?']], // the removed -n takes a value that looks like an option
    ['npx -n 8 cowsay', ['cowsay']],
    ["npx -c 'rm -rf x'", ['rm']],
    ["npx -p cowsay -c 'cowsay hi | rm x'", ['cowsay', 'rm']],
    ['npx --shell=bash prettier', ['bash', '?', 'prettier']],
    ['npx --node-options=--require=./x.js y', ['?', 'y']],
    ['npx -- git push', ['git:push']],
    // npm exec: nopt reads options up to `--`; -p is --parseable; a switch takes true/false.
    ['npm exec -p foo bar', ['foo']],
    ['npm exec --package foo bar', ['bar']],
    ['npm exec --yes false bar', ['bar']],
    ['npm exec --registry http://r bash', ['bash', '?']],
    ['npm x -- git push', ['git:push']],
    ['npm exec -c ls', ['ls']],
    // pnpm dlx: options end at the command word; -c is --shell-mode (a switch).
    ['pnpm dlx -c echo hi', ['echo']],
    ['pnpm dlx --package cowsay -c cowsay hi', ['cowsay']],
    ['pnpm dlx --package=typescript tsc', ['tsc']],
    ['pnpm dlx -C sub vite', ['vite']],
    ['pnpx --allow-build esbuild vite build', ['vite']],
    // bunx: dash words before the package are bunx flags; only -p/--package takes a value.
    ['bunx --bun vite', ['vite']],
    ['bunx -b --silent vite', ['vite']],
    ['bunx -- vite', ['vite']],
    ['bunx --package=@angular/cli ng new', ['ng']],
    // Older bun ignores -p and runs the package after it: listed too (a package path counts by its base name).
    ['bunx -p @angular/cli ng new', ['ng', 'cli']],
  ])('%s runs %j', (command, programs) => expect(ran(command)).toEqual(programs));

  it.each([
    ['npx --frobnicate x y', 'an unknown option may take the next word'],
    ['npx --reg x y', 'an abbreviation (nopt expands --reg to --registry)'],
    ['npx -gy x', 'a cluster of shorthands'],
    ['npx - x', 'a lone "-" (npx and nopt read it differently)'],
    ['npx -c', 'an option without its value'],
    ['npx --package -x y', 'a value that looks like an option'],
    ['npx $PKG', 'a program computed at run time'],
    ['npx --registry $R y', 'a value computed at run time'],
    ['npm exec --depth 2 x', 'an npm option not in the table'],
    ['npm exec --no-foo x', 'a negated option not in the table'],
    ['pnpm dlx --frobnicate x', 'an unknown pnpm option'],
    ['pnpx --reporter', 'an option without its value'],
    ['bunx --later-flag x', 'a bunx flag newer than the table'],
    ['npx', 'npx alone starts the script shell on its input'],
    ['npm exec', 'npm exec alone starts the script shell on its input'],
  ])('%s runs something unknown: %s', (command) => {
    const c = expectCompound(command);
    expect(c.programs.map((p) => p.program)).toContain('?');
  });

  it.each(['npx --version', 'npx -v', 'npx --help', 'bunx', 'bunx --version', 'pnpx'])('%s runs nothing else: simple', (command) => {
    const c = classifyCommand(command);
    expect(c.kind).toBe('simple');
  });

  it('pn is pnpm: a word that is no pnpm command may be a program (runBy), pnpm subcommands resolve', () => {
    const c = expectSimple('pn bash -c x', 'pn', 'bash');
    expect(c.mayRun).toEqual([
      { program: 'bash', runBy: 'pn' },
      { program: 'x', runBy: 'pn' },
    ]);
    expectSimple('pn rm lodash', 'pn', 'remove');
    expectSimple('pn install', 'pn', 'install');
  });
});

describe('pnpm exec, yarn dlx and yarn exec, read as pnpm 10/11 and yarn 1/4 read them', () => {
  it.each([
    // pnpm exec: nothing after `exec` is an option; one leading `--` is dropped.
    ['pnpm exec vite build', ['vite']],
    ['pnpm exec -- git push', ['git:push']],
    ['pnpm -r exec tsc', ['tsc']],
    ['pnpm --filter a exec tsc', ['tsc']],
    // exec's and dlx's shell mode is given before them: the words run joined through the shell.
    ["pnpm -c exec 'echo a | rm x'", ['echo', 'rm']],
    ["pnpm --shell-mode exec 'git push && rm x'", ['git:push', 'rm']],
    ['pnpm -c exec git push', ['git:push']],
    ['pnpm --shell-mode=false exec rm x', ['rm']],
    ["pnpm -c dlx 'echo a | rm x'", ['echo', 'rm']],
    // yarn 4 dlx: -p/--package take a value, -q is a switch. yarn 1 has no dlx: `dlx` may be a bin.
    ['yarn dlx create-vite app', ['dlx', 'create-vite']],
    ['yarn dlx -p typescript tsc --noEmit', ['dlx', 'tsc']],
    ['yarn dlx --package=typescript -q tsc', ['dlx', 'tsc']],
    ['yarn dlx -- tsc', ['dlx', 'tsc']],
    // yarn exec: yarn 4 runs the command word as a shell script, the other words appended literally.
    ["yarn exec 'tsc && eslint .'", ['tsc', 'eslint']],
    ['yarn exec -- tsc --noEmit', ['tsc']],
    ["yarn exec -- 'echo a; rm' x", ['echo', 'rm']],
    ["yarn exec echo '$(rm x)'", ['echo']],
    ['yarn exec git push', ['git:push']],
  ])('%s runs %j', (command, programs) => expect(ran(command)).toEqual(programs));

  it.each([
    ['pnpm exec -c x', 'pnpm 10/11 run a program named "-c" (older pnpm read options here)'],
    ['pnpm exec --shell-mode x', 'an option after exec'],
    ['pnpm exec --filter a x', 'an option after exec'],
    ['pnpm exec -- -x', 'a program named like an option'],
    ['pnpm exec $P', 'a program computed at run time'],
    ['yarn dlx --frob x', 'an unknown dlx option'],
    ['yarn dlx -p -x y', 'a value that looks like an option'],
    ['yarn dlx -qp x y', 'a cluster of short options'],
    ['yarn exec -x echo', 'yarn 4 refuses it, yarn 1 reads it as its own option'],
    ['yarn exec --cwd a echo', 'a yarn option before the command'],
    ['yarn exec env -i a curl x', 'yarn 1 reads -i as its own, taking `a`: it runs env curl x'],
    ['yarn exec $CMD', 'a command computed at run time'],
  ])('%s runs something unknown: %s', (command) => {
    expect(expectCompound(command).programs.map((p) => p.program)).toContain('?');
  });

  it('yarn exec after a folder word is yarn 4 only: no yarn 1 reading', () => {
    expect(ran('yarn ./pkg exec rm -rf y')).toEqual(['rm']);
  });

  it.each(['pnpm exec', 'yarn exec', 'yarn exec --help'])('%s runs nothing: simple', (command) => {
    expect(classifyCommand(command).kind).toBe('simple');
  });
});

// ── Against the npm installed here ────────────────────────────────────────────────────────────

const NPM_CLI = [
  '/usr/lib/node_modules/npm/bin/npm-cli.js',
  path.join(path.dirname(process.execPath), '..', 'lib/node_modules/npm/bin/npm-cli.js'),
].find((f) => existsSync(f));

function run(dir: string, argv: string[]): Promise<string> {
  const [cmd, ...rest] = argv;
  const cli = cmd === 'npx' ? NPM_CLI!.replace(/npm-cli\.js$/, 'npx-cli.js') : NPM_CLI!;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, ...rest],
      {
        cwd: dir,
        timeout: 60_000,
        // Offline, with a cache and config of its own: nothing is fetched, nothing outside dir is written.
        env: {
          PATH: process.env['PATH'] ?? '',
          HOME: dir,
          npm_config_offline: 'true',
          npm_config_cache: path.join(dir, 'cache'),
          npm_config_userconfig: path.join(dir, 'no-npmrc'),
          npm_config_update_notifier: 'false',
          npm_config_logs_max: '0',
        },
      },
      (_err, stdout) => resolve(String(stdout)),
    );
  });
}

describe.skipIf(!NPM_CLI)(`the program npm and npx really start (${NPM_CLI ?? 'no npm found: skipped'})`, () => {
  let dir = '';
  beforeAll(async () => {
    dir = await tempDirs('cc-npx-');
    await writeFile(path.join(dir, 'package.json'), '{"name":"t","version":"1.0.0"}\n');
    await mkdir(path.join(dir, 'node_modules', '.bin'), { recursive: true });
    for (const b of ['foo', 'bar']) {
      const f = path.join(dir, 'node_modules', '.bin', b);
      await writeFile(f, `#!/bin/sh\necho "RAN ${b}"\n`);
      await chmod(f, 0o755);
    }
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const CASES = [
    'npx foo bar',
    'npx --yes foo bar',
    'npx --no foo bar',
    'npx -q foo bar',
    'npx --registry http://127.0.0.1:9 foo bar',
    'npm exec -p foo bar',
    'npm exec --yes false foo',
    'npm exec --registry http://127.0.0.1:9 foo bar',
    'npm exec --json foo bar',
    'npm exec -- foo bar',
  ];

  it('starts the program the classifier names, for each case', async () => {
    const results = await Promise.all(CASES.map((c) => run(dir, c.split(' '))));
    const seen = CASES.map((c, i) => [c, /RAN (\w+)/.exec(results[i]!)?.[1] ?? '(none)']);
    const named = CASES.map((c) => [c, ran(c)[0]!]);
    expect(seen).toEqual(named);
  }, 120_000);
});
