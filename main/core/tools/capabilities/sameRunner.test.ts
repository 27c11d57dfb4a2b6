/**
 * A shell capability runs on the execute tools' runner (env/run.ts): the same child environment,
 * the same output limits (head + tail, the full log) and the same output mode (one pipe, not the
 * pty). It used to re-implement the run and had drifted on all three.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExecuteDeps } from '../execute/deps.js';
import { createExecuteTools } from '../execute/index.js';
import { tempProject, testCtx } from '../execute/testSupport.js';
import type { Tool, ToolResult } from '../types.js';
import { capabilityTools } from './index.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

function setup(limits = { headChars: 120, tailChars: 80 }) {
  const { root, dataDir } = tempProject();
  made.push(path.dirname(root));
  const deps: ExecuteDeps = {
    projectRoot: root,
    dataDir,
    secretsToScrub: () => [],
    execute: { killGraceMs: 300, ...limits },
  };
  const find = (tools: Tool[], name: string) => tools.find((t) => t.name === name) as Tool<any>;
  const caps = capabilityTools(deps);
  const runCommand = find(createExecuteTools(deps).tools, 'run_command');
  const ctx = testCtx(root, dataDir);
  /** Runs `script` both ways: as run_command, and as a shell capability. */
  const both = async (script: string): Promise<[ToolResult, ToolResult]> => {
    await find(caps, 'create_capability').execute(
      { name: 'probe', description: 'probe', environment: 'shell', code: script, parameters: { type: 'object' } },
      ctx,
    );
    const cmd = await runCommand.execute({ command: script }, ctx);
    const run = find(caps, 'run_capability');
    await run.permission({ name: 'probe', args: {} }, { projectRoot: root }); // execute() runs only what was checked
    const cap = await run.execute({ name: 'probe', args: {} }, ctx);
    return [cmd, cap];
  };
  return { both };
}

/** The command's own output: what follows the first line of the result. */
const body = (r: ToolResult) => r.content.slice(r.content.indexOf('\n') + 1);

describe('capabilities run on the same runner as the execute tools', () => {
  it('output goes through a pipe, not the pty', async () => {
    const [cmd, cap] = await setup().both('if [ -t 1 ]; then echo tty; else echo pipe; fi');
    expect(body(cmd).trim()).toBe('pipe');
    expect(body(cap).trim()).toBe('pipe');
  });

  it('the same head and tail limits, with the full log', async () => {
    const [cmd, cap] = await setup().both('for i in $(seq 1 400); do echo "line $i"; done');
    const cut = (r: ToolResult) => /output cut: (\d+) characters omitted/.exec(r.content)?.[1];
    expect(cut(cmd)).toBeDefined();
    expect(cut(cap)).toBe(cut(cmd));
    expect(body(cap)).toBe(body(cmd));
    expect(cap.fullLogPath).toBeTruthy();
  });

  it('the same child environment', async () => {
    // What differs by design: the capability's arguments, and the values bash sets per run.
    const script = 'env | grep -v -E "^(CAPABILITY_ARGS|CODECODER_EXIT_TOKEN|_|SHLVL|PWD|OLDPWD)=" | sort';
    // Limits high enough that the whole environment is compared.
    const [cmd, cap] = await setup({ headChars: 1_000_000, tailChars: 1_000_000 }).both(script);
    expect(cmd.isError).toBeFalsy();
    expect(body(cmd)).toContain('CODECODER_AGENT=1');
    expect(body(cap)).toBe(body(cmd));
  });
});
