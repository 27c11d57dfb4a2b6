/**
 * Red-team table for pnpm's, yarn's and bun's option allowlists (issue 16: programs/node/pnpmOptions.ts,
 * yarnOptions.ts, bunOptions.ts). pnpm, yarn and bun are not installed in this sandbox, so no row is
 * "verified" by running it: each compound row cites the program's source or documentation for what
 * the option does, or is an option the table does not list (compound by the allowlist rule: a
 * later release's option is unknown, not harmless). The simple rows are the everyday forms agents
 * run (fixtures/everyday.txt and the pnpm/yarn CLI docs).
 */
import { describe, expect, it } from 'vitest';
import { itClassifiesRows, type Row } from './redteam.testkit.js';

const ROWS: readonly Row[] = [
  // ── pnpm: options that load code, name a program or write where they name ──
  ['pnpm install --pnpmfile ./evil.cjs', 'compound', 'pnpm docs (settings, pnpmfile): the hooks file is loaded and run during install'],
  ['pnpm add lodash --global-pnpmfile=/tmp/h.cjs', 'compound', 'pnpm docs (global-pnpmfile): a hooks file loaded on every install'],
  ['pnpm install --use-node-version 16.0.0', 'compound', 'pnpm docs (use-node-version): downloads that Node.js and runs scripts with it'],
  ['pnpm run --node-options=--require=/tmp/x.js build', 'compound', 'pnpm docs (node-options): NODE_OPTIONS for every node it starts'],
  ['pnpm update --script-shell=/tmp/sh', 'compound', 'pnpm docs (script-shell): lifecycle scripts run with that program'],
  ['pnpm pack --pack-destination /tmp/out', 'compound', 'pnpm pack docs: writes the tarball into the folder it names'],
  ['pnpm install --store-dir /tmp/store', 'compound', 'pnpm docs (store-dir): the store is written where it names'],
  ['pnpm install --modules-dir=/tmp/nm', 'compound', 'pnpm docs (modules-dir): node_modules is written where it names'],
  ['pnpm run --frobnicate build', 'compound', 'not in pnpm run’s table (options before the script name are pnpm’s)'],
  ['pnpm install -r --frobnicate', 'compound', 'not in pnpm install’s table: a later pnpm option is unknown, not harmless'],
  ['pnpm i --frozen', 'compound', 'nopt: an ambiguous prefix (frozen-lockfile, frozen-shrinkwrap) is not expanded'],
  ['pnpm patch lodash', 'compound', 'a pnpm command without a table (patch opens an edit folder for a later patch-commit)'],
  // ── yarn: the same themes, yarn 1 (commander) and yarn 4 (clipanion) ──
  ['yarn run --require /tmp/x.js jest', 'compound', 'berry plugin-essentials run.ts: --require is forwarded to node as --require='],
  ['yarn run --inspect=0.0.0.0:9229 jest', 'compound', 'berry run.ts: forwarded to node; whoever reaches the debugger port runs code'],
  ['yarn run --inspect-brk jest', 'compound', 'berry run.ts: a debugger on localhost, which any local process can drive'],
  [
    'yarn install --use-yarnrc /tmp/rc',
    'compound',
    'yarn 1 src/cli/index.js: loads that yarnrc, whose yarn-path names the program yarn runs',
  ],
  ['yarn install --cache-folder /tmp/c', 'compound', 'yarn 1: the cache is written where it names (left out of the table)'],
  ['yarn install --modules-folder=/tmp/nm', 'compound', 'yarn 1 install: node_modules is written where it names'],
  ['yarn install --mutex file:/tmp/lock', 'compound', 'yarn 1 docs (--mutex): file:PATH writes the lock file it names'],
  ['pnpm install --lockfile-dir /tmp/lk', 'compound', 'pnpm docs (lockfile-dir): the lockfile is written there'],
  ['yarn pack -o /tmp/x.tgz', 'compound', 'yarn 4 pack --out: writes the archive where it names'],
  ['yarn pack --filename /tmp/x.tgz', 'compound', 'yarn 1 pack --filename: writes the archive where it names'],
  ['yarn add lodash --frobnicate', 'compound', 'not in yarn add’s table (yarn 1 ∪ yarn 4 options)'],
  ['yarn npm login', 'compound', 'a yarn npm subcommand without a table'],
  ['yarn init -i stable', 'compound', 'yarn 4 init -i: downloads and runs that yarn release (left out of the table)'],
  // ── bun's package-manager commands (src/install/PackageManager/CommandLineArguments.zig) ──
  ['bun install -c ./bunfig.toml', 'compound', 'bun docs (bunfig.toml): its preload list is loaded into every bun run'],
  ['bun add left-pad --trust', 'compound', 'bun docs (trustedDependencies): --trust runs the package’s lifecycle scripts'],
  ['bun pm trust --all', 'compound', 'bun pm trust runs the lifecycle scripts of the packages it trusts'],
  ['bun pm pack --destination /tmp/out', 'compound', 'CommandLineArguments.zig: the tarball is saved in that folder'],
  ['bun install --cache-dir /tmp/c', 'compound', 'CommandLineArguments.zig: cached data stored in that folder'],
  ['bun install --frobnicate', 'compound', 'not in bun install’s param list'],
  // Everyday pnpm, yarn and bun stay one simple call.
  ['bun install --frozen-lockfile', 'simple', 'everyday (CI)'],
  ['bun add -d typescript', 'simple', 'everyday'],
  ['bun remove lodash', 'simple', 'everyday'],
  ['bun update --latest', 'simple', 'everyday'],
  ['bun pm ls', 'simple', 'everyday'],
  ['pnpm install', 'simple', 'everyday'],
  ['pnpm install --frozen-lockfile', 'simple', 'everyday (CI)'],
  ['pnpm i -D typescript', 'simple', 'everyday: install with a package is add, -D is --save-dev'],
  ['pnpm add zod --filter app', 'simple', 'everyday: a universal option after the command'],
  ['pnpm remove lodash -r', 'simple', 'everyday'],
  ['pnpm -r build', 'simple', 'everyday: the run fallback'],
  ['pnpm --filter app test', 'simple', 'everyday'],
  ['pnpm test -- --watch', 'simple', 'everyday: test hands every word to the script'],
  ['pnpm build --watch', 'simple', 'the run fallback: words after the script name are the script’s'],
  ['pnpm run --if-present lint --fix', 'simple', 'everyday: run’s options, then the script’s'],
  ['pnpm up -L', 'simple', 'everyday'],
  ['pnpm why react --depth 2', 'simple', 'everyday'],
  ['pnpm ls --depth 0', 'simple', 'everyday'],
  ['pnpm outdated --long', 'simple', 'everyday'],
  ['pnpm audit --audit-level high', 'simple', 'everyday'],
  ['pnpm store path', 'simple', 'everyday'],
  ['pnpm publish --no-git-checks --access public', 'simple', 'everyday (CI)'],
  ['pnpm config get registry', 'simple', 'display only'],
  ['yarn', 'simple', 'everyday'],
  ['yarn install --immutable', 'simple', 'everyday (yarn 4 CI)'],
  ['yarn install --frozen-lockfile', 'simple', 'everyday (yarn 1 CI)'],
  ['yarn add -D jest', 'simple', 'everyday'],
  ['yarn add -DE typescript', 'simple', 'a cluster of switches'],
  ['yarn remove lodash', 'simple', 'everyday'],
  ['yarn workspace web build', 'simple', 'everyday: the workspace front, then the run fallback'],
  ['yarn workspaces foreach -A run build', 'simple', 'everyday (yarn 4)'],
  ['yarn run dev --port 3000', 'simple', 'everyday: words after the script name are the script’s'],
  ['yarn test -u', 'simple', 'everyday'],
  ['yarn why react', 'simple', 'everyday'],
  ['yarn up -i', 'simple', 'everyday (yarn 4)'],
  ['yarn upgrade --latest', 'simple', 'everyday (yarn 1)'],
  ['yarn npm publish --tag beta', 'simple', 'everyday (yarn 4)'],
  ['yarn config get npmRegistryServer', 'simple', 'display only'],
  ['yarn info react --json', 'simple', 'everyday'],
];

describe('red team: pnpm, yarn and bun option allowlists', () => {
  itClassifiesRows(ROWS);

  it('has at least 10 compound rows each for pnpm and yarn', () => {
    for (const p of ['pnpm', 'yarn'])
      expect(ROWS.filter((r) => r[0].startsWith(`${p} `) && r[1] === 'compound').length).toBeGreaterThanOrEqual(10);
  });
});
