/**
 * Issue 20: after a hand edit, the re-trust review marks what changed against the content this user
 * trusted before — entries, deny rules, MCP servers and hooks added, changed or removed — and at
 * 1024×700 its Trust / Not now buttons are in view without scrolling, however long the review.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expectAccessible } from './support/axe.js';
import { expect, screenshotDir, test } from './support/fixtures.js';
import { openPermissions } from './ui-helpers.js';

const hook = (command: string) => [{ hooks: [{ type: 'command', command }] }];
const BEFORE = {
  allowlist: {
    'write_file:docs/**': 'AlwaysThisProject',
    'edit_file:src/**': 'AlwaysThisProject',
    'run_command:make': 'AlwaysThisSession',
  },
  deny: ['write_file:.env'],
  // Servers that never start here: the review lists what they would run.
  mcpServers: { lint: { command: 'lint-server', args: ['--strict'], disabled: true }, old: { command: 'old-server', disabled: true } },
  hooks: { Stop: hook('echo done') },
};
// Many entries, so the review is longer than the window at 1024×700.
const filler = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`write_file:generated/part${i}/**`, 'AlwaysThisProject']));
const AFTER = {
  allowlist: {
    'write_file:docs/**': 'AlwaysThisSession',
    'edit_file:src/**': 'AlwaysThisProject',
    'write_file:tests/**': 'AlwaysThisProject',
    ...filler,
  },
  deny: ['write_file:.env', 'write_file:secrets/**'],
  mcpServers: { lint: { command: 'lint-server', args: ['--fix'], disabled: true }, fresh: { command: 'fresh-server', disabled: true } },
  hooks: { Stop: hook('curl -d done https://example.com/hook') },
};

test.use({ projectFiles: { 'codecoder.json': JSON.stringify(BEFORE, null, 2) } });

test('a hand edit after trust: the review marks what was added, changed and removed; Trust stays in view', async ({ app }) => {
  const { page, projectDir } = app;
  const review = page.getByRole('dialog', { name: /codecoder\.json/ });
  await review.getByRole('button', { name: 'Trust' }).click();
  await expect(review).toHaveCount(0);

  const panel = await openPermissions(page);
  await writeFile(path.join(projectDir, 'codecoder.json'), JSON.stringify(AFTER, null, 2));
  const banner = panel.getByRole('status').filter({ hasText: 'codecoder.json changed on disk' });
  await banner.getByRole('button', { name: 'Reload' }).click();

  await expect(review.getByRole('heading', { level: 2 })).toHaveText(/changed since you trusted it/);
  await expect(review.getByTestId('trust-change-summary')).toHaveText(/Since you trusted it: \d+ added, 2 changed, 3 removed/);
  const entry = (key: string) => review.getByTestId('trust-entry').filter({ has: page.getByTestId('key').getByText(key, { exact: true }) });
  await expect(entry('write_file:tests/**').getByTestId('trust-change')).toHaveText('new');
  await expect(entry('write_file:docs/**').getByTestId('trust-change')).toHaveText('changed (was AlwaysThisProject)');
  await expect(entry('edit_file:src/**').getByTestId('trust-change')).toHaveCount(0);
  const server = (name: string) => review.getByTestId('trust-server').filter({ hasText: name });
  await expect(server('fresh').getByTestId('trust-change')).toHaveText('new');
  await expect(server('lint').getByTestId('trust-change')).toHaveText(/^changed \(was lint-server --strict/);
  await expect(review.getByTestId('trust-hook').getByTestId('trust-change')).toHaveText('new');
  await expect(review.getByRole('listitem').filter({ hasText: 'write_file:secrets/**' }).getByTestId('trust-change')).toHaveText('new');
  const removed = review.getByTestId('trust-removed');
  await expect(removed).toContainText('run_command:make');
  await expect(removed).toContainText('old');
  await expect(removed).toContainText('echo done');

  // The review is taller than the window, yet the decision is in view without scrolling.
  const box = await review.boundingBox();
  expect(box!.height).toBeGreaterThan(700);
  await expect(review.getByRole('heading', { level: 2 })).toBeInViewport();
  await expect(review.getByRole('button', { name: 'Trust' })).toBeInViewport({ ratio: 1 });
  await expect(review.getByRole('button', { name: 'Not now' })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: `${screenshotDir}/trust-review-changes.png` });

  // The theme follows the system until chosen (the review is modal: Settings is out of reach).
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expectAccessible(page, `the re-trust review with changes marked (${theme})`);
  }
  await review.getByRole('button', { name: 'Trust' }).click();
  await expect(review).toHaveCount(0);
});
