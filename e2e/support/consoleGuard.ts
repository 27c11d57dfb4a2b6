/**
 * The e2e suite fails on any console error, uncaught page error or CSP violation. The fixture
 * (fixtures.ts) watches every page of a test's browser context and checks after the test: what was
 * not declared by the spec (`expectedConsoleErrors`) fails it, and so does a declaration that
 * never matched (a stale allowance would hide the next real error).
 */
import type { BrowserContext } from '@playwright/test';

export interface ConsoleEntry {
  kind: 'console.error' | 'pageerror' | 'csp';
  text: string;
}

/** Chromium logs most violations itself; the event also catches those it reports elsewhere (an issue, a report-only). */
export async function reportCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
}

export function watchConsole(context: BrowserContext, logs: string[], seen: ConsoleEntry[]): void {
  context.on('console', (m) => {
    logs.push(`[console.${m.type()}] ${m.text()}`);
    if (m.type() === 'error') seen.push({ kind: m.text().startsWith('CSP violation:') ? 'csp' : 'console.error', text: m.text() });
  });
  context.on('weberror', (e) => {
    const err = e.error();
    logs.push(`[pageerror] ${err.message}\n${err.stack ?? ''}`);
    seen.push({ kind: 'pageerror', text: err.message });
  });
}

/** What fails the test, in words; null when the console was clean (or held exactly what the spec declared). */
export function consoleProblems(seen: readonly ConsoleEntry[], expected: readonly RegExp[]): string | null {
  const unexpected = seen.filter((e) => !expected.some((re) => re.test(e.text)));
  const unmet = expected.filter((re) => !seen.some((e) => re.test(e.text)));
  if (unexpected.length === 0 && unmet.length === 0) return null;
  const lines: string[] = [];
  if (unexpected.length > 0) {
    const first = unexpected.slice(0, 10).map((e) => `  [${e.kind}] ${e.text.slice(0, 400)}`);
    lines.push(`${unexpected.length} console error(s) or CSP violation(s) the spec does not declare:`, ...first);
    if (unexpected.length > 10) lines.push(`  … and ${unexpected.length - 10} more`);
  }
  for (const re of unmet) lines.push(`declared in expectedConsoleErrors but never seen: ${re}`);
  return lines.join('\n');
}
