/**
 * "Restore to here" from the transcript — the files it will change are listed first, the
 * files come back (one of them removed by `rm` through run_command), the conversation is rewound on
 * request (the rewound prompt back in the message box), and the restore is undone from the transcript
 * — the messages with it, unless the conversation moved on since.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { auditFileFor } from '../main/core/permissions/index.js';
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, say, script, send, transcript } from './ui-helpers.js';

/** The agent's run both describes start from: a write, a deletion through the shell, an answer. */
const TIDY_UP = [
  call('write_file', { path: 'notes.txt', content: 'rewritten by the agent\n' }),
  call('run_command', { command: 'rm README.md' }),
  say('Tidied up.'),
];

test.describe('checkpoints', () => {
  test.use({
    projectFiles: { 'notes.txt': 'original notes\n' },
    llmScript: script(...TIDY_UP),
  });

  test('restore from the transcript, with the conversation rewound, then undo it', async ({ app }) => {
    const { page, projectDir, dataDir } = app;
    await send(page, 'tidy up the project');
    for (const tool of ['write_file', 'run_command']) {
      const p = await approvalPrompt(page, tool);
      await p.getByRole('button', { name: /Allow once/ }).click();
    }
    await expect(transcript(page)).toContainText('Tidied up.');
    await expect(stat(path.join(projectDir, 'README.md'))).rejects.toThrow();

    const rows = transcript(page).getByLabel('Checkpoint');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('Checkpoint before turn 1 of “tidy up the project”');
    await rows.first().getByRole('button', { name: 'Restore to here' }).click();

    const panel = page.getByRole('dialog', { name: /Restore files to turn 1/ });
    const list = panel.getByRole('list', { name: 'Files it will change' });
    await expect(list.getByRole('listitem')).toHaveText(['README.md brought back', 'notes.txt restored']);
    await panel.getByRole('checkbox', { name: /Also rewind the conversation/ }).check();
    await panel.getByRole('button', { name: 'Restore' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Restored 2 files and rewound the conversation' })).toBeVisible();
    // As Esc Esc in Claude Code: the rewound prompt is back in the message box, to edit and send again.
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('tidy up the project');
    expect(await readFile(path.join(projectDir, 'notes.txt'), 'utf8')).toBe('original notes\n');
    expect(await readFile(path.join(projectDir, 'README.md'), 'utf8')).toBe('# demo project\n');
    // Rewound: the message and its run are gone; the restore can be undone from the transcript.
    await expect(transcript(page).getByLabel('You', { exact: true })).toHaveCount(0);
    await expect(transcript(page)).not.toContainText('Tidied up.');
    const undo = transcript(page).getByRole('button', { name: 'Undo this restore' });
    await expect(undo).toBeVisible();
    const audit = await readFile(auditFileFor(dataDir, projectDir), 'utf8');
    expect(audit).toContain('"tool":"checkpoint_restore"');

    // Undo brings back the files and, by default, the messages the rewind cut.
    await undo.click();
    const undoPanel = page.getByRole('dialog', { name: /Restore files to before restoring/ });
    await expect(undoPanel.getByRole('listitem')).toHaveText(['README.md removed', 'notes.txt restored']);
    const putBack = undoPanel.getByRole('checkbox', { name: /Also put the conversation back as it was \(brings back \d+ messages\)/ });
    await expect(putBack).toBeChecked();
    await undoPanel.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Restored 2 files and brought back \d+ messages\./ })).toBeVisible();
    expect(await readFile(path.join(projectDir, 'notes.txt'), 'utf8')).toBe('rewritten by the agent\n');
    await expect(stat(path.join(projectDir, 'README.md'))).rejects.toThrow();
    await expect(transcript(page).getByLabel('You', { exact: true })).toHaveCount(1);
    await expect(transcript(page)).toContainText('Tidied up.');
  });

  test('/rewind lists the checkpoints and the user chooses one, with keys alone', async ({ app }) => {
    const { page } = app;
    await send(page, 'tidy up the project');
    for (const tool of ['write_file', 'run_command']) {
      const p = await approvalPrompt(page, tool);
      await p.getByRole('button', { name: /Allow once/ }).click();
    }
    await expect(transcript(page)).toContainText('Tidied up.');
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.focus();
    await page.keyboard.type('/rewind');
    await page.keyboard.press('Enter');
    const picker = page.getByRole('region', { name: 'Rewind to a checkpoint' });
    const choices = picker.getByRole('listitem');
    await expect(choices).toHaveCount(2);
    await expect(choices.nth(0)).toContainText('Before turn 2');
    await expect(choices.nth(1)).toContainText('Before turn 1');
    // Focus is on the newest; the older one is a Tab away, and Enter chooses it.
    await expect(choices.nth(0).getByRole('button')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(choices.nth(1).getByRole('button')).toBeFocused();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: /Restore files to turn 1/ });
    await expect(panel.getByRole('listitem')).toHaveText(['README.md brought back', 'notes.txt restored']);
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel).toHaveCount(0);

    // Esc closes the list and gives the message box its focus back.
    await box.focus();
    await page.keyboard.type('/rewind');
    await page.keyboard.press('Enter');
    await expect(picker.getByRole('listitem').first().getByRole('button')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(picker).toHaveCount(0);
    await expect(box).toBeFocused();
  });
});

