/** `codecoder run` with an MCP tool: the trusted project's server starts, its tool is offered and asked for, and the server is stopped at exit. */
import { execFileSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, expect, it } from 'vitest';
import { FIXTURE, processesMatching } from '../../mcp/mcp.testkit.js';
import { run } from './run.js';
import { useTempDir } from '../../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

it("codecoder run --trust-project offers the project's MCP tools, asks for them, and stops the server", async () => {
  const dir = await tempDirs('cc-runmcp-');
  const data = await tempDirs('cc-runmcp-data-');
  dirs.push(dir, data);
  execFileSync('git', ['init', '-q'], { cwd: dir });
  const marker = `runmcp-${path.basename(dir)}`;
  await writeFile(
    path.join(dir, 'codecoder.json'),
    JSON.stringify({ mcpServers: { fx: { command: process.execPath, args: [FIXTURE, 'tools', 'lookup', marker] } } }),
  );
  const script = path.join(data, 'script.json');
  await writeFile(
    script,
    JSON.stringify({
      models: ['scripted'],
      turns: [{ toolCalls: [{ name: 'mcp__fx__lookup', input: { text: 'hi' } }] }, { text: 'all done' }],
    }),
  );
  const out: string[] = [];
  const err: string[] = [];
  const stdout = new PassThrough().on('data', (c) => out.push(String(c)));
  const stderr = new PassThrough().on('data', (c) => err.push(String(c)));
  const code = await run(['--project', dir, '--llm-script', script, '--on-ask', 'once', '--trust-project', 'use the server'], {
    stdin: new PassThrough(),
    stdout,
    stderr,
    env: { CODECODER_DATA_DIR: data, PATH: process.env.PATH },
  });
  expect(err.join('')).toContain('mcp:fx:lookup: allowed via once');
  expect(out.join('')).toContain('all done');
  expect(code).toBe(0);
  expect(processesMatching(marker)).toEqual([]);
}, 30_000);
