import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentView, MethodOutput } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { projectKeys } from '../../queries.js';
import { useEvent } from '../../ui/useEvent.js';

type AgentList = MethodOutput<'agents.list'>;

/** The list with one agent replaced (or added at the end, or removed). */
function upsert(list: AgentList | undefined, agent: AgentView, removed: boolean): AgentList | undefined {
  if (!list) return list;
  const others = list.agents.filter((a) => a.id !== agent.id);
  if (removed) return { ...list, agents: others };
  const at = list.agents.findIndex((a) => a.id === agent.id);
  const agents = at < 0 ? [...others, agent] : list.agents.map((a) => (a.id === agent.id ? agent : a));
  return { ...list, agents };
}

/**
 * The project's background agents, kept current by `agents.status` (one agent at a time); its
 * diff is read again when it changes, since it may have changed files.
 */
export function useAgents() {
  const queryClient = useQueryClient();
  useEvent('agents.status', ({ agent, removed }) => {
    queryClient.setQueryData<AgentList>(projectKeys.agents, (list) => upsert(list, agent, removed));
    void queryClient.invalidateQueries({ queryKey: projectKeys.agentDiff(agent.id) });
  });
  return useQuery({ queryKey: projectKeys.agents, queryFn: () => unwrap(getApi().agents.list({})) });
}

export function useAgentDiff(id: string) {
  return useQuery({ queryKey: projectKeys.agentDiff(id), queryFn: () => unwrap(getApi().agents.diff({ id })) });
}

/** A method's answer put into the list at once (main's agents.status confirms it). */
function useAgentMutation<I>(call: (input: I) => Promise<AgentView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (agent) => queryClient.setQueryData<AgentList>(projectKeys.agents, (list) => upsert(list, agent, false)),
  });
}

export function useStartAgent() {
  return useAgentMutation((v: { prompt: string; name?: string }) => unwrap(getApi().agents.start(v)));
}

export function useStopAgent() {
  return useAgentMutation((id: string) => unwrap(getApi().agents.stop({ id })));
}

export function useMergeAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(getApi().agents.merge({ id })),
    onSuccess: (r) => {
      queryClient.setQueryData<AgentList>(projectKeys.agents, (list) => upsert(list, r.agent, false));
      void queryClient.invalidateQueries({ queryKey: projectKeys.agentDiff(r.agent.id) });
    },
  });
}

export function useDiscardAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agent: AgentView) => unwrap(getApi().agents.discard({ id: agent.id })),
    onSuccess: (_r, agent) => queryClient.setQueryData<AgentList>(projectKeys.agents, (list) => upsert(list, agent, true)),
  });
}
