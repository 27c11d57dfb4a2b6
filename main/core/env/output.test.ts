import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { OutputPipeline, plainText } from './output.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

describe('OutputPipeline', () => {
  it('keeps a multi-byte character whole when a chunk boundary splits it', async () => {
    const seen: string[] = [];
    const p = new OutputPipeline({ onText: (t) => seen.push(t), batchBytes: 1 });
    const euro = Buffer.from('a€b😀c', 'utf8');
    // Feed one byte at a time: every boundary inside € (3 bytes) and 😀 (4 bytes) is hit.
    for (const byte of euro) p.write(Buffer.from([byte]));
    const s = await p.close();
    expect(seen.join('')).toBe('a€b😀c');
    expect(seen.join('')).not.toContain('\ufffd');
    expect(s.text).toBe('a€b😀c');
    expect(s.totalBytes).toBe(euro.length);
  });

  it('batches small chunks into one delivery per interval, and flushes at the size cap', async () => {
    vi.useFakeTimers();
    try {
      const seen: string[] = [];
      const p = new OutputPipeline({ onText: (t) => seen.push(t), batchMs: 16, batchBytes: 10 });
      p.write(Buffer.from('ab'));
      p.write(Buffer.from('cd'));
      expect(seen).toEqual([]);
      vi.advanceTimersByTime(16);
      expect(seen).toEqual(['abcd']);
      p.write(Buffer.from('0123456789xyz'));
      expect(seen).toEqual(['abcd', '0123456789xyz']);
      await p.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the head and the tail, says how much was left out, and logs everything', async () => {
    const dir = tempDirs.sync('cc-out-');
    const logPath = path.join(dir, 'run.log');
    const p = new OutputPipeline({ headChars: 10, tailChars: 10, logPath });
    p.write(Buffer.from('HEAD567890'));
    for (let i = 0; i < 1000; i++) p.write(Buffer.from('middle'));
    p.write(Buffer.from('0123456END'));
    const s = await p.close();
    expect(s.text.startsWith('HEAD567890')).toBe(true);
    expect(s.text.endsWith('0123456END')).toBe(true);
    expect(s.omittedChars).toBe(6000);
    expect(s.logPath).toBe(logPath);
    expect(readFileSync(logPath, 'utf8')).toBe('HEAD567890' + 'middle'.repeat(1000) + '0123456END');
  });

  it('pauses the producer while the log lags past the high-water mark and resumes after it drains', async () => {
    const dir = tempDirs.sync('cc-out-');
    const events: string[] = [];
    const p = new OutputPipeline({
      logPath: path.join(dir, 'bp.log'),
      highWaterBytes: 1024,
      pause: () => events.push('pause'),
      resume: () => events.push('resume'),
    });
    p.write(Buffer.alloc(4096, 0x61));
    expect(events).toEqual(['pause']);
    // Drain happens asynchronously once the file write completes.
    await new Promise<void>((resolve) => {
      const check = () => (events.includes('resume') ? resolve() : setImmediate(check));
      check();
    });
    expect(events).toEqual(['pause', 'resume']);
    const s = await p.close();
    expect(s.pauses).toBe(1);
  });
});

describe('plainText', () => {
  it('drops colour escapes and CRs for the model', () => {
    expect(plainText('\u001b[31mred\u001b[0m\r\nok\r\n')).toBe('red\nok\n');
    expect(plainText('10%\r50%\r100%\n')).toBe('100%\n');
  });
});
