#!/usr/bin/env node
/**
 * Codemod for the module surfaces of main/core (build/coreSurfaces.mjs says what they are):
 *
 * 1. Imports of files that moved (MOVES) are pointed at their new place.
 * 2. Every import or re-export that goes around a core folder's surface imports that folder's
 *    index.ts instead, merged into an import of the same index.ts already in the file.
 * 3. The index.ts gains each export it was missing (`type` for types), or is created.
 *
 * Idempotent: a second run changes nothing, so it can be re-run after merging branches that added
 * deep imports. What it cannot rewrite (a default or namespace import of a deep module, a dynamic
 * import(), a name two modules of one folder export differently) it lists and leaves alone; the
 * lint rule core-surfaces/index-only keeps failing on those until a person decides.
 *
 * Usage: node build/codemods/surfaces.mjs [--check] [--moves-only]
 *   --check: change nothing, list what would change, exit 1 if anything would.
 *   --moves-only: step 1 only (the commit that moves files).
 *   --root DIR: work on another tree (the codemod's test).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';
import ts from 'typescript';
import { surfaceSpecifier, surfaceViolation } from '../coreSurfaces.mjs';

const rootArg = process.argv.indexOf('--root');
/** The repository (--root DIR: another tree, for the codemod's own test). */
const root = rootArg > 0 ? path.resolve(process.argv[rootArg + 1]) : path.resolve(import.meta.dirname, '../..');
const SOURCE_DIRS = ['main', 'bench', 'bin', 'build', 'e2e', 'shared', 'scripts', 'renderer', 'preload'];
const SKIP_DIRS = new Set(['node_modules', 'out', 'dist', 'test-results']);

/** Files that moved between folders: old → new, repo-relative, without extension. */
const MOVES = {
  // Approvals gathered in one folder: the queue, its notifications, next to the preview.
  'main/core/agent/approvals': 'main/core/approvals/queue',
  'main/core/agent/approvals.test': 'main/core/approvals/queue.test',
  'main/core/app/approvalNotifier': 'main/core/approvals/notifier',
  'main/core/app/approvalNotifier.test': 'main/core/approvals/notifier.test',
  // What the Electron shell shared with the web host now lives in core.
  'main/webhost/static': 'main/core/host/static',
  'main/webhost/plainNodeCore': 'main/core/app/plainNodeCore',
  // The per-project composition root left agent/ for a folder above agent, checkpoints and mcp (issue 24).
  'main/core/agent/assemble': 'main/core/assembly/assemble',
  'main/core/agent/realAgent.testkit': 'main/core/assembly/realAgent.testkit',
  'main/core/agent/integration.test': 'main/core/assembly/assemble.integration.test',
  'main/core/agent/modes.integration.test': 'main/core/assembly/modes.integration.test',
};

const check = process.argv.includes('--check');
const movesOnly = process.argv.includes('--moves-only');
const rel = (abs) => path.relative(root, abs).split(path.sep).join('/');
const abs = (r) => path.join(root, ...r.split('/'));

function sourceFiles(dir) {
  const out = [];
  if (!existsSync(abs(dir))) return out;
  for (const entry of readdirSync(abs(dir), { withFileTypes: true })) {
    const r = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) out.push(...sourceFiles(r));
    } else if (/\.(?:ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(r);
  }
  return out;
}

/** A relative specifier from `importer` to repo-relative `target` ('main/core/x.js' → '../x.js'). */
function specifierTo(importer, target) {
  let s = path.posix.relative(path.posix.dirname(importer), target);
  if (!s.startsWith('.')) s = `./${s}`;
  return s;
}

/** Module specifiers of one file's top-level imports and re-exports. */
function moduleDeclarations(sf) {
  return sf.statements.filter(
    (s) => (ts.isImportDeclaration(s) || ts.isExportDeclaration(s)) && s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier),
  );
}

