/**
 * The approval round trip — tool call → prompt painted → click → executing — with the
 * user's own think time taken out. The measure itself (what is timed, the host's and the renderer's
 * shares) is in support/approvalRoundTrip.ts, shared with `npm run bench` (bench/approval.bench.ts),
 * which measures it without other test workers competing for the machine.
 */
import { expect, test } from './support/fixtures.js';
import { measureApprovalRoundTrip, roundCommand } from './support/approvalRoundTrip.js';
import { call, say, script } from './ui-helpers.js';

// eslint-disable-next-line no-empty-pattern -- Playwright requires a destructuring pattern here
test.beforeEach(({}, testInfo) => {
  test.skip(
    testInfo.project.name === 'electron',
    "The measure reads the host's events off the web host's WebSocket frames; the desktop app uses IPC.",
  );
});

const ROUNDS = 20;

test.use({
  llmScript: script(...Array.from({ length: ROUNDS }, (_, i) => call('run_command', { command: roundCommand(i) })), say('all rounds done')),
});

test('approval round trip: measured against p95 < 100 ms (renderer median enforced)', async ({ app }) => {
  test.setTimeout(120_000);
  const r = await measureApprovalRoundTrip(app.page, { rounds: ROUNDS, message: 'run the rounds', finalText: 'all rounds done' });
  const rows = r.samples.map((s) => `${s.total}(ui ${s.renderer})`);
  const summary = `total p50 ${r.total.p50} ms, p95 ${r.total.p95} ms (goal < 100); renderer share (list arrived → prompt painted) p50 ${r.renderer.p50} ms, p95 ${r.renderer.p95} ms; host share p50 ${r.host.p50} ms, p95 ${r.host.p95} ms`;
  console.log(`[bench] approval round trip over ${ROUNDS} prompts: ${summary}\n[bench] per round: ${rows.join(' ')}`);
  test.info().annotations.push({ type: 'approval round trip', description: summary });
  // The renderer's share is this UI's to keep small: its median is enforced. The p95s and the
  // host's share (classify, preview, queue) swing with the machine's load (two cores shared with
  // other test workers here), so they are reported above against the goal, not asserted;
  // `npm run bench` measures them alone.
  expect(r.renderer.p50).toBeLessThan(100);
});
