import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../fs/tempDir.testkit.js';
import { SettingsService } from '../../settings/index.js';
import { confStore, fileSecretStore } from '../../stores/index.js';
import { run } from './doctor.js';

const temp = useTempDir();

function io(env: NodeJS.ProcessEnv = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  return { io: { stdin: new PassThrough(), stdout, stderr, env: { ...process.env, ...env } }, out: () => out, err: () => err };
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

  it("names the engine of Settings (or --engine) on the docker line, and why it cannot be used", async () => {
    const dataDir = temp.sync('cc-doctor-data-');
    new SettingsService({ store: confStore(dataDir, 'settings'), secrets: fileSecretStore(dataDir), env: {} }).update({
      containerEngine: { host: 'tcp://127.0.0.1:9' },
    });
    const saved = io({ CODECODER_DATA_DIR: dataDir });
    await run(['--json'], saved.io);
    const docker = (JSON.parse(saved.out()) as { environments: { environment: string; ok: boolean; detail: string }[] }).environments.find(
      (e) => e.environment === 'docker',
    );
    expect(docker).toMatchObject({ ok: false, detail: expect.stringContaining('the engine at tcp://127.0.0.1:9 (setting) does not answer') });
    const flag = io({ CODECODER_DATA_DIR: dataDir });
    await run(['--json', '--engine', 'npipe:////./pipe/docker_engine'], flag.io);
    expect(flag.out()).toContain('npipe:// is not supported');
    const missing = io();
    expect(await run(['--engine'], missing.io)).toBe(2);
    expect(missing.err()).toContain('--engine needs a value');
  }, 120_000);

  it('rejects an unknown option', async () => {
    const t = io();
    expect(await run(['--frobnicate'], t.io)).toBe(2);
    expect(t.err()).toContain('--frobnicate');
  });
});