/** Applies [start, end, text] edits to a string, last first. */
function applyEdits(text, edits) {
  let out = text;
  for (const [start, end, insert] of [...edits].sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + insert + out.slice(end);
  return out;
}

const changed = new Map(); // repo-relative path → new text
const left = []; // what was not rewritten, and why
const textOf = (r) => changed.get(r) ?? readFileSync(abs(r), 'utf8');

// 1. Moves: imports of a moved file follow it, and a moved file's own imports (written from its old
// folder, e.g. by a branch that edited it before the move) are re-aimed from its new one.
const files = SOURCE_DIRS.flatMap(sourceFiles);
const movedFrom = Object.fromEntries(Object.entries(MOVES).map(([from, to]) => [to, from]));
/** A module (repo-relative, with or without .js) that exists on disk, without its extension; else null. */
function existing(target) {
  const t = target.replace(/\.js$/, '');
  if (['.ts', '.tsx', '.mts', '/index.ts'].some((ext) => existsSync(abs(`${t}${ext}`)))) return t;
  return existsSync(abs(target)) ? target : null;
}
for (const file of Object.keys(MOVES).length > 0 ? files : []) {
  const sf = ts.createSourceFile(file, textOf(file), ts.ScriptTarget.Latest, true);
  const from = movedFrom[file.replace(/\.(?:ts|tsx|mts)$/, '')];
  const edits = [];
  for (const decl of moduleDeclarations(sf)) {
    const spec = decl.moduleSpecifier.text;
    if (!spec.startsWith('.')) continue;
    const here = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    const target = !existing(here) && from ? path.posix.normalize(path.posix.join(path.posix.dirname(from), spec)) : here;
    const bare = target.replace(/\.js$/, '');
    let to = null;
    if (MOVES[bare] && !existing(bare)) to = `${MOVES[bare]}.js`; // a moved file
    else if (target !== here && existing(target)) to = target; // the moved file's own import, from its old folder
    if (to) edits.push([decl.moduleSpecifier.getStart(sf) + 1, decl.moduleSpecifier.getEnd() - 1, specifierTo(file, to)]);
  }
  if (edits.length > 0) changed.set(file, applyEdits(textOf(file), edits));
}

// 1b. An index.ts that re-exports a module which is gone (moved or deleted on another branch): the
// statement follows a file of the same name elsewhere in the folder when there is exactly one, and
// is dropped otherwise (importers of those names then fail to type-check, and say so).
function folderFiles(dir) {
  return sourceFiles(dir).filter((f) => !/\.test\.[cm]?tsx?$/.test(f));
}
for (const index of files.filter((f) => /^main\/core\/[^/]+\/index\.ts$/.test(f))) {
  const dir = path.posix.dirname(index);
  const sf = ts.createSourceFile(index, textOf(index), ts.ScriptTarget.Latest, true);
  const edits = [];
  for (const decl of moduleDeclarations(sf)) {
    const spec = decl.moduleSpecifier.text;
    if (!spec.startsWith('./') || existing(path.posix.join(dir, spec))) continue;
    const base = path.posix.basename(spec).replace(/\.js$/, '');
    const same = folderFiles(dir).filter((f) => f !== index && f.replace(/\.(?:ts|tsx|mts)$/, '').endsWith(`/${base}`));
    if (same.length === 1) {
      edits.push([decl.moduleSpecifier.getStart(sf) + 1, decl.moduleSpecifier.getEnd() - 1, specifierTo(index, same[0].replace(/\.(?:ts|tsx|mts)$/, '.js'))]);
    } else {
      left.push(`${index}: dropped the re-export from ${spec} (the module is gone): ${decl.getText(sf).replace(/\s+/g, ' ')}`);
      let end = decl.getEnd();
      if (sf.text[end] === '\n') end += 1;
      edits.push([lineStart(sf.text, decl.getStart(sf)), end, '']);
    }
  }
  if (edits.length > 0) changed.set(index, applyEdits(textOf(index), edits));
}

// 2. Deep imports → the folder's index.ts, with the exports it needs.
const options = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  noEmit: true,
  skipLibCheck: true,
  // Only the exports of our own modules are asked for: no lib or @types files to load.
  noLib: true,
  types: [],
};
const host = ts.createCompilerHost(options);
const readFile = host.readFile.bind(host);
host.readFile = (f) => {
  const r = rel(f);
  return changed.has(r) ? changed.get(r) : readFile(f);
};
// Built on first use (it takes a while): --moves-only never needs it.
let built;
const program = () => (built ??= ts.createProgram(files.map(abs), options, host));
const resolveAlias = (s) => (s.flags & ts.SymbolFlags.Alias ? program().getTypeChecker().getAliasedSymbol(s) : s);

