#!/usr/bin/env node
/**
 * Generates main/core/permissions/shell/programs/specs/figTables.ts from the pinned
 * `@withfig/autocomplete` specs (a devDependency): for each program, the facts the classifier's
 * option reader needs and nothing else — every option's names, whether it takes a value (required,
 * or optional and attached), whether that value is a path or code/a program, the subcommand tree
 * (loadSpec'd specs inlined, persistent options written once where declared), whether operands are paths, and
 * from which operand on the words are a command the program runs.
 *
 * Run: `node build/specs/figTables.mjs` (writes the file; `--check` fails if it would change it).
 * Specs whose default export is a function (versioned: az, heroku …) cannot be read without
 * running the program and are left out: such a program keeps the no-spec rule.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, '..', '..');
const PKG = join(REPO, 'node_modules', '@withfig', 'autocomplete');
const OUT = join(REPO, 'main', 'core', 'permissions', 'shell', 'programs', 'specs', 'figTables.ts');
const VERSION = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8')).version;

/** The option-table spec's long-name alphabet (optionTable.ts TOKEN); other names are left out (unknown: compound). */
const LONG = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
/** Operand/subcommand names the reader can meet as a plain word. */
const WORD = /^[^-\s][^\s]*$/;
/** Spec files that are not a program one runs by that name. */
const NOT_PROGRAMS = new Set(['-', 'if', 'then', 'else', 'elif', 'for', 'while', 'until']);
/** Nesting bound: deeper subcommands (rare) are cut, which leaves their options unknown (compound). */
const MAX_DEPTH = 6;

const arr = (x) => (x === undefined || x === null ? [] : Array.isArray(x) ? x : [x]);

async function loadAll() {
  const names = (await import(pathToFileURL(join(PKG, 'build', 'index.js')).href)).default;
  const specs = new Map();
  for (const n of names) {
    let mod;
    for (const file of [`${n}.js`, `${n}/index.js`]) {
      try {
        mod = await import(pathToFileURL(join(PKG, 'build', file)).href);
        break;
      } catch {
        /* try the next layout */
      }
    }
    if (mod && typeof mod.default === 'object' && mod.default !== null) specs.set(n, mod.default);
  }
  return specs;
}

/**
 * An argument's name that says it is a path where the spec forgot the template (`{name: "config
 * file"}`, `KUBECONFIG`, `output-dir`): read as a path too, which only ever keys more.
 */
const PATH_NAME = /(^|[^a-z])(file|files|filename|path|paths|dir|dirs|directory|folder|kubeconfig|dockerfile|config|script|plugin)s?([^a-z]|$)/i;
/** An option the spec gives no argument although its name says it takes a file (mypy --config-file). */
const FILE_OPTION = /(^|-)(file|path|dir|directory|folder|script|config)$/;

/** The path-ness of an argument: a file template, a generator with one, a path-like name, or a script the program runs. */
function isPath(a) {
  const templates = [...arr(a.template), ...arr(a.generators).flatMap((g) => arr(g?.template))];
  if (templates.includes('filepaths') || templates.includes('folders') || a.isScript === true) return true;
  return typeof a.name === 'string' && PATH_NAME.test(a.name) && arr(a.suggestions).length === 0;
}
const isCommand = (a) => a.isCommand === true || a.loadSpec !== undefined;

/** One option token (or several, when it has more names than one short + one long). */
function optionTokens(o, node) {
  let args = arr(o.args);
  const names = arr(o.name).filter((n) => typeof n === 'string');
  if (args.length === 0 && names.some((n) => n.startsWith('--') && FILE_OPTION.test(n.slice(2)))) args = [{ name: 'file' }];
  let arity = '';
  if (args.length > 0) {
    const optional = args.every((a) => a.isOptional === true);
    arity = optional ? '=?' : '=';
  }
  let use = '';
  if (args.some(isCommand)) use = ':prog';
  else if (args.some((a) => a.isModule !== undefined && a.isModule !== false)) use = ':load';
  else if (args.some(isPath)) use = ':read';
  const shorts = [];
  const longs = [];
  for (const raw of arr(o.name)) {
    if (typeof raw !== 'string') continue;
    const name = raw.replace(/=$/, '');
    if (/^-[^-]$/.test(name)) shorts.push(name[1]);
    else if (name.startsWith('--') && LONG.test(name.slice(2))) longs.push(name.slice(2));
    else if (/^-[^-]/.test(name) && LONG.test(name.slice(1))) {
      longs.push(name.slice(1));
      node.singleDash = true;
    }
  }
  const out = [];
  const n = Math.max(shorts.length, longs.length);
  for (let i = 0; i < n; i++) {
    const s = shorts[i];
    const l = longs[i];
    out.push({ s, l, tok: `${s !== undefined ? `${s}|` : ''}${l ?? ''}${arity}${use}` });
  }
  return out;
}

