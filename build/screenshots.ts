/**
 * Where the e2e specs write their screenshots. The README's pictures in docs/screenshots are tracked
 * files: a plain test run must not rewrite them, so they are written there only on request
 * (`UPDATE_SCREENSHOTS=1 npx playwright test …`); otherwise into Playwright's own output folder
 * (test-results/, ignored by git and emptied at the start of each run).
 */
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');

export function screenshotDirFor(env: Record<string, string | undefined>): string {
  return env.UPDATE_SCREENSHOTS === '1' ? path.join(repo, 'docs/screenshots') : path.join(repo, 'test-results/screenshots');
}