function resolveTarget(file, spec) {
  const hit = ts.resolveModuleName(spec, abs(file), options, host).resolvedModule;
  return hit && !hit.isExternalLibraryImport ? rel(hit.resolvedFileName) : null;
}

const exportsCache = new Map();
function moduleExports(r) {
  if (!exportsCache.has(r)) exportsCache.set(r, readExports(r));
  return exportsCache.get(r);
}

function readExports(r) {
  const checker = program().getTypeChecker();
  const sf = program().getSourceFile(abs(r));
  const sym = sf && checker.getSymbolAtLocation(sf);
  const out = new Map();
  if (sym) for (const e of checker.getExportsOfModule(sym)) out.set(e.name, resolveAlias(e));
  return out;
}

/** Per folder: what its index.ts exports today, and what this run adds (name → { symbol, module, value }). */
const surfaces = new Map();
function surface(folder) {
  if (!surfaces.has(folder)) {
    const index = `main/core/${folder}/index.ts`;
    surfaces.set(folder, { index, has: existsSync(abs(index)) ? moduleExports(index) : new Map(), adds: new Map() });
  }
  return surfaces.get(folder);
}

/** Makes `name` (exported by `target`) part of `folder`'s surface; false when another export holds the name. */
function ensureExport(folder, name, target) {
  const s = surface(folder);
  const symbol = moduleExports(target).get(name);
  if (!symbol) return false;
  const known = s.has.get(name) ?? s.adds.get(name)?.symbol;
  if (known) return known === symbol;
  const module = path.posix.relative(`main/core/${folder}`, target).replace(/\.(?:ts|tsx|mts)$/, '');
  s.adds.set(name, { symbol, module, value: (symbol.flags & ts.SymbolFlags.Value) !== 0 });
  return true;
}

function elementsOf(decl) {
  if (ts.isImportDeclaration(decl)) {
    const clause = decl.importClause;
    if (!clause) return { why: 'a side-effect import' };
    if (clause.name) return { why: 'a default import' };
    if (!clause.namedBindings || !ts.isNamedImports(clause.namedBindings)) return { why: 'a namespace import' };
    return { elements: clause.namedBindings.elements, typeOnly: clause.isTypeOnly };
  }
  if (!decl.exportClause || !ts.isNamedExports(decl.exportClause)) return { why: 'export *' };
  return { elements: decl.exportClause.elements, typeOnly: decl.isTypeOnly };
}

for (const file of movesOnly ? [] : files) {
  const sf = program().getSourceFile(abs(file));
  if (!sf) continue;
  const rewritten = new Map(); // declaration → new specifier
  for (const decl of moduleDeclarations(sf)) {
    const spec = decl.moduleSpecifier.text;
    if (!spec.startsWith('.')) continue;
    const target = resolveTarget(file, spec);
    const folder = target && surfaceViolation(file, target);
    if (!folder) continue;
    const { elements, why } = elementsOf(decl);
    if (why) {
      left.push(`${file}: ${why} of ${spec}`);
      continue;
    }
    const missing = elements.map((el) => (el.propertyName ?? el.name).text).filter((name) => !ensureExport(folder, name, target));
    if (missing.length > 0) {
      left.push(`${file}: ${missing.join(', ')} from ${spec} (another export of main/core/${folder}/index.ts has the name)`);
      continue;
    }
    rewritten.set(decl, surfaceSpecifier(file, folder));
  }
  for (const call of dynamicImports(sf)) {
    const target = resolveTarget(file, call.text);
    if (target && surfaceViolation(file, target)) left.push(`${file}: a dynamic import of ${call.text}`);
  }
  if (rewritten.size > 0) changed.set(file, rewriteImports(sf, rewritten));
}

