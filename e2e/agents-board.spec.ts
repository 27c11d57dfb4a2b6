/**
 * The Agents board's renderer against contract-checked answers (e2e/fakeAgentHost.ts): every state
 * an agent can show at once — queued, running, waiting with a prompt, finished, a merge conflict, the
 * discard confirmation — checked with axe in both themes at 1024×700, and the board driven by the
 * keyboard alone. The same flows against the real agents core and the scripted model are in
 * agents.spec.ts.
 */
import type { Page } from '@playwright/test';
import type { AgentMergeView, AgentView, MethodOutput, PendingApprovalView } from '../shared/contract/index.js';
import { fakeAgentHost, type FakeHost } from './fakeAgentHost.js';
import { expectAccessible } from './support/axe.js';
import { expect, screenshotDir, test } from './support/fixtures.js';
import { setTheme, tabTo } from './ui-helpers.js';

// axe walks every node of a screen: on a loaded two-core machine that takes a while.
test.describe.configure({ timeout: 120_000 });

// eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here
test.beforeEach(({}, testInfo) => {
  test.skip(
    testInfo.project.name === 'electron',
    "These specs answer agent methods by routing the web host's WebSocket, which the desktop app does not use; the real-agent version (agents.spec.ts) runs in both projects.",
  );
});

const BASE = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const agent = (id: string, over: Partial<AgentView> = {}): AgentView => ({
  id,
  name: id,
  status: 'running',
  prompt: `Task of ${id}`,
  branch: `codecoder/${id}`,
  baseCommit: BASE,
  worktree: `/data/worktrees/${id}`,
  conversationId: `conv-${id}`,
  createdAt: 1,
  updatedAt: 2,
  waitingApprovals: [],
  filesChanged: 0,
  usage: { inputTokens: 0, outputTokens: 0, costUsd: null },
  ...over,
});

const prompt: PendingApprovalView = {
  id: 'ap-1',
  kind: 'tool',
  agentId: 'main',
  conversationId: 'conv-fix-login',
  worktreeAgentId: 'fix-login',
  depth: 0,
  createdAt: 1,
  tool: 'run_command',
  environment: 'shell',
  key: 'run_command:npm',
  ceiling: 'session',
  scopes: ['once', 'session'],
  args: { command: 'npm test' },
  preview: { command: 'npm test', argv: ['npm', 'test'] },
};

const fileDiff = (name: string, before: string, after: string) =>
  [
    `diff --git a/${name} b/${name}`,
    'index 1111111..2222222 100644',
    `--- a/${name}`,
    `+++ b/${name}`,
    '@@ -1 +1 @@',
    `-${before}`,
    `+${after}`,
    '',
  ].join('\n');

const conflict = (a: AgentView): AgentMergeView => ({
  outcome: 'conflict',
  message: 'README.md was changed on both sides.',
  files: ['README.md'],
  conflicts: [
    {
      path: 'README.md',
      diff: fileDiff('README.md', '# demo project', '<<<<<<< HEAD\n+# ours\n+=======\n+# theirs\n+>>>>>>> codecoder/tests'),
    },
  ],
  agent: a,
});

interface Board {
  host: FakeHost;
  agents: AgentView[];
  answered: unknown[];
}

async function withBoard(page: Page, agents: AgentView[], approvals: PendingApprovalView[] = []): Promise<Board> {
  const board: Board = { host: undefined as unknown as FakeHost, agents, answered: [] };
  const list = (): MethodOutput<'agents.list'> => ({ agents: board.agents, limit: 2 });
  const find = (id: string) => board.agents.find((a) => a.id === id)!;
  board.host = await fakeAgentHost(page, {
    'approvals.list': () => approvals,
    'approvals.answer': (input) => {
      board.answered.push(input);
      approvals = approvals.filter((a) => a.id !== input.id);
      return { ok: true };
    },
    'agents.list': list,
    'agents.start': ({ prompt: task, name }) => {
      const a = agent(name ?? 'new-agent', { prompt: task, status: 'queued' });
      board.agents = [...board.agents, a];
      return a;
    },
    'agents.stop': ({ id }) => ({ ...find(id), status: 'stopped' }),
    'agents.diff': ({ id }) => ({
      id,
      baseCommit: BASE,
      files: [
        { path: 'src/login.ts', change: 'modified', protected: false },
        { path: 'codecoder.json', change: 'modified', protected: true },
      ],
      diff: fileDiff('src/login.ts', 'return false;', 'return ok;') + fileDiff('codecoder.json', '{}', '{"allow":[]}'),
      truncated: false,
    }),
    'agents.merge': ({ id }) => conflict(find(id)),
    'agents.discard': ({ id }) => {
      board.agents = board.agents.filter((a) => a.id !== id);
      return { ok: true };
    },
    'agents.events': ({ id }) => ({ agent: find(id), events: [] }),
  });
  return board;
}

