/**
 * Hooks in the app: the trust review lists the command line of each hook a codecoder.json ships;
 * once trusted, its PreToolUse guard refuses `rm` (the tool card says why) and the user's own
 * PostToolUse hook runs after a write; the Permissions tab's Hooks section lists both, with their
 * last runs and output, and turns one off (kept in the data folder).
 */
import { readFile, writeFile } from 'node:fs/promises';
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
  llmScript: script(call('run_command', { command: 'rm -rf build' }), call('write_file', { path: 'a.txt', content: 'x\n' }), say('done')),
});

test('the review lists the hook; trusted, it refuses rm; the Hooks section shows runs with output and turns a hook off', async ({
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
  await writeFile(
    path.join(dataDir, 'hooks.json'),
    JSON.stringify({ hooks: { PostToolUse: [{ matcher: 'write_file', hooks: [{ type: 'command', command: NOTE }] }] } }),
  );

  await send(page, 'clean up and write');
  await expect(toolCards(page, 'run_command').first()).toContainText('rm is not allowed in this repo');
  const prompt = await approvalPrompt(page, 'write_file');
  await prompt.getByRole('button', { name: /Allow once/ }).click();
  await expect(page.getByText('done')).toBeVisible();

  const panel = await openPermissions(page);
  const section = panel.getByRole('region', { name: 'Hooks' });
  const guard = section.getByRole('article', { name: /^PreToolUse hook node -e/ });
  const mine = section.getByRole('article', { name: /^PostToolUse hook echo/ });
  await expect(guard.getByTestId('hook-state')).toHaveText('runs');
  await expect(guard.getByTestId('hook-run').first()).toContainText('refused');
  await expect(guard.getByTestId('hook-run').first()).toContainText('exit 2');
  await guard.getByTestId('hook-run').first().getByText('Output').click();
  await expect(guard.getByLabel('stderr')).toContainText('rm is not allowed in this repo');
  await expect(mine.getByTestId('hook-run').first()).toContainText('added a note');
  await expect(mine).toContainText('yours');

  await mine.getByRole('button', { name: /^Turn off PostToolUse hook/ }).click();
  await expect(mine.getByTestId('hook-state')).toHaveText('disabled');
  const state = JSON.parse(await readFile(path.join(dataDir, 'hooks-state.json'), 'utf8')) as { disabled: string[] };
  expect(state.disabled).toHaveLength(1);
  await mine.getByRole('button', { name: /^Turn on PostToolUse hook/ }).click();
  await expect(mine.getByTestId('hook-state')).toHaveText('runs');
});