function dynamicImports(sf) {
  const out = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      if (node.arguments[0].text.startsWith('.')) out.push(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The file with each rewritten specifier, and named imports of one specifier merged into the first. */
function rewriteImports(sf, rewritten) {
  const text = sf.getFullText();
  const edits = [];
  const specOf = (decl) => rewritten.get(decl) ?? decl.moduleSpecifier.text;
  const groups = new Map();
  for (const decl of moduleDeclarations(sf)) {
    if (!ts.isImportDeclaration(decl)) continue;
    const { elements } = elementsOf(decl);
    if (!elements) continue;
    const spec = specOf(decl);
    if (!groups.has(spec)) groups.set(spec, []);
    groups.get(spec).push(decl);
  }
  const merged = new Set();
  for (const [spec, decls] of groups) {
    if (decls.length < 2 || !decls.some((d) => rewritten.has(d))) continue;
    const allTypes = decls.every((d) => d.importClause.isTypeOnly);
    const names = [];
    for (const d of decls) {
      for (const el of elementsOf(d).elements) {
        const bare = el.getText(sf).replace(/^type\s+/, '');
        const typed = !allTypes && (d.importClause.isTypeOnly || el.isTypeOnly);
        const item = typed ? `type ${bare}` : bare;
        if (!names.includes(item)) names.push(item);
      }
    }
    const quote = text[decls[0].moduleSpecifier.getStart(sf)];
    const first = decls[0];
    edits.push([first.getStart(sf), first.getEnd(), `import ${allTypes ? 'type ' : ''}{ ${names.join(', ')} } from ${quote}${spec}${quote};`]);
    for (const d of decls.slice(1)) {
      let end = d.getEnd();
      if (text[end] === '\n') end += 1;
      edits.push([lineStart(text, d.getStart(sf)), end, '']);
    }
    for (const d of decls) merged.add(d);
  }
  for (const [decl, spec] of rewritten) {
    if (merged.has(decl)) continue;
    edits.push([decl.moduleSpecifier.getStart(sf) + 1, decl.moduleSpecifier.getEnd() - 1, spec]);
  }
  return applyEdits(text, edits);
}

function lineStart(text, pos) {
  const nl = text.lastIndexOf('\n', pos - 1);
  return nl + 1;
}

// 3. The index.ts files.
for (const [folder, s] of surfaces) {
  if (s.adds.size === 0) continue;
  const byModule = new Map();
  for (const [name, { module, value }] of [...s.adds].sort(([a], [b]) => a.localeCompare(b))) {
    if (!byModule.has(module)) byModule.set(module, []);
    byModule.get(module).push(value ? name : `type ${name}`);
  }
  const exists = existsSync(abs(s.index));
  let text = exists ? textOf(s.index) : `/** The public surface of main/core/${folder}: what other folders may import (build/coreSurfaces.mjs). */\n`;
  const sf = ts.createSourceFile(s.index, text, ts.ScriptTarget.Latest, true);
  const edits = [];
  const appended = [];
  for (const [module, names] of [...byModule].sort(([a], [b]) => a.localeCompare(b))) {
    const spec = `./${module}.js`;
    const existing = sf.statements.find(
      (st) => ts.isExportDeclaration(st) && !st.isTypeOnly && st.exportClause && ts.isNamedExports(st.exportClause) && st.moduleSpecifier?.text === spec,
    );
    if (existing) {
      const all = [...existing.exportClause.elements.map((el) => el.getText(sf)), ...names];
      edits.push([existing.getStart(sf), existing.getEnd(), `export { ${all.join(', ')} } from '${spec}';`]);
    } else appended.push(`export { ${names.join(', ')} } from '${spec}';`);
  }
  text = applyEdits(text, edits);
  if (appended.length > 0) text = `${text.replace(/\n*$/, '\n')}${appended.join('\n')}\n`;
  changed.set(s.index, text);
}

// Write, or with --check only report.
const written = [];
for (const [file, text] of changed) {
  const config = { ...((await prettier.resolveConfig(abs(file))) ?? {}), filepath: abs(file) };
  const before = existsSync(abs(file)) ? readFileSync(abs(file), 'utf8') : null;
  // Formatted as the repo's prettier config says, unless the file was not formatted before (then
  // formatting would rewrite lines this codemod did not touch).
  const formatted = before === null || (await prettier.check(before, config)) ? await prettier.format(text, config) : text;
  if (formatted === before) continue;
  written.push(file);
  if (!check) writeFileSync(abs(file), formatted);
}
for (const line of left) console.log(`left alone: ${line}`);
console.log(`${check ? 'would change' : 'changed'} ${written.length} file(s)${written.length ? `:\n  ${written.join('\n  ')}` : ''}`);
if (check && written.length > 0) process.exitCode = 1;
