/**
 * Issue 11, "Sending while a run is going": the message waits for the run to end and is then sent;
 * nothing typed is lost, and no misleading error is shown.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, llmRequests, say, script, send, transcript } from './ui-helpers.js';

test.describe('a message sent while the agent works', () => {
  // The job runs until the test says so (a flag file), so a loaded machine cannot end it before the queue is tested.
  test.use({
    llmScript: script(
      call('run_command', { command: 'until [ -e release.flag ]; do sleep 0.1; done' }),
      say('first done'),
      say('second answer'),
    ),
  });

  test('is queued, can be taken back to edit, and is sent when the run ends', async ({ app }) => {
    const { page } = app;
    const box = page.getByRole('textbox', { name: 'Message' });
    await send(page, 'start the slow job');
    await (await approvalPrompt(page, 'run_command')).getByRole('button', { name: /Allow once/ }).click();
    await expect(page.getByRole('button', { name: 'Stop' })).toBeEnabled();
    await expect(box).toHaveAttribute('placeholder', /waits until it finishes/);

    await send(page, 'and then summarise');
    const queued = page.getByRole('region', { name: 'Queued messages' });
    await expect(queued).toContainText('sent when the agent finishes');
    await expect(queued).toContainText('and then summarise');
    await expect(box).toHaveValue('');
    await expect(page.getByRole('alert')).toHaveCount(0);

    // Taken back: the text returns to the box, nothing lost.
    await queued.getByRole('button', { name: 'Edit' }).click();
    await expect(box).toHaveValue('and then summarise');
    await expect(queued).toHaveCount(0);
    await box.press('End');
    await box.pressSequentially(', briefly');
    await box.press('Enter');
    await expect(queued).toContainText('and then summarise, briefly');
    await writeFile(path.join(app.projectDir, 'release.flag'), '');

    // The run ends; the queued message goes out as the next turn.
    await expect(transcript(page)).toContainText('first done');
    await expect(transcript(page).getByLabel('You').filter({ hasText: 'and then summarise, briefly' })).toBeVisible();
    await expect(transcript(page)).toContainText('second answer');
    await expect(queued).toHaveCount(0);
    await expect(page.getByText('codecoder.json has to be fixed first')).toHaveCount(0);
    const last = llmRequests(app).at(-1)!.body as { messages: { role: string; content: unknown }[] };
    expect(JSON.stringify(last.messages.at(-1))).toContain('and then summarise, briefly');
  });
});
