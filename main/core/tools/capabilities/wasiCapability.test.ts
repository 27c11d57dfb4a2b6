/**
 * WASI capabilities end to end: create_capability and run_capability through runToolChecked and
 * the real permission engine (project grants in codecoder.json, keys bound to the module's bytes),
 * with real node:wasi runs of modules assembled byte by byte (env/wasm/wasiModules.testkit.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildWasmModule,
  WASI_ERRNO_NOTCAPABLE,
  WASI_OFLAG_TRUNC,
  wasiEchoModule,
  wasiSpinModule,
  wasiWriteModule,
} from '../../env/wasm/wasiModules.testkit.js';
import { runToolChecked } from '../../agent/index.js';
import { makeEngine } from '../../permissions/permissions.testkit.js';
import type { AskAnswer, AskRequest } from '../../permissions/index.js';
import { tempProject, testCtx, testDeps } from '../execute/execute.testkit.js';
import { keyEnvironmentResolver } from '../keyEnvironment.js';
import type { Tool, ToolContext } from '../types.js';
import { capabilityTools } from './index.js';
import { contentHash, MAX_WASM_BYTES, type CapabilityManifest } from './manifest.js';
import { runCapabilityIn } from './runner.js';
import { loadCapability } from './store.js';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const CAP_DIR = '.codecoder/capabilities';

async function setup(opts: { asker?: (req: AskRequest) => Promise<AskAnswer> } = {}) {
  const { root, dataDir } = tempProject();
  const deps = testDeps(root, dataDir);
  const tools = capabilityTools(deps);
  const tool = (name: string) => tools.find((t) => t.name === name) as Tool<any>;
  const registry = { get: (n: string) => tools.find((t) => t.name === n) };
  // The prompts go to a ScriptedAsker, or to the given function (for tests that act while one is open).
  const newEngine = () =>
    makeEngine(root, { environmentOfKey: keyEnvironmentResolver(registry, root), ...(opts.asker ? { asker: opts.asker } : {}) });
  let h = await newEngine();
  const ctx = testCtx(root, dataDir);
  return {
    root,
    dataDir,
    deps,
    ctx,
    tool,
    get asker() {
      return h.asker;
    },
    /** A fresh engine: codecoder.json is read again, as when the app restarts. */
    async restart() {
      h.engine.close();
      h = await newEngine();
    },
    run(name: string, args: unknown, c: ToolContext = ctx) {
      return runToolChecked(tool(name), args, h.engine, c);
    },
  };
}

const echoArgs = (over: object = {}) => ({
  name: 'echo',
  description: 'Prints its argv and environment',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, additionalProperties: false },
  environment: 'wasm',
  runtime: 'wasi',
  code: b64(wasiEchoModule()),
  ...over,
});

