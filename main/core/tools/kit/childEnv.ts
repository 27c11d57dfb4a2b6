import { scrubEnv } from '../../env/index.js';

/**
 * The environment of every command the agent runs: the app's own, minus the secrets it holds, plus
 * settings that keep a non-interactive run from waiting for a human (pagers, git prompts) and one
 * that keeps a plain git command plain (safe.bareRepository, below).
 */
export function childEnv(deps: { secretsToScrub(): string[] }, base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const { env } = scrubEnv(base, deps.secretsToScrub());
  return withGitConfig(
    {
      ...env,
      PAGER: 'cat',
      GIT_PAGER: 'cat',
      GIT_TERMINAL_PROMPT: '0',
      CODECODER_AGENT: '1',
    },
    // A folder holding HEAD, config and objects/ is a bare repository to git, found without any
    // .git in its path: files the agent may write unflagged (the protected-path rule covers .git).
    // Its config can name programs git runs (alias.x = "!cmd", core.fsmonitor), so an approved
    // `git -C that-folder <something>` could run anything. `explicit` makes git use a bare
    // repository only when told to (--git-dir, GIT_DIR), as git's own docs advise for this case.
    'safe.bareRepository',
    'explicit',
  );
}

/**
 * Adds one setting through git's GIT_CONFIG_COUNT/KEY_n/VALUE_n variables (git ≥ 2.31), after any
 * the user's environment already holds. A count git would reject is left as it is: git then stops
 * with its own error, which is the safe outcome.
 */
export function withGitConfig(env: Record<string, string>, key: string, value: string): Record<string, string> {
  const raw = env.GIT_CONFIG_COUNT;
  const n = raw === undefined || raw === '' ? 0 : Number(raw);
  if (!Number.isInteger(n) || n < 0) return env;
  return { ...env, GIT_CONFIG_COUNT: String(n + 1), [`GIT_CONFIG_KEY_${n}`]: key, [`GIT_CONFIG_VALUE_${n}`]: value };
}