function convert(spec, specs, depth, seen) {
  const node = {};
  const tokens = [];
  const shortSeen = new Set();
  const longSeen = new Set();
  const own = arr(spec.options);
  // Persistent options are written once, where they are declared (`P`); the loader hands them to
  // every subcommand below as a later spec (the subcommand's own options win).
  const persistentTokens = [];
  for (const o of own) {
    for (const t of optionTokens(o, node)) {
      // A name two options of a spec share: the first wins, as the reader's "first spec wins".
      const s = t.s !== undefined && !shortSeen.has(t.s) ? t.s : undefined;
      const l = t.l !== undefined && !longSeen.has(t.l) ? t.l : undefined;
      if (s === undefined && l === undefined) continue;
      if (s !== undefined) shortSeen.add(s);
      if (l !== undefined) longSeen.add(l);
      const rest = t.tok.slice((t.s !== undefined ? 2 : 0) + (t.l ?? '').length);
      const tok = `${s !== undefined ? `${s}|` : ''}${l ?? ''}${rest}`;
      (o.isPersistent === true ? persistentTokens : tokens).push(tok);
    }
  }
  if (tokens.length) node.o = tokens.join(' ');
  if (persistentTokens.length) node.P = persistentTokens.join(' ');
  const pd = spec.parserDirectives ?? {};
  if (pd.flagsArePosixNoncompliant === true) node.singleDash = true;
  if (pd.optionsMustPrecedeArguments === true) node.s = 1;
  const args = arr(spec.args);
  const cmd = args.findIndex(isCommand);
  if (cmd >= 0) {
    node.c = cmd;
    node.s = 1;
  }
  if (args.some(isPath)) node.p = 1;
  if (depth < MAX_DEPTH) {
    const subs = {};
    for (const sub of arr(spec.subcommands)) {
      let body = sub;
      if (typeof sub.loadSpec === 'string' && specs.has(sub.loadSpec) && !seen.has(sub.loadSpec)) {
        const loaded = specs.get(sub.loadSpec);
        body = { ...loaded, options: [...arr(loaded.options), ...arr(sub.options)] };
        seen = new Set([...seen, sub.loadSpec]);
      } else if (sub.loadSpec !== undefined && sub.subcommands === undefined && sub.options === undefined) {
        // A spec computed at run time: nothing about its options is known (every option unknown).
        body = { name: sub.name };
      }
      const child = convert(body, specs, depth + 1, seen);
      for (const name of arr(sub.name)) if (typeof name === 'string' && WORD.test(name) && !(name in subs)) subs[name] = child;
    }
    if (Object.keys(subs).length) node.u = subs;
  }
  if (node.singleDash) {
    node.d = 1;
    delete node.singleDash;
  }
  return node;
}

/**
 * Option tokens a program's nodes repeat (aws's `cli-input-json=` is in 16,000 operations) are written
 * once in the root's \`k\` list and referred to as \`~<base-36 index>\` (the most frequent get the shortest).
 */
function intern(root) {
  const freq = new Map();
  const walk = (n, f) => {
    for (const k of ['o', 'P']) if (n[k] !== undefined) n[k] = f(n[k]);
    for (const c of new Set(Object.values(n.u ?? {}))) walk(c, f);
  };
  walk(root, (o) => {
    for (const t of o.split(' ')) freq.set(t, (freq.get(t) ?? 0) + 1);
    return o;
  });
  const shared = [...freq].filter(([t, c]) => c >= 3 && t.length > 3).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  if (shared.length === 0) return root;
  const index = new Map(shared.map(([t], i) => [t, `~${i.toString(36)}`]));
  walk(root, (o) =>
    o
      .split(' ')
      .map((t) => index.get(t) ?? t)
      .join(' '),
  );
  return { k: shared.map(([t]) => t), ...root };
}

/** A JS string literal in single quotes (the JSON inside is full of double quotes). */
const quote = (json) => `'${json.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const specs = await loadAll();
const entries = [];
/** A program whose table is another's (fly and flyctl): written once, the other names it as `=name`. */
const firstOf = new Map();
for (const [name, spec] of [...specs].sort(([a], [b]) => (a < b ? -1 : 1))) {
  if (name.includes('/') || NOT_PROGRAMS.has(name)) continue;
  // All of it computed at run time (composer reads `composer list`): no table to read, no rule.
  if (spec.generateSpec && !spec.options && !spec.subcommands && !spec.args) continue;
  const json = JSON.stringify(intern(convert(spec, specs, 0, new Set([name]))));
  const same = firstOf.get(json);
  if (same !== undefined) entries.push([name, `=${same}`]);
  else {
    firstOf.set(json, name);
    entries.push([name, json]);
  }
}

const header = `/**
 * GENERATED by build/specs/figTables.mjs from @withfig/autocomplete ${VERSION} (MIT) — do not edit;
 * fix a wrong spec in overrides.ts (with a test) and re-run the generator after a version bump.
 *
 * One JSON string per program, parsed on first use (specRules.ts): a node is
 * A value \`=name\` means: the same table as that program's.
 *   o  the options, in optionTable.ts's compact spec (\`:read\` marks a path value, \`:prog\` a command,
 *      \`:load\` a module the program runs)
 *   P  persistent options: also every subcommand's below (after its own, which win)
 *   d  long options are also written with one dash (\`-name\`)
 *   s  options end at the first operand
 *   p  operands are paths
 *   c  from this operand on (0-based), the words are a command the program runs
 *   u  subcommands by name
 *   k  (the root only) option tokens the nodes repeat, written \`~<base-36 index>\` in o and P
 */
// prettier-ignore
export const FIG_VERSION = '${VERSION}';

// prettier-ignore
export const FIG_TABLES: Readonly<Record<string, string>> = {
${entries.map(([n, j]) => `  ${JSON.stringify(n)}: ${quote(j)},`).join('\n')}
};
`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(OUT, 'utf8');
  } catch {
    /* missing: differs */
  }
  if (current !== header) {
    console.error(`${OUT} is not what build/specs/figTables.mjs generates from @withfig/autocomplete ${VERSION}`);
    process.exit(1);
  }
} else {
  writeFileSync(OUT, header);
  console.log(`${entries.length} programs, ${(Buffer.byteLength(header) / 1e6).toFixed(2)} MB → ${OUT}`);
}
