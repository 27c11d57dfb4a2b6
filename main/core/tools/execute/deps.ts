import type { ContainerLimits } from '../../env/index.js';

/** Settings of the execute tools, all optional (defaults in each tool). */
export interface ExecuteSettings {
  /** Default and maximum timeout of a foreground run_command (ms). */
  defaultTimeoutMs?: number;
  maxTimeoutMs?: number;
  /** SIGTERM → SIGKILL grace period. */
  killGraceMs?: number;
  /** Characters of output the model reads (head + tail). */
  headChars?: number;
  tailChars?: number;
  /** How many background processes may run at once per project. */
  maxBackground?: number;
  /** run_container's image and limits. */
  containerImage?: string;
  containerLimits?: Partial<ContainerLimits>;
  /** Hosts every run_sandboxed call may reach (a call may add its own, for that call). */
  sandboxAllowedDomains?: string[];
  /** The shell for run_command (default: $SHELL when POSIX, else /bin/bash). */
  shell?: string;
}

/**
 * Narrow on purpose: the app's ToolDeps (tools/deps.ts, which holds these settings) satisfies it, and
 * tests pass just these. Said here rather than picked from ToolDeps, so the two files do not import
 * each other.
 */
export interface ExecuteDeps {
  projectRoot: string;
  /** The app data folder: command logs; never readable from the sandbox. */
  dataDir: string;
  /** API keys and tokens the app holds: removed from a child process's environment. */
  secretsToScrub(): string[];
  /** Files the app reads a secret from (`--api-key-file`): unreadable in the sandbox, masked in a container. */
  hiddenFiles?(): string[];
  execute?: ExecuteSettings;
  /**
   * The container engine chosen in Settings, read at each call: its address (over CONTAINER_HOST /
   * DOCKER_HOST) and whether the project is sent as a copy. Absent: the environment decides.
   */
  containerEngine?(): ContainerEngineSetting;
  /**
   * "Agent in a container": true when the conversation's commands run in a container. run_command
   * then runs in the container environment (the engine, image, limits and confinement of
   * run_container, no network) under its own key; nothing else about the call changes.
   */
  commandsInContainer?(conversationId: string): boolean;
}

export interface ContainerEngineSetting {
  host?: string;
  copyProject?: boolean;
}
