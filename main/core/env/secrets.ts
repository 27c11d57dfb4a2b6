/**
 * A child's environment without the secrets the app holds. Two nets, because either alone misses:
 * the names the app itself sets (a key read from settings is exported under them by SDKs and by
 * users alike), and any variable whose value carries a held secret (`Bearer sk-…`, a token copied
 * under another name). The user's other variables stay: a build needs PATH, HOME, LANG, …
 */

/** Names the app (or its providers' SDKs) use for credentials. Removed whatever their value. */
export const APP_SECRET_NAMES: readonly string[] = [
  'ANTHROPIC_API_KEY',
  'ANTHROPIC_AUTH_TOKEN',
  'OPENAI_API_KEY',
  'OPENAI_ORG_ID',
  'CODECODER_API_KEY',
  'CODECODER_GITHUB_TOKEN',
  'CODECODER_WEB_SEARCH_KEY',
];

/** Shorter values are not matched by content: "1" or "true" would wipe unrelated variables. */
export const MIN_SECRET_LENGTH = 8;

export interface ScrubResult {
  env: Record<string, string>;
  /** Names removed (never the values), for logs and tests. */
  removed: string[];
}

/** The values under the app's own names in `env`: secrets whether or not the app uses them. */
export function heldSecrets(env: NodeJS.ProcessEnv | Record<string, string | undefined>): string[] {
  return Object.entries(env)
    .filter(([name, value]) => value !== undefined && APP_SECRET_NAMES.includes(name.toUpperCase()))
    .map(([, value]) => value!);
}

export function scrubEnv(env: NodeJS.ProcessEnv | Record<string, string | undefined>, secrets: readonly string[]): ScrubResult {
  // The values under the app's own names are secrets too, whether or not the app uses them: a
  // key stored in settings shadows ANTHROPIC_API_KEY, and the environment's copy of that key
  // under another name (MY_KEY=$ANTHROPIC_API_KEY) must not reach a child either.
  const named = heldSecrets(env);
  const held = [...secrets, ...named].filter((s) => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH);
  const out: Record<string, string> = {};
  const removed: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (APP_SECRET_NAMES.includes(name.toUpperCase()) || held.some((s) => value.includes(s))) {
      removed.push(name);
      continue;
    }
    out[name] = value;
  }
  return { env: out, removed };
}
