import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from '../llm/index.js';
import { readFileTool } from '../tools/index.js';
import { ApprovalQueue } from '../approvals/index.js';
import { runAgent } from './loop.js';
import { EventLog, fakeGate, instantRetry, registryOf, scriptedProvider, toolResultsSent } from './agent.testkit.js';

let server: ScriptedServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe.each(['anthropic', 'openai'] as const)('attachments (@-mentions) over %s', (kind) => {
  it('are read through the gate before the first turn, shown as calls, and in the model’s first request', async () => {
    server = await startScriptedServer({ script: { turns: [{ text: 'It says hello.' }] } });
    const root = await mkdtemp(path.join(tmpdir(), 'cc-attach-'));
    dirs.push(root, `${root}-logs`);
    await writeFile(path.join(root, 'notes.md'), 'hello from the notes\n');
    const approvals = new ApprovalQueue();
    const gate = fakeGate(approvals);
    const log = new EventLog();
    const result = await runAgent(
      {
        provider: scriptedProvider(kind, server, instantRetry),
        registry: registryOf([readFileTool()]),
        gate,
        emit: log.emit,
        projectRoot: root,
        logDir: `${root}-logs`,
        memory: null,
      },
      { prompt: 'what does @notes.md say?', conversationId: 'c1', attachments: ['notes.md'] },
    );
    expect(result.stopReason).toBe('end_turn');
    expect(gate.requests.map((r) => [r.tool, r.args])).toEqual([['read_file', { path: 'notes.md' }]]);
    expect(log.of('tool.call')[0]).toMatchObject({ tool: 'read_file', decision: 'allowed' });
    // One model request: it already holds the file's content, after the user's words.
    expect(server.requests).toHaveLength(1);
    const [sent] = toolResultsSent(server.requests[0]!.body);
    expect(sent).toContain('hello from the notes');
    expect(JSON.stringify(server.requests[0]!.body)).toContain('what does @notes.md say?');
    expect(result.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });
});
