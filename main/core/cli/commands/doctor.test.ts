import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from './doctor.js';

function io() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  return { io: { stdin: new PassThrough(), stdout, stderr, env: process.env }, out: () => out, err: () => err };
}

describe('codecoder doctor', () => {
  it('--json reports the four environments, each with whether it works and why', async () => {
    const t = io();
    const code = await run(['--json'], t.io);
    const report = JSON.parse(t.out()) as { environments: { environment: string; ok: boolean; detail: string }[] };
    expect(report.environments.map((e) => e.environment)).toEqual(['shell', 'wasm', 'sandbox', 'docker']);
    for (const e of report.environments) expect(e.detail.length).toBeGreaterThan(0);
    // shell and wasm need nothing but node here; they must work on every machine we support.
    expect(report.environments.find((e) => e.environment === 'shell')?.ok).toBe(true);
    expect(report.environments.find((e) => e.environment === 'wasm')?.ok).toBe(true);
    expect(code).toBe(0);
  }, 120_000);

  it('rejects an unknown option', async () => {
    const t = io();
    expect(await run(['--frobnicate'], t.io)).toBe(2);
    expect(t.err()).toContain('--frobnicate');
  });
});
