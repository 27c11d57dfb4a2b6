import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileSecretStore, isSealedSecret } from './fileSecretStore.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
async function withFile(content: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cc-secrets-'));
  dirs.push(dir);
  await writeFile(path.join(dir, 'secrets.json'), JSON.stringify(content));
  return dir;
}
// What safeStorage.encryptString(...).toString('base64') looks like: "v10" + ciphertext.
const SEALED = Buffer.concat([Buffer.from('v10'), Buffer.from([1, 2, 3, 4, 5, 6])]).toString('base64');

describe('fileSecretStore and the desktop app’s sealed keys', () => {
  it('recognises safeStorage output and no ordinary key', () => {
    expect(isSealedSecret(SEALED)).toBe(true);
    expect(isSealedSecret('sk-ant-api03-abcdef')).toBe(false);
    expect(isSealedSecret('sk-proj-abcdef')).toBe(false);
  });

  it('never replaces or removes a sealed key (the user would lose it), and says where to change it', async () => {
    const dir = await withFile({ 'apiKey.anthropic': SEALED, 'apiKey.openai': 'sk-plain-1234' });
    const store = fileSecretStore(dir);
    expect(() => store.set('apiKey.anthropic', 'sk-new-5678')).toThrow(/saved by the desktop app.*CODECODER_DATA_DIR/);
    expect(() => store.delete('apiKey.anthropic')).toThrow(/saved by the desktop app/);
    store.set('apiKey.openai', 'sk-plain-9999');
    const after = JSON.parse(await readFile(path.join(dir, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(after).toEqual({ 'apiKey.anthropic': SEALED, 'apiKey.openai': 'sk-plain-9999' });
  });

  it('with hideSealed (the web host), a sealed key reads as absent instead of being sent as a key', async () => {
    const dir = await withFile({ 'apiKey.anthropic': SEALED, 'apiKey.openai': 'sk-plain-1234' });
    expect(fileSecretStore(dir, { hideSealed: true }).get('apiKey.anthropic')).toBeUndefined();
    expect(fileSecretStore(dir, { hideSealed: true }).get('apiKey.openai')).toBe('sk-plain-1234');
    // The CLI reads it raw, to name the problem (savedSettings.ts).
    expect(fileSecretStore(dir).get('apiKey.anthropic')).toBe(SEALED);
  });
});
