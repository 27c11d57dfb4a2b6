/**
 * The table of a program's global options (its `SubcommandSpec`'s value options and flags), read
 * with optionTable.ts's reader like every other table: an option it does not list is unknown.
 * subcommands.ts reads them to find the subcommand; a family's check reads them for what they do
 * (`git -c`, `podman --runtime`).
 */
import { optionTable, type OptionTable, type TableSpec } from './optionTable.js';
import type { SubcommandSpec } from './rule.js';

/** The compiled table of `spec`'s global options (stops at the first operand: the subcommand). */
const GLOBALS = new WeakMap<SubcommandSpec, OptionTable>();
export function globalsTable(spec: SubcommandSpec): OptionTable {
  let t = GLOBALS.get(spec);
  if (!t) {
    t = optionTable(globalsSpec(spec));
    GLOBALS.set(spec, t);
  }
  return t;
}

/**
 * The compact spec of a SubcommandSpec: value letters and names with `=`, flags as typed (`-v`,
 * `--verbose`, `-help`; `--exec-path=` an optional value given with `=` only).
 */
function globalsSpec(spec: SubcommandSpec): TableSpec {
  const g = spec.grammar;
  const tokens = new Map<string, string>();
  for (const c of g.shortValue ?? '') tokens.set(c, `${c}|=`);
  for (const c of g.shortOptional ?? '') tokens.set(c, `${c}|=?`);
  for (const l of g.longValue ?? []) tokens.set(l, `${l}=`);
  for (const l of g.longOptional ?? []) tokens.set(l, `${l}=?`);
  for (const f of spec.flags) {
    const name = f.replace(/^--?/, '').replace(/=$/, '');
    if (f.endsWith('=')) tokens.set(name, `${name}=?`);
    else if (tokens.has(name)) continue;
    else if (/^-[^-]$/.test(f)) tokens.set(name, `${name}|`);
    else if (f.startsWith('--') || g.singleDashLong) tokens.set(name, name);
    // Else a one-dash word of several letters, read as the cluster of its letters (npm's `-ws`).
  }
  const out: { -readonly [K in keyof TableSpec]: TableSpec[K] } = { options: [...tokens.values()].join(' '), stopAtOperand: true };
  if (!g.noAbbrev) out.abbrev = true;
  if (g.singleDashLong) out.singleDashLong = true;
  return out;
}
