/**
 * The program rules, looked up by name: `programRule('git')` is everything the classifier knows
 * about git (rule.ts). Each family file owns its programs; a name belongs to one family only.
 */
import { RULES as build } from './build.js';
import { RULES as builtins } from './builtins.js';
import { RULES as containers } from './containers.js';
import { RULES as converters } from './converters.js';
import { RULES as coreutils } from './coreutils.js';
import { RULES as crypto } from './crypto.js';
import { RULES as databases } from './databases.js';
import { RULES as editors } from './editors.js';
import { RULES as git } from './git.js';
import { RULES as interpreters } from './interpreters.js';
import { RULES as network } from './network.js';
import { RULES as node } from './node.js';
import { RULES as packages } from './packages.js';
import { RULES as python } from './python.js';
import { RULES as system } from './system.js';
import { RULES as wrappers } from './wrappers.js';
import { helpRule } from './helpRules.js';
import { hasSpec, specRule, withSpec } from './specs/specRules.js';
import type { ProgramRule } from './rule.js';

export type { ProgramRule } from './rule.js';

const FAMILIES = [
  git,
  node,
  python,
  interpreters,
  containers,
  editors,
  network,
  build,
  crypto,
  databases,
  coreutils,
  builtins,
  packages,
  system,
  converters,
  wrappers,
];

/**
 * A hand rule that would read unknown options as plain (policy `default`) reads them with its
 * program's spec, where the library has one: an option the spec does not define is compound, and
 * the rule's own checks stay on top (specs/specRules.ts `withSpec`, policy `spec` with `checks`).
 */
const readWithSpec = (r: ProgramRule): ProgramRule => (r.policy.kind === 'default' && hasSpec(r.name) ? withSpec(r) : r);

const BY_NAME = new Map<string, ProgramRule>();
for (const family of FAMILIES)
  for (const r of family) {
    const other = BY_NAME.get(r.name);
    if (other) throw new Error(`${r.name} has rules in both ${other.family} and ${r.family}`);
    BY_NAME.set(r.name, readWithSpec(r));
  }

/**
 * The rule of a program by its canonical name (programNames.ts): its hand rule, else the help layer
 * generated from the installed GNU/util-linux programs' own `--help` (helpRules.ts), else the base
 * layer generated from the CLI spec library (specs/specRules.ts), else undefined.
 */
export function programRule(name: string): ProgramRule | undefined {
  return BY_NAME.get(name) ?? helpRule(name) ?? specRule(name);
}

/** The hand rule of a program (a family file's), without the spec layer: names resolve against these. */
export function handRule(name: string): ProgramRule | undefined {
  return BY_NAME.get(name);
}

/** Every rule, for the examples test. */
export function allRules(): readonly ProgramRule[] {
  return [...BY_NAME.values()];
}
