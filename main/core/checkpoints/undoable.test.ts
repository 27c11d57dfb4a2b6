import { describe, expect, it } from 'vitest';
import { commandPermission } from '../permissions/index.js';
import { cannotUndoNote, outsideWriteTargets } from './undoable.js';

const notesOf = (command: string) => {
  const p = commandPermission(command);
  return p.kind === 'ask' ? p.flags?.notes : undefined;
};

describe('write targets a checkpoint cannot undo (from the real classifier)', () => {
  it('names targets outside the project: absolute, .., ~', () => {
    expect(outsideWriteTargets(notesOf('echo hi > /tmp/x.txt'), '/work/p')).toEqual(['/tmp/x.txt']);
    expect(outsideWriteTargets(notesOf('echo hi >> ../sibling/log'), '/work/p')).toEqual(['../sibling/log']);
    expect(outsideWriteTargets(notesOf('echo hi > ~/.bashrc'), '/work/p')).toEqual(['~/.bashrc']);
    expect(cannotUndoNote(notesOf('date > /etc/motd'), '/work/p')).toBe(
      'writes outside the project (/etc/motd): checkpoints cannot undo this',
    );
  });
  it('says nothing for targets inside the project, device files, or a target named at run time', () => {
    expect(outsideWriteTargets(notesOf('echo hi > out.txt'), '/work/p')).toEqual([]);
    expect(outsideWriteTargets(notesOf('echo hi > /work/p/build/x'), '/work/p')).toEqual([]);
    expect(outsideWriteTargets(notesOf('make 2> /dev/null'), '/work/p')).toEqual([]);
    expect(outsideWriteTargets(notesOf('echo hi > "$OUT"'), '/work/p')).toEqual([]);
    expect(cannotUndoNote(notesOf('git status'), '/work/p')).toBeUndefined();
  });
});
