#!/usr/bin/env node
/**
 * Electronegativity over the desktop shell, the preload and the renderer; fails on any HIGH or MEDIUM
 * finding. Called through the package's programmatic API because its CLI breaks on the hoisted
 * commander 12 (it expects commander's old default export).
 * Note (the Electron security checklist): its NODE_INTEGRATION check is silenced by any `sandbox`
 * key, so the window options are also asserted by main/electron/windows.test.ts.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import engModule from '@doyensec/electronegativity';

const run = engModule.default ?? engModule;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const input = mkdtempSync(path.join(tmpdir(), 'cc-eng-'));
for (const dir of ['main/electron', 'preload', 'renderer/src', 'renderer/index.html', 'package.json']) {
  cpSync(path.join(root, dir), path.join(input, dir), { recursive: true, filter: (src) => !/\.test\.tsx?$/.test(src) });
}
const electronVersion = '45.5.0';
const result = await run({
  input,
  output: undefined,
  isSarif: false,
  customScan: [],
  excludeFromScan: [],
  severitySet: 'INFORMATIONAL',
  confidenceSet: 'TENTATIVE',
  isRelative: true,
  electronVersionOverride: electronVersion,
  parserPlugins: [],
});
rmSync(input, { recursive: true, force: true });

const issues = result?.issues ?? [];
const blocking = issues.filter((i) => ['HIGH', 'MEDIUM'].includes(i.severity?.name));
for (const i of issues) {
  const where = `${i.file}:${i.location?.line ?? '?'}`;
  console.log(`${blocking.includes(i) ? 'FAIL' : 'note'} ${i.id} ${i.severity?.name}/${i.confidence?.name} ${where}`);
}
if (result?.errors?.some((e) => !e.tolerable)) {
  for (const e of result.errors.filter((x) => !x.tolerable)) console.log(`parse error: ${e.file}: ${e.message}`);
}
console.log(`electronegativity: ${issues.length} findings, ${blocking.length} high or medium`);
process.exit(blocking.length ? 1 : 0);
