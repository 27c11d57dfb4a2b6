/** `codecoder run`'s arguments: the usage, and the options read and checked (run.ts acts on them). */
import { agentNameSchema } from '../../../../shared/contract/index.js';
import type { LlmProviderKind } from '../../llm/index.js';
import { isPermissionMode, type PermissionMode } from '../../permissions/index.js';
import type { Usage } from '../usage.js';

export const USAGE = `usage: codecoder run --project DIR [options] "PROMPT"
options:
  --provider anthropic|openai|openai-compatible   (default: anthropic, or openai when only OPENAI_API_KEY is set)
  --model NAME          the model (default: claude-sonnet-4-5 / gpt-4.1; "scripted" with --llm-script)
  --base-url URL        API root (Ollama: http://localhost:11434/v1, LM Studio: http://localhost:1234/v1)
  --api-key-file FILE   read the API key from FILE (one line; beats the environment and Settings)
  --llm-script FILE     replay a scripted model (no key needed), e.g. scripts/demo.llm.json
  --on-ask stop|deny|once|session   how approvals are answered without a TTY (default stop: refuse and
                        stop the run; deny: refuse, tell the model why, and let it go on)
  --conversation ID     continue a conversation of this project
  --mode ask|plan|edits permission mode: plan = read-only, edits = file edits in the project without asking
  --max-turns N         model turns before stopping (default 50)
  --trust-project       honour the folder's codecoder.json as it is now, for this run only (not recorded)
  --in-container        the agent's commands (run_command) run in a container: the engine of run_container
                        (Settings, CONTAINER_HOST, DOCKER_HOST), no network, the same keys and approvals
  --events              print every agent event as one JSON line on stdout instead of text
  --worktree[=NAME]     run as a background agent: on its own branch (codecoder/NAME) and worktree in the
                        app's data folder, under this project's codecoder.json and trust; review and merge
                        it with codecoder agents (not with --conversation or --mode)
Without flags the provider, model, base URL and key saved in the app's Settings are used; flags
and the environment win.
keys: --api-key-file, ANTHROPIC_API_KEY, OPENAI_API_KEY, or the app's Settings when the web host saved
them (never printed; a key the desktop app saved is in the system keychain, which only the app opens)
exit: 0 finished · 1 error · 2 usage · 3 stopped by a denial · 4 turn limit · 5 finished, but calls
were denied · 130 cancelled
`;

/** How approvals are answered without a TTY. */
export type OnAsk = 'stop' | 'deny' | 'once' | 'session';
const ON_ASK: readonly OnAsk[] = ['stop', 'deny', 'once', 'session'];
const PROVIDERS: readonly LlmProviderKind[] = ['anthropic', 'openai', 'openai-compatible'];

export interface RunOptions {
  project: string;
  prompt: string;
  provider?: LlmProviderKind;
  model?: string;
  baseUrl?: string;
  apiKeyFile?: string;
  llmScript?: string;
  onAsk: OnAsk;
  conversation?: string;
  mode: PermissionMode;
  maxTurns?: number;
  events: boolean;
  trustProject: boolean;
  inContainer: boolean;
  /** `--worktree[=NAME]`: run as a background agent; '' = named after the prompt. */
  worktree?: string;
}

/** The options, or the exit code when there is nothing to run (the usage shown, or a usage error). */
export function readRunOptions(argv: string[], usage: Usage): RunOptions | number {
  // `--worktree` takes its name only as `--worktree=NAME`, so a bare one never swallows the prompt.
  argv = argv.map((a) => (a === '--worktree' ? '--worktree=' : a));
  const args = usage.parse(argv, {
    worktree: { type: 'string' },
    project: { type: 'string' },
    provider: { type: 'string' },
    model: { type: 'string' },
    'base-url': { type: 'string' },
    'api-key-file': { type: 'string' },
    'llm-script': { type: 'string' },
    'on-ask': { type: 'string', default: 'stop' },
    conversation: { type: 'string' },
    mode: { type: 'string', default: 'ask' },
    'max-turns': { type: 'string' },
    events: { type: 'boolean', default: false },
    'trust-project': { type: 'boolean', default: false },
    'in-container': { type: 'boolean', default: false },
  });
  if (typeof args === 'number') return args;
  const o = args.values;
  const prompt = args.positionals.join(' ').trim();
  if (!prompt) return usage.fail('missing PROMPT');
  if (!o.project) return usage.fail('--project DIR is required');
  const onAsk = ON_ASK.find((a) => a === o['on-ask']);
  if (!onAsk) return usage.fail(`--on-ask takes stop, deny, once or session, got "${o['on-ask']}"`);
  const provider = o.provider === undefined ? undefined : PROVIDERS.find((p) => p === o.provider);
  if (o.provider !== undefined && !provider)
    return usage.fail(`--provider takes anthropic, openai or openai-compatible, got "${o.provider}"`);
  if (!isPermissionMode(o.mode)) return usage.fail(`--mode takes ask, plan or edits, got "${o.mode}"`);
  if (o.worktree !== undefined) {
    if (o.worktree !== '' && !agentNameSchema.safeParse(o.worktree).success)
      return usage.fail(`--worktree=NAME takes lower-case letters, digits and dashes, got "${o.worktree}"`);
    if (o.conversation !== undefined || o.mode !== 'ask')
      return usage.fail('--worktree starts a new agent: it takes neither --conversation nor --mode');
  }
  const maxTurns = o['max-turns'] === undefined ? undefined : Number(o['max-turns']);
  if (maxTurns !== undefined && !(Number.isInteger(maxTurns) && maxTurns > 0)) return usage.fail('--max-turns takes a positive integer');
  return {
    project: o.project,
    prompt,
    ...(provider ? { provider } : {}),
    ...(o.model ? { model: o.model } : {}),
    ...(o['base-url'] ? { baseUrl: o['base-url'] } : {}),
    ...(o['api-key-file'] ? { apiKeyFile: o['api-key-file'] } : {}),
    ...(o['llm-script'] ? { llmScript: o['llm-script'] } : {}),
    onAsk,
    ...(o.conversation ? { conversation: o.conversation } : {}),
    mode: o.mode,
    ...(maxTurns ? { maxTurns } : {}),
    events: o.events,
    trustProject: o['trust-project'],
    inContainer: o['in-container'],
    ...(o.worktree !== undefined ? { worktree: o.worktree } : {}),
  };
}