describe('WASI capabilities', () => {
  it('are created (base64 → main.wasm), listed with their runtime, and run with argv [name, argsJson] and CAPABILITY_ARGS', async () => {
    const s = await setup();
    s.asker.answer({ choice: 'once' });
    const created = await s.run('create_capability', echoArgs());
    expect(created.status).toBe('executed');
    expect(created.result.content).toContain('main.wasm');
    expect(s.asker.asked[0]!.flags?.notes?.join('\n')).toMatch(/WASI module[\s\S]*module of \d+ bytes importing args_get, args_sizes_get/);
    const dir = path.join(s.root, CAP_DIR, 'echo');
    expect(new Uint8Array(readFileSync(path.join(dir, 'main.wasm')))).toEqual(wasiEchoModule());
    expect(JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'))).toMatchObject({ environment: 'wasm', runtime: 'wasi' });

    const list = await s.run('list_capabilities', {});
    expect(list.result.data).toMatchObject({ capabilities: [{ name: 'echo', environment: 'wasm', runtime: 'wasi' }] });

    s.asker.answer({ choice: 'once' });
    const r = await s.run('run_capability', { name: 'echo', args: { text: 'hi' } });
    expect(r.status).toBe('executed');
    const ask = s.asker.asked[1]!;
    expect(ask.key.raw).toMatch(/^run_capability:echo@[0-9a-f]{12}$/);
    expect(ask).toMatchObject({ environment: 'wasm', ceiling: 'project' });
    expect(ask.flags?.notes?.join('\n')).toContain('read-only at /project');
    expect(r.result.isError).toBe(false);
    expect(r.result.content).toBe('run_capability echo: exit code 0\necho\n{"text":"hi"}\nCAPABILITY_ARGS={"text":"hi"}\n');
    expect(r.result.data).toMatchObject({ exitCode: 0, reason: 'exit', runtime: 'wasi', projectAccess: 'read-only' });
    // Streamed to the UI, and the whole output is in the run's log.
    expect(s.ctx.chunks.join('')).toBe('echo\n{"text":"hi"}\nCAPABILITY_ARGS={"text":"hi"}\n');
    expect(readFileSync(r.result.fullLogPath!, 'utf8')).toContain('CAPABILITY_ARGS={"text":"hi"}');
  });

  it('reports a non-zero exit code as an error', async () => {
    const s = await setup();
    s.asker.answer({ choice: 'once' }, { choice: 'once' });
    await s.run('create_capability', echoArgs({ code: b64(wasiEchoModule({ exitCode: 3 })) }));
    const r = await s.run('run_capability', { name: 'echo', args: {} });
    expect(r.result.isError).toBe(true);
    expect(r.result.content).toMatch(/^run_capability echo: exit code 3\n/);
  });

  it('a project grant is bound to the module bytes: one changed byte is a new key, and the old grant no longer matches', async () => {
    const s = await setup();
    s.asker.answer({ choice: 'once' }, { choice: 'project' });
    await s.run('create_capability', echoArgs());
    const first = await s.run('run_capability', { name: 'echo', args: {} });
    expect(first.status).toBe('executed');
    const grantedKey = s.asker.asked[1]!.key.raw;
    expect(JSON.parse(readFileSync(path.join(s.root, 'codecoder.json'), 'utf8')).allowlist).toEqual({ [grantedKey]: 'AlwaysThisProject' });

    // Read back from codecoder.json by a new engine: honoured for the project, no prompt.
    await s.restart();
    const again = await s.run('run_capability', { name: 'echo', args: {} });
    expect(again).toMatchObject({ status: 'executed', decision: { allowed: true, via: 'project' } });

    // One byte different (the exit code's immediate): a new key, asked again, the old entry unused.
    const changed = wasiEchoModule({ exitCode: 1 });
    expect([...changed].filter((b, i) => b !== wasiEchoModule()[i])).toHaveLength(1);
    s.asker.answer({ choice: 'once' });
    await s.run('create_capability', echoArgs({ code: b64(changed) }));
    await s.restart();
    s.asker.answer({ choice: 'deny', reason: 'not this one' });
    const after = await s.run('run_capability', { name: 'echo', args: {} });
    expect(after.status).toBe('refused');
    const reasked = s.asker.asked.at(-1)!;
    expect(reasked.key.raw).toMatch(/^run_capability:echo@/);
    expect(reasked.key.raw).not.toBe(grantedKey);
    // The old entry's environment is no longer the capability's: it could not reach the project level.
    expect(keyEnvironmentResolver({ get: () => undefined }, s.root)(grantedKey)).toBe('shell');
    expect(keyEnvironmentResolver({ get: () => undefined }, s.root)(reasked.key.raw)).toBe('wasm');
  });

  it('sees the project read-only by default; write_project makes it writable (and is part of the hash)', async () => {
    const s = await setup();
    writeFileSync(path.join(s.root, 'in.txt'), 'hello');
    const writer = (name: string, grants?: string[], oflags = 0) =>
      echoArgs({ name, code: b64(wasiWriteModule({ path: 'in.txt', content: 'XX', oflags })), ...(grants ? { grants } : {}) });

    s.asker.answer({ choice: 'once' }, { choice: 'once' }, { choice: 'once' }, { choice: 'once' });
    await s.run('create_capability', writer('ro'));
    await s.run('create_capability', writer('ro_trunc', undefined, WASI_OFLAG_TRUNC));
    const ro = await s.run('run_capability', { name: 'ro', args: {} });
    expect(ro.result.content).toContain(`exit code ${WASI_ERRNO_NOTCAPABLE}`);
    const roTrunc = await s.run('run_capability', { name: 'ro_trunc', args: {} });
    expect(roTrunc.result.content).toContain(`exit code ${WASI_ERRNO_NOTCAPABLE}`);
    expect(readFileSync(path.join(s.root, 'in.txt'), 'utf8')).toBe('hello');

    s.asker.answer({ choice: 'once' }, { choice: 'once' });
    await s.run('create_capability', writer('rw', ['write_project']));
    const rw = await s.run('run_capability', { name: 'rw', args: {} });
    expect(s.asker.asked.at(-1)!.flags?.notes?.join('\n')).toContain('WRITABLE at /project');
    expect(rw.result).toMatchObject({ isError: false, data: { exitCode: 0, projectAccess: 'read-write' } });
    expect(readFileSync(path.join(s.root, 'in.txt'), 'utf8')).toBe('XXllo');

    const ro2 = await loadCapability(s.root, 'ro');
    const rwCap = await loadCapability(s.root, 'rw');
    expect(ro2.code).toEqual(rwCap.code);
    expect(ro2.hash).not.toBe(rwCap.hash);
  });

  it('refuses bad modules and bad grants before anyone is asked, naming the field', async () => {
    const s = await setup();
    const refused = async (over: object) => {
      const r = await s.run('create_capability', echoArgs(over));
      expect(r.status).toBe('invalid-args');
      return r.result.content;
    };
    expect(await refused({ code: 'AGFzbQEA\nAAA*!' })).toMatch(/code: not base64 \(character "\*" at 12\)/);
    expect(await refused({ code: 'AGFzbQEAAAA' + '==' + 'AA' })).toMatch(/code: not base64 \(bad padding or length\)/);
    expect(await refused({ code: b64(Buffer.from('#!/bin/sh\necho hi\n')) })).toMatch(/code: not WebAssembly/);
    expect(await refused({ code: b64(Uint8Array.from([0, 0x61, 0x73, 0x6d, 2, 0, 0, 0])) })).toMatch(/code: WebAssembly binary version 2/);
    expect(await refused({ code: b64(Uint8Array.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 0x63])) })).toMatch(
      /code: not a valid WebAssembly module/,
    );
    const envImport = buildWasmModule({ imports: [{ module: 'env', name: 'system', params: [] }], body: [] });
    expect(await refused({ code: b64(envImport) })).toMatch(
      /code: the module imports env\.system \(function\); only functions of wasi_snapshot_preview1/,
    );
    expect(await refused({ code: b64(buildWasmModule({ imports: [], body: [], exportStart: false })) })).toMatch(
      /code: the module exports no _start function/,
    );
    expect(await refused({ code: b64(buildWasmModule({ imports: [], body: [], exportMemory: false })) })).toMatch(
      /code: the module exports no memory/,
    );
    expect(await refused({ code: b64(new Uint8Array(MAX_WASM_BYTES + 1)) })).toMatch(/code: the module is \d+ bytes, over 4194304/);
    expect(await refused({ grants: ['read_project'] })).toMatch(/grants: a WASI module always sees the project read-only/);
    expect(await refused({ runtime: undefined, code: 'export default () => 1', grants: ['write_project'] })).toMatch(
      /grants: write_project is for WASI modules/,
    );
    expect(await refused({ environment: 'shell', code: 'echo', runtime: 'wasi' })).toMatch(
      /runtime: runtime is for the wasm environment only/,
    );
    expect(await refused({ runtime: 'native' })).toMatch(/runtime: Invalid option/);
    expect(s.asker.asked).toHaveLength(0);
  });

  it('validates main.wasm again on every load (it can be replaced by hand)', async () => {
    const s = await setup();
    s.asker.answer({ choice: 'once' });
    await s.run('create_capability', echoArgs());
    const envImport = buildWasmModule({ imports: [{ module: 'env', name: 'system', params: [] }], body: [] });
    writeFileSync(path.join(s.root, CAP_DIR, 'echo/main.wasm'), envImport);
    const r = await s.run('run_capability', { name: 'echo', args: {} });
    expect(r.status).toBe('refused');
    expect(r.result.content).toContain(`"${CAP_DIR}/echo/main.wasm": the module imports env.system`);
    const list = await s.run('list_capabilities', {});
    expect(list.result.data).toMatchObject({ capabilities: [{ name: 'echo', invalid: expect.stringContaining('imports env.system') }] });
    expect(s.asker.asked).toHaveLength(1);
  });

  it('stops a module at its deadline (timeout_ms) and keeps what it printed', async () => {
    const s = await setup();
    s.asker.answer({ choice: 'once' }, { choice: 'once' });
    await s.run('create_capability', echoArgs({ name: 'spin', code: b64(wasiSpinModule()), timeout_ms: 300 }));
    const r = await s.run('run_capability', { name: 'spin', args: {} });
    expect(r.status).toBe('executed');
    expect(r.result.isError).toBe(true);
    expect(r.result.content).toMatch(/^run_capability spin: timed out after \d+ ms; the module was stopped\nspinning\n$/);
    expect(r.result.data).toMatchObject({ reason: 'timeout', exitCode: null });
  });

  it('is cancelled mid-run by the signal (here: as soon as its first output is streamed)', async () => {
    const s = await setup();
    s.asker.answer({ choice: 'once' }, { choice: 'once' });
    await s.run('create_capability', echoArgs({ name: 'spin', code: b64(wasiSpinModule('tick\n')), timeout_ms: 600_000 }));
    const ac = new AbortController();
    const ctx = testCtx(s.root, s.dataDir, { signal: ac.signal, output: (t) => t.includes('tick') && ac.abort() });
    const r = await s.run('run_capability', { name: 'spin', args: {} }, ctx);
    expect(r.status).toBe('executed');
    expect(r.result.content).toBe('run_capability spin: cancelled; the module was stopped\ntick\n');
    expect(r.result.data).toMatchObject({ reason: 'cancelled' });
  });

  it('runs the approved snapshot: a module swapped while the prompt is open is refused, and the runner never reads main.wasm', async () => {
    const swapped = wasiEchoModule({ exitCode: 9 });
    let root = '';
    const s = await setup({
      asker: async (req) => {
        if (req.tool === 'run_capability') writeFileSync(path.join(root, CAP_DIR, 'echo/main.wasm'), swapped);
        return { choice: 'once' };
      },
    });
    root = s.root;
    await s.run('create_capability', echoArgs());
    const r = await s.run('run_capability', { name: 'echo', args: {} });
    expect(r.result.isError).toBe(true);
    expect(r.result.content).toContain('changed after it was approved');

    // The runner itself: given the approved snapshot, it runs those bytes whatever is on disk now.
    await s.run('create_capability', echoArgs());
    const snap = await loadCapability(s.root, 'echo');
    writeFileSync(path.join(s.root, CAP_DIR, 'echo/main.wasm'), swapped);
    const out = await runCapabilityIn(snap, { text: 'snap' }, s.ctx, s.deps);
    expect(out.content).toMatch(/^run_capability echo: exit code 0\n/);
    expect((await loadCapability(s.root, 'echo')).code).toEqual(swapped);
  });

  it('keeps the hash of manifests written before runtimes existed', () => {
    const m = {
      name: 'upper',
      description: 'Upper-cases text',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
      environment: 'wasm',
      grants: ['read_project'],
      timeout_ms: 5000,
    } as CapabilityManifest;
    const code = 'export default (a) => a.text.toUpperCase()';
    // Computed with manifest.ts as it was before runtimes were added.
    expect(contentHash(m, code)).toBe('2265afc0c710');
    expect(contentHash({ ...m, runtime: undefined }, code)).toBe('2265afc0c710');
    expect(contentHash({ ...m, runtime: 'quickjs' }, code)).not.toBe('2265afc0c710');
  });
});
