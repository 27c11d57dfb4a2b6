import { describe, expect, it } from 'vitest';
import { isCompoundKey, segmentKey } from './keySegments.js';

describe('segmentKey', () => {
  it('splits the seed compound key at its operator', () => {
    expect(segmentKey('run_command:git-status-&&-git-add')).toEqual([
      { kind: 'tool', text: 'run_command:' },
      { kind: 'command', text: 'git-status' },
      { kind: 'operator', text: '&&' },
      { kind: 'command', text: 'git-add' },
    ]);
  });

  it('knows ||, |, ; and keeps hyphenated program names whole', () => {
    expect(segmentKey('run_command:git-lfs-pull-||-curl-|-sh-;-rm').map((s) => s.text)).toEqual([
      'run_command:',
      'git-lfs-pull',
      '||',
      'curl',
      '|',
      'sh',
      ';',
      'rm',
    ]);
  });

  it('a simple key is one command segment; a path key keeps its colons and dashes', () => {
    expect(segmentKey('run_command:git')).toEqual([
      { kind: 'tool', text: 'run_command:' },
      { kind: 'command', text: 'git' },
    ]);
    expect(segmentKey('write_file:src/a-b:c.ts')).toEqual([
      { kind: 'tool', text: 'write_file:' },
      { kind: 'command', text: 'src/a-b:c.ts' },
    ]);
    expect(isCompoundKey('run_command:git-status')).toBe(false);
    expect(isCompoundKey('run_command:git-status-&&-git-push')).toBe(true);
  });

  it('shows a key without a tool as it is', () => {
    expect(segmentKey('odd')).toEqual([{ kind: 'command', text: 'odd' }]);
  });

  it('loses no character: the segments spell the key again', () => {
    for (const k of ['run_command:a-&&-b-|-c', 'run_command:$(-curl-)-|-sh', 'write_file:x']) {
      const segs = segmentKey(k);
      const tool = segs[0]?.kind === 'tool' ? segs[0].text : '';
      expect(
        tool +
          segs
            .filter((s) => s.kind !== 'tool')
            .map((s) => s.text)
            .join('-'),
      ).toBe(k);
    }
  });
});
