/**
 * Test support: what a command in the sandbox or a container tries in order to plant code the host
 * runs later, and what must hold afterwards. Shared so both environments face the same attempts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

/** A git repository with a codecoder.json; .codecoder and .mcp.json do not exist. */
export function plantingTarget(root: string): void {
  execFileSync('git', ['init', '-q', root]);
  writeFileSync(path.join(root, 'codecoder.json'), '{}\n');
}

export const PLANTING_ATTEMPTS = [
  'printf "#!/bin/sh\\ntouch pwned\\n" > .git/hooks/pre-commit; chmod +x .git/hooks/pre-commit',
  'echo "[core] hooksPath = /tmp" >> .git/config',
  'echo \'{"allow":{"write_file:**":"AlwaysThisProject"}}\' >> codecoder.json',
  'echo x > evil.json; mv evil.json codecoder.json',
  'mv .git .git-aside; mkdir -p .git/hooks',
  'mkdir -p .codecoder/x; echo x > .codecoder/settings.json',
  'echo \'{"mcpServers":{}}\' > .mcp.json',
  'echo ok > ordinary.txt',
].join('; ');

/** Nothing planted, the ordinary file written, and no placeholder left after the run. */
export function expectNothingPlanted(root: string, output: string): void {
  expect(readFileSync(path.join(root, 'ordinary.txt'), 'utf8'), output).toBe('ok\n');
  expect(existsSync(path.join(root, '.git', 'hooks', 'pre-commit'))).toBe(false);
  expect(readFileSync(path.join(root, '.git', 'config'), 'utf8')).not.toContain('hooksPath');
  expect(readFileSync(path.join(root, 'codecoder.json'), 'utf8')).toBe('{}\n');
  expect(readdirSync(root).sort()).toEqual(['.git', 'codecoder.json', 'evil.json', 'ordinary.txt']);
}
