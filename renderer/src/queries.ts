import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getApi, unwrap } from './bridge/index.js';

/** Query keys in one place, so events can invalidate exactly what they change. */
export const keys = {
  appInfo: ['app.info'] as const,
  settings: ['settings'] as const,
  recent: ['recent'] as const,
  /** The answering provider's models (the header's picker); dropped when the settings change. */
  models: ['settings.listModels'] as const,
};

export const useAppInfo = () => useQuery({ queryKey: keys.appInfo, queryFn: () => unwrap(getApi().app.info({})) });
export const useSettings = () => useQuery({ queryKey: keys.settings, queryFn: () => unwrap(getApi().settings.get({})) });
export const useRecent = () => useQuery({ queryKey: keys.recent, queryFn: () => unwrap(getApi().recent.list({})) });

/** Project-window queries: the allowlist, the tool catalogue, approvals, conversations. */
export const projectKeys = {
  allowlist: ['allowlist'] as const,
  catalogue: ['tools.catalogue'] as const,
  approvals: ['approvals'] as const,
  conversations: ['conversations'] as const,
  conversationEvents: (id: string) => ['conversation.events', id] as const,
  audit: (filter: { tool?: string; decision?: string }) => ['audit', filter] as const,
  files: (query: string) => ['project.files', query] as const,
  agents: ['agents'] as const,
  agentDiff: (id: string) => ['agents.diff', id] as const,
  typedMentions: (typed: readonly string[]) => ['project.typedMentions', ...typed] as const,
  viewFile: (path: string) => ['project.viewFile', path] as const,
};

export const useAllowlist = () => useQuery({ queryKey: projectKeys.allowlist, queryFn: () => unwrap(getApi().allowlist.list({})) });
/** The catalogue never changes while the app runs. */
export const useCatalogue = () =>
  useQuery({ queryKey: projectKeys.catalogue, queryFn: () => unwrap(getApi().tools.catalogue({})), staleTime: Infinity });
/** The tools whose calls run a shell command, as each tool declares it (`touches.keyFromCommand`). */
export function useCommandTools(): ReadonlySet<string> {
  const { data } = useCatalogue();
  return useMemo(() => new Set((data ?? []).filter((t) => t.touches.keyFromCommand).map((t) => t.name)), [data]);
}
export const useApprovals = () => useQuery({ queryKey: projectKeys.approvals, queryFn: () => unwrap(getApi().approvals.list({})) });
export const useConversations = () =>
  useQuery({ queryKey: projectKeys.conversations, queryFn: () => unwrap(getApi().conversations.list({})) });
