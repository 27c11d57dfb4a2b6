/**
 * The generated tables are what their generators write: each generator's `--check` compares the
 * committed file with what it would write now (it never writes), so a hand edit or a stale table
 * after a bump fails here. The linker, openssl and help-table generators read the installed programs' help;
 * where one is missing the check cannot run, and the skip says so.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const repo = new URL('../../', import.meta.url);
const installed = (program: string, args: string[]): boolean => spawnSync(program, args, { stdio: 'ignore' }).status !== null;
const check = (script: string) => () =>
  expect(() => execFileSync(process.execPath, [script, '--check'], { cwd: repo, stdio: 'pipe' })).not.toThrow();

describe('generated tables match their generators', () => {
  it('figTables.ts: build/specs/figTables.mjs from the pinned @withfig/autocomplete', check('build/specs/figTables.mjs'), 60_000);

  it.skipIf(!installed('ld.bfd', ['--version']) || !installed('ld.gold', ['--version']))(
    'ldTables.ts: build/specs/ldTables.mjs from ld.bfd/ld.gold --help (skipped where GNU binutils is not installed)',
    check('build/specs/ldTables.mjs'),
    60_000,
  );

  it.skipIf(!installed('lsblk', ['--version']) || !installed('pstree', ['--version']))(
    "helpTables.ts: build/specs/helpTables.mjs from the GNU and util-linux programs' --help (skipped where they are not installed)",
    check('build/specs/helpTables.mjs'),
    60_000,
  );

  it.skipIf(!installed('gh', ['--version']))(
    'ghTables.ts: build/specs/ghTables.mjs from gh <command> --help (skipped where GitHub CLI is not installed)',
    check('build/specs/ghTables.mjs'),
    120_000,
  );

  it.skipIf(!installed('terraform', ['version']))(
    'terraformTables.ts: build/specs/terraformTables.mjs from terraform <command> -help (skipped where terraform is not installed)',
    check('build/specs/terraformTables.mjs'),
    120_000,
  );

  it.skipIf(!installed('openssl', ['version']))(
    'opensslTables.ts: build/specs/opensslTables.mjs from openssl <command> -help (skipped where openssl is not installed)',
    check('build/specs/opensslTables.mjs'),
    120_000,
  );
});
