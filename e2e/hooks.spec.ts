/**
 * Hooks in the app: the trust review lists the command line of each hook a codecoder.json ships;
 * once trusted, its PreToolUse guard refuses `rm` (the tool card says why); your own PostToolUse hook,
 * added through the Permissions tab's Hooks section, runs after a write; the section lists both with
 * their last runs and output, turns one off (kept in the data folder) and removes yours.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { approvalPrompt, call, openPermissions, say, script, send, toolCards } from './ui-helpers.js';

const GUARD = `node -e 'const i=JSON.parse(require("fs").readFileSync(0,"utf8")); if (/^rm/.test(i.tool_input.command)) { console.error("rm is not allowed in this repo"); process.exit(2) }'`;
const NOTE = `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"checked by my hook"}}'`;

test.use({
  projectFiles: {
    'codecoder.json': JSON.stringify(
      { hooks: { PreToolUse: [{ matcher: 'run_command', hooks: [{ type: 'command', command: GUARD }] }] } },
      null,
      2,
    ),
  },
  llmScript: script(call('run_command', { command: 'rm -rf build' }), call('write_file', { path: 'a.txt', content: 'x\n' }), say('finished writing')),
});

test('the review lists the hook; trusted, it refuses rm; the Hooks section adds yours, shows runs with output, turns off and removes', async ({
  app,
}) => {
  const { page, dataDir } = app;
  const review = page.getByRole('dialog', { name: "This folder's codecoder.json would allow:" });
  await expect(review).toBeVisible();
  const hook = review.getByTestId('trust-hook');
  await expect(hook).toHaveCount(1);
  await expect(hook).toContainText('PreToolUse');
  await expect(hook).toContainText('rm is not allowed in this repo');
  await review.getByRole('button', { name: 'Trust' }).click();
  await expect(review).toHaveCount(0);

  // Your own hook, through the form: it lands in <data dir>/hooks.json.
  const panel = await openPermissions(page);
  const section = panel.getByRole('region', { name: 'Hooks' });
  const form = section.getByRole('form', { name: 'Add your own hook' });
  await form.getByLabel('Event').selectOption('PostToolUse');
  await form.getByLabel('Tools').fill('write_file');
  await form.getByLabel('Command').fill(NOTE);
  await form.getByRole('button', { name: 'Add hook' }).click();
  const mine = section.getByRole('article', { name: /^PostToolUse hook echo/ });
  await expect(mine).toBeVisible();
  expect(JSON.parse(await readFile(path.join(dataDir, 'hooks.json'), 'utf8'))).toEqual({
    hooks: { PostToolUse: [{ matcher: 'write_file', hooks: [{ type: 'command', command: NOTE }] }] },
  });

  await page.getByRole('tab', { name: 'Conversation' }).click();
  await send(page, 'clean up and write');
  await expect(toolCards(page, 'run_command').first()).toContainText('rm is not allowed in this repo');
  const prompt = await approvalPrompt(page, 'write_file');
  await prompt.getByRole('button', { name: /Allow once/ }).click();
  await expect(page.getByText('finished writing')).toBeVisible();

  await openPermissions(page);
  const guard = section.getByRole('article', { name: /^PreToolUse hook node -e/ });
  await expect(guard.getByTestId('hook-state')).toHaveText('runs');
  await expect(guard.getByTestId('hook-run').first()).toContainText('refused');
  await expect(guard.getByTestId('hook-run').first()).toContainText('exit 2');
  await guard.getByTestId('hook-run').first().getByText('Output').click();
  await expect(guard.getByLabel('stderr')).toContainText('rm is not allowed in this repo');
  await expect(mine.getByTestId('hook-run').first()).toContainText('added a note');
  await expect(mine).toContainText('yours');
  // A project's hook is edited in codecoder.json: no Remove on it.
  await expect(guard.getByRole('button', { name: /^Remove/ })).toHaveCount(0);

  await mine.getByRole('button', { name: /^Turn off PostToolUse hook/ }).click();
  await expect(mine.getByTestId('hook-state')).toHaveText('disabled');
  const state = JSON.parse(await readFile(path.join(dataDir, 'hooks-state.json'), 'utf8')) as { disabled: string[] };
  expect(state.disabled).toHaveLength(1);
  await mine.getByRole('button', { name: /^Turn on PostToolUse hook/ }).click();
  await expect(mine.getByTestId('hook-state')).toHaveText('runs');

  await mine.getByRole('button', { name: /^Remove PostToolUse hook/ }).click();
  await expect(mine).toHaveCount(0);
  expect(JSON.parse(await readFile(path.join(dataDir, 'hooks.json'), 'utf8'))).toEqual({ hooks: {} });
});
