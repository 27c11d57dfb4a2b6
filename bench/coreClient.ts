/**
 * The app's core driven as a window drives it — every request through the router and the contract,
 * every pushed event received — without a page or a socket: for benches whose figure is the host's
 * side (many agents at once) rather than the renderer's. A temp data folder, a git project folder
 * with the given files committed, a scripted model server, all removed by `close()`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventName, EventPayload, MethodName, MethodOutput, Result } from '../shared/contract/index.js';
import { createPlainNodeCore, type WindowSession } from '../main/core/app/index.js';
import { startScriptedServer, type ScriptInput, type ScriptedServer } from '../main/core/llm/index.js';

type Listener = (name: EventName, payload: unknown) => void;

export interface CoreClient {
  projectDir: string;
  model: ScriptedServer;
  call<M extends MethodName>(method: M, input?: unknown): Promise<MethodOutput<M>>;
  /** Every event pushed to this window from now on; returns the unsubscribe. */
  on(listener: Listener): () => void;
  close(): Promise<void>;
}

export async function startCoreClient(opts: { script: ScriptInput; files: Record<string, string> }): Promise<CoreClient> {
  const dirs: string[] = [];
  const closers: (() => Promise<unknown>)[] = [];
  const close = async () => {
    for (const c of closers.reverse()) await c();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  };
  try {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cc-bench-data-'));
    dirs.push(dataDir);
    const projectDir = await mkdtemp(path.join(tmpdir(), 'cc-bench-project-'));
    dirs.push(projectDir);
    for (const [rel, content] of Object.entries({ 'README.md': '# bench project\n', ...opts.files })) {
      await mkdir(path.dirname(path.join(projectDir, rel)), { recursive: true });
      await writeFile(path.join(projectDir, rel), content);
    }
    const git = (...args: string[]) => execFileSync('git', args, { cwd: projectDir, stdio: 'ignore' });
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid', 'commit', '-q', '-m', 'bench project');

    const model = await startScriptedServer({ script: opts.script });
    closers.push(() => model.close());
    const core = createPlainNodeCore({
      dataDir,
      env: {},
      llmOverride: () => ({ provider: 'anthropic', model: 'scripted', baseUrl: model.url, apiKey: 'scripted-bench-key' }),
    });
    closers.push(() => core.runtimes.closeAll());
    const listeners = new Set<Listener>();
    const window: WindowSession = {
      id: 'bench-window',
      project: null,
      emit: <E extends EventName>(name: E, payload: EventPayload<E>) => {
        for (const l of listeners) l(name, payload);
      },
    };
    core.windows.add(window);
    closers.push(() => core.closeWindow(window.id));
    const call = async <M extends MethodName>(method: M, input: unknown = {}): Promise<MethodOutput<M>> => {
      const r = (await core.router.call(method, input, { caller: window.id, window })) as Result<MethodOutput<M>>;
      if (!r.ok) throw new Error(`${method}: ${r.error.code}: ${r.error.message}`);
      return r.value;
    };
    await call('project.open', { path: projectDir });
    return {
      projectDir,
      model,
      call,
      on: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
