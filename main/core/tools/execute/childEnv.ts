import { scrubEnv } from '../../env/secrets.js';
import type { ExecuteDeps } from './deps.js';

/**
 * The environment of every command the agent runs: the app's own, minus the secrets it holds, plus
 * settings that keep a non-interactive run from waiting for a human (pagers, git prompts).
 */
export function childEnv(deps: Pick<ExecuteDeps, 'secretsToScrub'>, base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const { env } = scrubEnv(base, deps.secretsToScrub());
  return {
    ...env,
    PAGER: 'cat',
    GIT_PAGER: 'cat',
    GIT_TERMINAL_PROMPT: '0',
    CODECODER_AGENT: '1',
  };
}
