import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { expandHome } from '../core/app/index.js';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, 'cli.ts');
const tsx = path.resolve(import.meta.dirname, '../../node_modules/.bin/tsx');

async function start(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const r = await run(tsx, [cli, ...args], { timeout: 30_000 });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, out: (e.stdout ?? '') + (e.stderr ?? '') };
  }
}

describe('web host command line', () => {
  it('--help explains the options and exits 0', async () => {
    const r = await start(['--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: npm run start:web');
    expect(r.out).toContain('--port N');
  }, 40_000);

  it('a missing --project folder is an error, not a silent start screen', async () => {
    const r = await start(['--project', '/definitely/not/here-cc']);
    expect(r.code).toBe(2);
    expect(r.out).toContain('no such folder');
  }, 40_000);
});

describe('expandHome', () => {
  it('expands ~ and ~/…, leaves ~user and other paths alone', () => {
    expect(expandHome('~', '/home/u')).toBe('/home/u');
    expect(expandHome('~/src/app', '/home/u')).toBe(path.join('/home/u', 'src/app'));
    expect(expandHome('~bob/x', '/home/u')).toBe('~bob/x');
    expect(expandHome('/abs/~/x', '/home/u')).toBe('/abs/~/x');
  });
});
