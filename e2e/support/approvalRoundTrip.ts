/**
 * The approval round trip — tool call → prompt painted → click → executing — with the
 * user's own think time taken out. One implementation for the e2e spec (approval-latency.spec.ts)
 * and `npm run bench` (bench/approval.bench.ts).
 *
 * Wall-clock milliseconds on one machine: the host's events (`tool.requested.at`, `tool.call.at`,
 * read off the web host's WebSocket frames) and the page's `Date.now()` when the prompt is painted
 * and when its button is clicked; the page also marks (`codecoder:approvals-changed`, set by the
 * renderer) when the host's approvals.changed arrived, which splits the time into two shares:
 * - host: tool.requested → the list reaches the page (classify, preview, queue, the socket), plus
 *   click → tool.call (the answer's way back and the gate letting the call run);
 * - renderer: the list reached the page → the prompt is painted (the next animation frame after
 *   it is in the DOM).
 * Works without @playwright/test's `expect`, so a plain script can drive it too.
 */
import type { Page, WebSocket } from '@playwright/test';
import { percentiles, type Percentiles } from '../../bench/timing.js';
import { send } from '../ui-helpers.js';

export interface RoundTripOptions {
  /** Prompts to answer; the page's model must call `run_command` with `echo round-<i>` for i < rounds. */
  rounds: number;
  /** The message that starts the run. */
  message: string;
  /** Text the model says after the last round; its arrival in the transcript ends the run. */
  finalText: string;
  /** How long to wait for each prompt and for the final text (ms). */
  timeoutMs?: number;
}

export interface RoundTripSample {
  command: string;
  host: number;
  renderer: number;
  total: number;
}

export interface RoundTripResult {
  samples: RoundTripSample[];
  total: Percentiles;
  renderer: Percentiles;
  host: Percentiles;
}

export const roundCommand = (i: number) => `echo round-${i}`;

/**
 * Reloads the page (so the WebSocket it opens is watched from its first frame), instruments it,
 * sends `message` and answers `rounds` prompts with Allow once, then waits for `finalText`.
 */
export async function measureApprovalRoundTrip(page: Page, opts: RoundTripOptions): Promise<RoundTripResult> {
  const timeout = opts.timeoutMs ?? 10_000;
  const requestedAt = new Map<string, number>();
  const executingAt = new Map<string, number>();
  const onSocket = (ws: WebSocket) =>
    ws.on('framereceived', (f) => {
      const msg = JSON.parse(String(f.payload)) as {
        type: string;
        name?: string;
        payload?: { type: string; at: number; args?: { command?: string } };
      };
      const e = msg.type === 'event' && msg.name === 'agent.event' ? msg.payload : undefined;
      if (e?.type === 'tool.requested') requestedAt.set(e.args?.command ?? '', e.at);
      if (e?.type === 'tool.call') executingAt.set(e.args?.command ?? '', e.at);
    });
  page.on('websocket', onSocket);
  try {
    await page.reload();
    await instrument(page);
    await send(page, opts.message);
    for (let i = 0; i < opts.rounds; i++) {
      // CSS locators: role and name queries walk the whole page's accessibility tree on every poll,
      // work the page would not do for a user, inside the very window being measured. The prompt's
      // roles and names are checked in approvals.spec.ts. The text is matched whole: `echo round-1`
      // is a prefix of `echo round-10`.
      const command = page.locator('.tool-command', { hasText: new RegExp(`^${roundCommand(i)}$`) });
      // data-clickable: a click in a prompt's first moments is ignored on purpose (the dock appearing
      // moves what was under the pointer); the wait is the user's think time, not part of the measure.
      const prompt = page.locator('[data-approval-id][data-clickable="true"]', { has: command });
      await prompt.waitFor({ timeout });
      await prompt.locator('button[aria-keyshortcuts="Enter 1"]').click({ timeout });
    }
    await page.getByRole('log', { name: 'Transcript' }).getByText(opts.finalText).first().waitFor({ timeout });
  } finally {
    page.off('websocket', onSocket);
  }

  const t = await page.evaluate(
    () => (window as unknown as { __t: Record<string, { painted?: number; arrived?: number; clicked?: number }> }).__t,
  );
  const samples: RoundTripSample[] = [];
  for (let i = 0; i < opts.rounds; i++) {
    const cmd = roundCommand(i);
    const r = t[cmd];
    const requested = requestedAt.get(cmd);
    const executing = executingAt.get(cmd);
    if (
      r?.painted === undefined ||
      r.arrived === undefined ||
      r.clicked === undefined ||
      requested === undefined ||
      executing === undefined
    ) {
      throw new Error(
        `approval round trip: ${cmd} has a missing time (page ${JSON.stringify(r)}, tool.requested ${requested}, tool.call ${executing})`,
      );
    }
    const host = r.arrived - requested + (executing - r.clicked);
    const renderer = r.painted - r.arrived;
    if (!Number.isFinite(host) || !Number.isFinite(renderer) || r.painted === 0) {
      throw new Error(`approval round trip: ${cmd} was never painted or its times are not numbers (${JSON.stringify(r)})`);
    }
    samples.push({ command: cmd, host, renderer, total: host + renderer });
  }
  return {
    samples,
    total: percentiles(samples.map((s) => s.total)),
    renderer: percentiles(samples.map((s) => s.renderer)),
    host: percentiles(samples.map((s) => s.host)),
  };
}

/**
 * In the page: a MutationObserver notes each prompt as it enters the DOM, takes the time the
 * renderer marked the list's arrival, and the next animation frame's time as "painted"; a
 * capture-phase listener notes the click on the prompt before the app's own handler runs.
 */
async function instrument(page: Page): Promise<void> {
  // No named functions in here: tsx (the bench's loader) wraps them in a `__name` helper the page lacks.
  await page.evaluate(() => {
    const w = window as unknown as { __t: Record<string, { painted?: number; arrived?: number; clicked?: number }> };
    w.__t = {};
    new MutationObserver(() => {
      for (const el of document.querySelectorAll<HTMLElement>('[data-approval-id]')) {
        const cmd = el.querySelector('.tool-command')?.textContent ?? '';
        const t = (w.__t[cmd] ??= {});
        if (!cmd || t.painted !== undefined) continue;
        t.painted = 0;
        const arrived = performance.getEntriesByName('codecoder:approvals-changed').at(-1)?.startTime;
        if (arrived !== undefined) t.arrived = Math.round(performance.timeOrigin + arrived);
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
}
