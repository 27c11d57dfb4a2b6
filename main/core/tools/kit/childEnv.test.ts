import { execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tool } from '../types.js';
import { childEnv, withGitConfig } from './childEnv.js';
import { createExecuteTools } from '../execute/index.js';
import { tempProject, testCtx, testDeps } from '../execute/testSupport.js';

describe('the environment of agent commands', () => {
  it('adds safe.bareRepository=explicit after the git settings the user already has', () => {
    expect(childEnv({ secretsToScrub: () => [] }, { PATH: '/bin' })).toMatchObject({
      GIT_CONFIG_COUNT: '1',
      GIT_CONFIG_KEY_0: 'safe.bareRepository',
      GIT_CONFIG_VALUE_0: 'explicit',
      GIT_PAGER: 'cat',
    });
    const mine = {
      GIT_CONFIG_COUNT: '2',
      GIT_CONFIG_KEY_0: 'a.b',
      GIT_CONFIG_VALUE_0: '1',
      GIT_CONFIG_KEY_1: 'c.d',
      GIT_CONFIG_VALUE_1: '2',
    };
    expect(withGitConfig(mine, 'k.v', 'x')).toEqual({ ...mine, GIT_CONFIG_COUNT: '3', GIT_CONFIG_KEY_2: 'k.v', GIT_CONFIG_VALUE_2: 'x' });
    // git refuses a bogus count itself; we do not guess what the user meant.
    expect(withGitConfig({ GIT_CONFIG_COUNT: 'lots' }, 'k.v', 'x')).toEqual({ GIT_CONFIG_COUNT: 'lots' });
  });

  it('a bare repository the agent wrote cannot make an approved git command run its alias', async () => {
    const { root, dataDir } = tempProject();
    const bare = path.join(root, 'vendor');
    execFileSync('git', ['init', '-q', '--bare', bare]);
    const marker = path.join(root, 'pwned');
    execFileSync('git', ['-C', bare, 'config', 'alias.st', `!touch ${marker}`]);
    // Without the setting, git would run it: the hazard is real on this git.
    execFileSync('git', ['-C', bare, 'st'], { env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
    expect(existsSync(marker)).toBe(true);
    execFileSync('rm', [marker]);

    const tools = createExecuteTools(testDeps(root, dataDir));
    const run = tools.tools.find((t) => t.name === 'run_command') as Tool<{ command: string }>;
    const r = await run.execute({ command: 'git -C vendor st' }, testCtx(root, dataDir));
    expect(existsSync(marker)).toBe(false);
    // git never read that folder's config: the alias does not exist for it.
    expect(r.content).toContain("'st' is not a git command");
    const log = await run.execute({ command: 'git -C vendor log' }, testCtx(root, dataDir));
    expect(log.content).toContain("safe.bareRepository is 'explicit'");
  });
});

describe('the shell that reads the command', () => {
  it('is bash even when the user’s login shell is another one: the engine parsed it as bash', async () => {
    const { root, dataDir } = tempProject();
    const saved = process.env.SHELL;
    process.env.SHELL = '/bin/sh';
    try {
      const tools = createExecuteTools(testDeps(root, dataDir));
      const run = tools.tools.find((t) => t.name === 'run_command') as Tool<{ command: string }>;
      const r = await run.execute({ command: 'echo "bash=${BASH_VERSION:+yes}"' }, testCtx(root, dataDir));
      expect(r.content).toContain('bash=yes');
    } finally {
      process.env.SHELL = saved;
    }
  });
});

describe('secrets in the command environment', () => {
  it('a stored key shadows the environment key: neither, nor a copy of either under another name, reaches the command', async () => {
    const { root, dataDir } = tempProject();
    const saved = { ...process.env };
    process.env.OPENAI_API_KEY = 'sk-env-key-should-not-leak-1234';
    process.env.LEAKED_COPY = 'sk-env-key-should-not-leak-1234';
    process.env.STORED_COPY = 'sk-stored-key-5678-abcdef';
    try {
      const tools = createExecuteTools(testDeps(root, dataDir, ['sk-stored-key-5678-abcdef']));
      const run = tools.tools.find((t) => t.name === 'run_command') as Tool<{ command: string }>;
      const r = await run.execute({ command: 'env' }, testCtx(root, dataDir));
      expect(r.content).toContain('CODECODER_AGENT=1');
      expect(r.content).not.toContain('sk-env-key-should-not-leak');
      expect(r.content).not.toContain('sk-stored-key-5678');
    } finally {
      for (const k of ['OPENAI_API_KEY', 'LEAKED_COPY', 'STORED_COPY']) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
      rmSync(path.dirname(root), { recursive: true, force: true });
    }
  });
});
