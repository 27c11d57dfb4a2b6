/**
 * Issue 6 §6: the approval round trip — tool call → prompt painted → click → executing — with the
 * user's own think time taken out. Wall-clock milliseconds on one machine: the host's events
 * (`tool.requested.at`, `tool.call.at`) and the page's `Date.now()` when the prompt is painted and
 * when its button is clicked; the page also marks when the host's approvals.changed arrived, which
 * splits the time into the host's share and the renderer's.
 */
import { expect, test } from './support/fixtures.js';
import { call, say, script, send } from './ui-helpers.js';

// eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here
test.beforeEach(({}, testInfo) => {
  test.skip(
    testInfo.project.name === 'electron',
    "The measure reads the host's events off the web host's WebSocket frames; the desktop app uses IPC.",
  );
});

const ROUNDS = 20;

test.use({
  llmScript: script(
    ...Array.from({ length: ROUNDS }, (_, i) => call('run_command', { command: `echo round-${i}` })),
    say('all rounds done'),
  ),
});

const p = (sorted: number[], q: number) => sorted[Math.ceil(q * sorted.length) - 1]!;

test('approval round trip: measured against p95 < 100 ms (renderer median enforced)', async ({ app }) => {
  test.setTimeout(120_000);
  const { page } = app;
  const requestedAt = new Map<string, number>();
  const executingAt = new Map<string, number>();
  page.on('websocket', (ws) =>
    ws.on('framereceived', (f) => {
      const msg = JSON.parse(String(f.payload)) as {
        type: string;
        name?: string;
        payload?: { type: string; at: number; args?: { command?: string } };
      };
      const e = msg.type === 'event' && msg.name === 'agent.event' ? msg.payload : undefined;
      if (e?.type === 'tool.requested') requestedAt.set(e.args?.command ?? '', e.at);
      if (e?.type === 'tool.call') executingAt.set(e.args?.command ?? '', e.at);
    }),
  );
  await page.reload();
  await page.evaluate(() => {
    const w = window as unknown as { __t: Record<string, { painted?: number; arrived?: number; clicked?: number }> };
    w.__t = {};
    const wall = (ms: number) => Math.round(performance.timeOrigin + ms);
    new MutationObserver(() => {
      for (const el of document.querySelectorAll<HTMLElement>('[data-approval-id]')) {
        const cmd = el.querySelector('.tool-command')?.textContent ?? '';
        const t = (w.__t[cmd] ??= {});
        if (!cmd || t.painted !== undefined) continue;
        t.painted = 0;
        const arrived = performance.getEntriesByName('codecoder:approvals-changed').at(-1)?.startTime;
        if (arrived !== undefined) t.arrived = wall(arrived);
        requestAnimationFrame(() => (t.painted = Date.now()));
      }
    }).observe(document.body, { childList: true, subtree: true });
    document.addEventListener(
      'click',
      (e) => {
        const cmd = (e.target as HTMLElement).closest('[data-approval-id]')?.querySelector('.tool-command')?.textContent;
        if (cmd) (w.__t[cmd] ??= {}).clicked = Date.now();
      },
      true,
    );
  });

  await send(page, 'run the rounds');
  for (let i = 0; i < ROUNDS; i++) {
    // CSS locators: role and name queries walk the whole page's accessibility tree on every poll,
    // work the page would not do for a user, inside the very window being measured. The prompt's
    // roles and names are checked in approvals.spec.ts.
    const prompt = page.locator('[data-approval-id]');
    await expect(prompt.locator('.tool-command')).toHaveText(`echo round-${i}`);
    await prompt.locator('button[aria-keyshortcuts="Enter 1"]').click();
  }
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('all rounds done');

  const t = await page.evaluate(
    () => (window as unknown as { __t: Record<string, { painted: number; arrived: number; clicked: number }> }).__t,
  );
  const total: number[] = [];
  const renderer: number[] = [];
  const rows: string[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const cmd = `echo round-${i}`;
    const r = t[cmd]!;
    const host = r.arrived - requestedAt.get(cmd)! + (executingAt.get(cmd)! - r.clicked);
    const ui = r.painted - r.arrived;
    expect(Number.isFinite(host) && Number.isFinite(ui), cmd).toBe(true);
    total.push(host + ui);
    renderer.push(ui);
    rows.push(`${host + ui}(ui ${ui})`);
  }
  total.sort((a, b) => a - b);
  renderer.sort((a, b) => a - b);
  const summary = `total p50 ${p(total, 0.5)} ms, p95 ${p(total, 0.95)} ms (goal < 100); renderer share (list arrived → prompt painted) p50 ${p(renderer, 0.5)} ms, p95 ${p(renderer, 0.95)} ms`;
  console.log(`[bench] approval round trip over ${ROUNDS} prompts: ${summary}\n[bench] per round: ${rows.join(' ')}`);
  test.info().annotations.push({ type: 'approval round trip', description: summary });
  // The renderer's share is this UI's to keep small: its median is enforced. The p95s and the
  // host's share (classify, preview, queue) swing with the machine's load (two cores shared with
  // other test workers here), so they are reported above against the goal, not asserted.
  expect(p(renderer, 0.5)).toBeLessThan(100);
});
