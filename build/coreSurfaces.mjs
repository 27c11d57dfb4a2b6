/**
 * Module surfaces of main/core: each folder directly under main/core (permissions, agent, tools, …)
 * is a module whose public surface is its index.ts. From outside a folder only that index.ts may be
 * imported; files inside the folder import each other freely.
 *
 * One exception: a folder's test helpers (TEST_HELPER below) are its surface for tests. Tests,
 * benches and e2e specs may import them directly; index.ts never re-exports them, so production code
 * that imports a surface never loads vitest or fixtures.
 *
 * Shared by the lint rule (build/eslint/coreSurfaces.mjs) and the codemod that rewrites imports
 * (build/codemods/surfaces.mjs), so both agree on what goes around a surface.
 */
import path from 'node:path';

/** Test helpers: `<topic>.testkit.ts` files, and anything in a testkit/ folder (docs/ARCHITECTURE.md, "Tests"). */
export const TEST_HELPER = /\.testkit\.[cm]?[jt]sx?$|(?:^|\/)testkit\//;

/** Files that may use test helpers: tests, benches, e2e specs and the helpers themselves. */
export function isTestCode(rel) {
  return /\.test\.[cm]?[jt]sx?$/.test(rel) || rel.startsWith('bench/') || rel.startsWith('e2e/') || TEST_HELPER.test(rel);
}

/** The core folder a repo-relative posix path lies in ('permissions' for main/core/permissions/shell/x.ts), or null. */
export function coreFolder(rel) {
  const m = /^main\/core\/([^/]+)\/./.exec(rel);
  return m ? m[1] : null;
}

/**
 * The core folder whose surface an import goes around, or null when the import is allowed.
 * Both paths repo-relative and posix; `target` as written (`.js`) or resolved (`.ts`).
 */
export function surfaceViolation(importer, target) {
  const folder = coreFolder(target);
  if (!folder || coreFolder(importer) === folder) return null;
  const inner = target.slice(`main/core/${folder}/`.length);
  if (/^index(?:\.[cm]?[jt]sx?)?$/.test(inner)) return null;
  if (TEST_HELPER.test(target) && isTestCode(importer)) return null;
  return folder;
}

/** The import specifier of `folder`'s surface, written from `importer` (both repo-relative). */
export function surfaceSpecifier(importer, folder) {
  let rel = path.posix.relative(path.posix.dirname(importer), `main/core/${folder}/index.js`);
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel;
}
