import { AppError, type ConversationSummary } from '../../../../shared/contract/index.js';
import { checkAttachments } from '../../projects/index.js';
import type { Handlers } from '../../router/index.js';
import { mapErrors } from '../errors.js';
import type { ProjectRuntime } from '../projectRuntime.js';
import type { ProjectRuntimes } from '../projectRuntimes.js';
import type { WindowContext } from '../windows.js';

export function agentHandlers(runtimes: ProjectRuntimes): Handlers<WindowContext> {
  const running = (rt: ProjectRuntime) => new Set(rt.agent.runtime.activeRuns().map((r) => r.conversationId));
  const summary = async (rt: ProjectRuntime, id: string): Promise<ConversationSummary> => {
    const found = (await rt.agent.runtime.conversations.list()).find((c) => c.id === id);
    if (!found) throw new AppError('not_found', `There is no conversation ${id} in this project.`);
    return { ...found, running: running(rt).has(id) };
  };
  return {
    'approvals.list': async (_i, ctx) => (await runtimes.of(ctx)).pendingApprovals(),
    'approvals.answer': async ({ id, answer }, ctx) => {
      const rt = await runtimes.of(ctx);
      await mapErrors(() => rt.agent.approvals.answer(id, answer));
      return { ok: true as const };
    },
    'approvals.answerPresets': async ({ id, accept }, ctx) => {
      const rt = await runtimes.of(ctx);
      await mapErrors(() => rt.agent.approvals.answerPresets(id, accept));
      return { ok: true as const };
    },
    'conversations.list': async (_i, ctx) => {
      const rt = await runtimes.of(ctx);
      const active = running(rt);
      return (await rt.agent.runtime.conversations.list()).map((c) => ({ ...c, running: active.has(c.id) }));
    },
    'conversations.create': async (_i, ctx) => {
      const rt = await runtimes.of(ctx);
      const meta = await rt.agent.runtime.conversations.create({ title: 'New conversation' });
      return summary(rt, meta.id);
    },
    'conversations.rename': async ({ id, title }, ctx) => {
      const rt = await runtimes.of(ctx);
      await summary(rt, id);
      await mapErrors(() => rt.agent.runtime.conversations.rename(id, title));
      return summary(rt, id);
    },
    'conversations.delete': async ({ id }, ctx) => {
      const rt = await runtimes.of(ctx);
      if (running(rt).has(id))
        throw new AppError('conflict', 'The agent is still working in this conversation: stop it before deleting it.');
      await mapErrors(() => rt.agent.runtime.conversations.remove(id));
      return { ok: true as const };
    },
    'conversations.rewind': async ({ id, messageIndex, text }, ctx) => {
      const rt = await runtimes.of(ctx);
      if (running(rt).has(id)) throw new AppError('conflict', 'The agent is still working in this conversation: stop it first.');
      const conversations = rt.agent.runtime.conversations;
      const loaded = await mapErrors(() => conversations.load(id));
      // The file's messages are counted from its start: after a compaction they no longer match what is shown.
      if (loaded.events.some((e) => e.type === 'context.compacted'))
        throw new AppError('conflict', 'This conversation was compacted: its earlier messages can no longer be edited here.');
      const m = loaded.messages[messageIndex];
      const first = m?.role === 'user' ? m.content.find((b) => b.type === 'text') : undefined;
      if (first?.type !== 'text' || first.text !== text)
        throw new AppError('conflict', 'That message is no longer where it was in this conversation: reload it and try again.');
      return mapErrors(() => conversations.rewind(id, messageIndex));
    },
    'conversations.events': async ({ id }, ctx) => {
      const rt = await runtimes.of(ctx);
      const loaded = await mapErrors(() => rt.agent.runtime.conversations.load(id));
      return { conversation: await summary(rt, id), events: loaded.events };
    },
    'agent.send': async ({ conversationId, text, attachments, inContainer }, ctx) => {
      const rt = await runtimes.of(ctx);
      if (running(rt).has(conversationId))
        throw new AppError('conflict', 'The agent is still working in this conversation: wait for it or press Stop.');
      if (inContainer !== undefined) rt.setCommandsInContainer(conversationId, inContainer);
      const files = attachments?.length ? await checkAttachments(ctx.window.project!.path, attachments) : [];
      // A new conversation is named after its first message.
      const before = await summary(rt, conversationId);
      if (before.messageCount === 0 && before.title === 'New conversation')
        await mapErrors(() => rt.agent.runtime.conversations.rename(conversationId, text));
      const handle = await mapErrors(() =>
        rt.agent.runtime.start({ prompt: text, conversationId, ...(files.length ? { attachments: files } : {}) }),
      );
      handle.done.catch(() => {});
      return { runId: handle.runId };
    },
    'agent.stop': async ({ conversationId }, ctx) => {
      const rt = await runtimes.of(ctx);
      const runs = rt.agent.runtime.activeRuns().filter((r) => r.conversationId === conversationId);
      for (const r of runs) rt.agent.runtime.cancel(r.runId);
      return { stopped: runs.length > 0 };
    },
    'agent.stopCall': async ({ conversationId, callId }, ctx) => {
      const rt = await runtimes.of(ctx);
      return { stopped: rt.agent.runtime.stopCall(conversationId, callId) };
    },
  };
}
