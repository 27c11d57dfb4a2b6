/**
 * Issue 6 §6: the approval round trip (tool call → prompt painted → click → executing) against
 * its goal p95 < 100 ms, in a real Chromium on the web host. The body is
 * e2e/support/approvalBench.ts, next to the measure it shares with the e2e spec: its page code
 * needs the DOM types, which tsconfig.node.json (the project that covers bench/) leaves out, and a
 * composite project may not import files outside its own list (TS6307); tsconfig.e2e.json has
 * both. The path is built at run time so the node project's typecheck does not follow it.
 */
import type { BenchModule } from './types.js';

const body = new URL('../e2e/support/approvalBench.ts', import.meta.url).href;

const run: BenchModule['default'] = async (report) => ((await import(body)) as BenchModule).default(report);
export default run;