const everyState = () => [
  agent('fix-login', {
    status: 'waiting',
    prompt: 'Fix the login form: the submit button stays disabled after a failed attempt',
    waitingApprovals: ['ap-1'],
    filesChanged: 2,
    usage: { inputTokens: 12_400, outputTokens: 830, cacheReadTokens: 9000, costUsd: 0.0421 },
  }),
  agent('tests', { status: 'finished', filesChanged: 3, usage: { inputTokens: 5000, outputTokens: 400, costUsd: 0.012 } }),
  agent('docs', { status: 'running', filesChanged: 1 }),
  agent('refactor', { status: 'queued' }),
  agent('spike', { status: 'failed', message: 'The model stopped: max_tokens' }),
];

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

for (const theme of ['light', 'dark'] as const) {
  test(`the board in every state is accessible at 1024×700 (${theme})`, async ({ app }) => {
    const { page } = app;
    await setTheme(page, theme);
    await withBoard(page, everyState(), [prompt]);
    // On another tab the dock shows an agent's prompt as usual, naming the agent, with a way to the board.
    const dock = page.getByRole('region', { name: 'Approvals' });
    await expect(dock.getByRole('dialog', { name: /Allow run_command/ })).toContainText('background agent fix-login');
    await dock.getByRole('button', { name: 'agent fix-login' }).click();
    await expect(page.getByRole('tab', { name: /Agents/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('agents-summary')).toHaveText('2 of 2 running at once · 1 waiting for you · 1 queued');
    // The tab says someone waits, from any tab.
    await expect(page.getByRole('tab', { name: /Agents/ }).getByLabel('1 agent waiting for you')).toBeVisible();
    const waiting = card(page, 'fix-login');
    await expect(waiting.getByTestId('agent-status')).toHaveText('Waiting for you');
    await expect(waiting.getByTestId('agent-files')).toHaveText('2 files changed');
    await expect(waiting.getByTestId('agent-usage')).toContainText('12k in (9.0k cached) · 830 out');
    await expect(waiting.getByTestId('agent-usage')).toContainText('$0.0421');
    await expect(waiting.getByRole('dialog', { name: /Allow run_command/ })).toContainText('background agent fix-login');
    // The board shows its agents' prompts itself: the dock below does not repeat them.
    await expect(page.getByRole('region', { name: 'Approvals' })).toHaveCount(0);
    await expect(card(page, 'spike')).toContainText('max_tokens');
    await expect(card(page, 'refactor').getByRole('button', { name: 'Merge' })).toHaveCount(0);

    // The README's picture: the board as it opens, a prompt waiting on the first card.
    await expect(waiting.getByRole('dialog', { name: /Allow run_command/ })).toHaveAttribute('data-clickable', 'true');
    await page.screenshot({ path: `${screenshotDir}/agents-board-${theme}.png` });

    // A merge that conflicts: shown with git's markers, nothing forced.
    await card(page, 'tests').getByRole('button', { name: 'Merge' }).click();
    const outcome = card(page, 'tests').getByRole('alert').filter({ hasText: 'would conflict' });
    await expect(outcome).toContainText('README.md was changed on both sides.');
    await expect(outcome.getByRole('list', { name: 'Conflicts' })).toContainText('<<<<<<< HEAD');
    // And the discard confirmation, open.
    await card(page, 'docs').getByRole('button', { name: 'Discard…' }).click();
    await expect(card(page, 'docs').getByRole('alertdialog', { name: 'Discard docs?' })).toBeVisible();
    await expectAccessible(page, `agents board (${theme})`);

    // The review: each file's diff, the protected entry marked.
    await card(page, 'tests').getByRole('button', { name: 'Review changes' }).click();
    const review = page.getByRole('region', { name: /Changes of tests/ });
    await expect(review.getByRole('heading', { name: /Changes of tests/ })).toBeFocused();
    await expect(review.getByRole('list', { name: 'Files changed' })).toContainText('protected: merging it asks first');
    const diffs = review.getByTestId('agent-diffs');
    await expect(diffs.getByTestId('diff-view').or(diffs.getByTestId('plain-diff'))).toHaveCount(2);
    await expect(review.getByRole('region', { name: 'Changes to src/login.ts' })).toContainText('return ok;');
    await expectAccessible(page, `agent review (${theme})`);
  });
}

test('the board by keyboard alone: start an agent, answer its prompt, review, discard with confirmation', async ({ app }) => {
  const { page } = app;
  const board = await withBoard(page, [agent('fix-login', { status: 'waiting', waitingApprovals: ['ap-1'] })], [prompt]);

  // "New agent" in the project's head opens the Agents tab with the task field focused.
  await tabTo(page, page.getByRole('button', { name: 'New agent' }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: /Agents/ })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'New agent' });
  await expect(form.getByLabel('Task')).toBeFocused();
  await page.keyboard.type('Write the missing tests for the date helpers');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Bad Name');
  await expect(form.getByText('Name: use lower-case letters')).toBeVisible();
  await expect(form.getByRole('button', { name: /Start agent/ })).toBeDisabled();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('date-tests');
  await form.getByLabel('Task').focus();
  await page.keyboard.press('Control+Enter');
  await expect
    .poll(() => board.host.calls.filter((c) => c.method === 'agents.start').map((c) => c.input))
    .toEqual([{ prompt: 'Write the missing tests for the date helpers', name: 'date-tests' }]);
  // Focus goes to the new agent's card; main's status event updates it in place.
  await expect(card(page, 'date-tests')).toBeFocused();
  board.host.push('agents.status', {
    agent: agent('date-tests', { status: 'running', prompt: 'Write the missing tests for the date helpers' }),
    removed: false,
  });
  await expect(card(page, 'date-tests').getByTestId('agent-status')).toHaveText('Running');

  // The waiting prompt, answered from its card with the prompt's own keys.
  const dialog = card(page, 'fix-login').getByRole('dialog', { name: /Allow run_command/ });
  await dialog.focus();
  await expect(dialog).toHaveAttribute('data-armed', 'true');
  await page.keyboard.press('Enter');
  await expect.poll(() => board.answered).toEqual([{ id: 'ap-1', answer: { choice: 'once' } }]);
  await expect(dialog).toHaveCount(0);

  // Review and back: focus returns to the button that opened it.
  const reviewButton = card(page, 'fix-login').getByRole('button', { name: 'Review changes' });
  await reviewButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /Changes of fix-login/ })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: '← Agents' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(reviewButton).toBeFocused();

  // Discard: Escape keeps it, the confirmation's Discard removes it.
  const discard = card(page, 'fix-login').getByRole('button', { name: 'Discard…' });
  await discard.focus();
  await page.keyboard.press('Enter');
  const confirm = card(page, 'fix-login').getByRole('alertdialog', { name: 'Discard fix-login?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(discard).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Discard fix-login' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card(page, 'fix-login')).toHaveCount(0);
  // Its card is gone: focus lands on the board's own New agent, not on the page's body.
  await expect(page.getByRole('region', { name: 'Agents' }).getByRole('button', { name: 'New agent' })).toBeFocused();
  expect(board.host.calls.filter((c) => c.method === 'agents.discard').map((c) => c.input)).toEqual([{ id: 'fix-login' }]);
});
