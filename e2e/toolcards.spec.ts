/**
 * Issue 11, "Tool cards": a card names what its call is about while folded, its arguments read as
 * labelled fields (not JSON), and a denied edit keeps the diff its prompt proposed.
 */
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, say, script, send, toolCards, transcript } from './ui-helpers.js';

test.describe('a denied write', () => {
  test.use({
    llmScript: script(
      call('glob', { pattern: '**/*.md' }),
      call('write_file', { path: 'notes/plan.md', content: '# plan\n- first step\n- second step\n' }),
      say('I will not write it.'),
    ),
  });

  test('names its file, lists its arguments and keeps its proposed diff', async ({ app }) => {
    const { page } = app;
    await send(page, 'plan it');
    const prompt = await approvalPrompt(page, 'write_file');
    await prompt.getByRole('button', { name: /Deny/ }).click();
    await expect(transcript(page)).toContainText('I will not write it.');

    const glob = toolCards(page, 'glob').first();
    await expect(glob.getByTestId('tool-subject')).toHaveText('**/*.md');

    const card = toolCards(page, 'write_file').first();
    await expect(card.getByTestId('tool-subject')).toHaveText('notes/plan.md');
    await expect(card.getByTestId('decision')).toHaveText('denied');
    const diff = card.getByLabel('Proposed changes to notes/plan.md (not applied)');
    await expect(diff).toContainText('+- first step');

    await card.getByText('Arguments', { exact: true }).click();
    const args = card.locator('.arg-list');
    await expect(args.locator('dt')).toHaveText(['path', 'content']);
    await expect(args).toContainText('- second step');
    await expect(args).not.toContainText('{"');
    await expect(args).not.toContainText('\\n');
  });
});