test.describe('checkpoints: undo after the conversation moved on', () => {
  test.use({
    projectFiles: { 'notes.txt': 'original notes\n' },
    llmScript: script(...TIDY_UP, say('Only the notes, then.')),
  });

  test('an undo refuses to bury newer messages, and says why; the files alone still come back', async ({ app }) => {
    const { page, projectDir } = app;
    await send(page, 'tidy up the project');
    for (const tool of ['write_file', 'run_command']) {
      const p = await approvalPrompt(page, tool);
      await p.getByRole('button', { name: /Allow once/ }).click();
    }
    await expect(transcript(page)).toContainText('Tidied up.');
    await transcript(page).getByLabel('Checkpoint').first().getByRole('button', { name: 'Restore to here' }).click();
    const panel = page.getByRole('dialog', { name: /Restore files to turn 1/ });
    await panel.getByRole('checkbox', { name: /Also rewind the conversation/ }).check();
    await panel.getByRole('button', { name: 'Restore' }).click();
    const box = page.getByRole('textbox', { name: 'Message' });
    await expect(box).toHaveValue('tidy up the project');

    // The user edits the prompt and sends it: the conversation has moved on.
    await box.fill('tidy up the notes only');
    await box.press('Enter');
    await expect(transcript(page).getByLabel('You', { exact: true })).toHaveCount(1);
    await expect(transcript(page)).toContainText('tidy up the notes only');
    await expect(transcript(page)).toContainText('Only the notes, then.');

    await transcript(page).getByRole('button', { name: 'Undo this restore' }).first().click();
    const undoPanel = page.getByRole('dialog', { name: /Restore files to before restoring/ });
    await expect(undoPanel.getByRole('checkbox', { name: /Also put the conversation back/ })).toBeChecked();
    await undoPanel.getByRole('button', { name: 'Restore' }).click();
    await expect(undoPanel.getByText(/Nothing was restored: \d+ messages? (was|were) added to the conversation since/)).toBeVisible();
    expect(await readFile(path.join(projectDir, 'notes.txt'), 'utf8')).toBe('original notes\n');

    await undoPanel.getByRole('checkbox', { name: /Also put the conversation back/ }).uncheck();
    await undoPanel.getByRole('button', { name: 'Restore' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Restored 2 files.' })).toBeVisible();
    expect(await readFile(path.join(projectDir, 'notes.txt'), 'utf8')).toBe('rewritten by the agent\n');
    await expect(transcript(page)).toContainText('tidy up the notes only');
  });
});
