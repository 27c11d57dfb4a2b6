/**
 * Turns a codecoder.json snapshot into what the engine matches against, validating every entry:
 * the ceiling (docs/permissions.md), the tool being known, the pattern being usable. Nothing is dropped without
 * a report: each problem becomes an EntryIssue (and each ceiling breach a CeilingViolation too).
 */
import type { AllowlistItem, ConfigError, DenyItem } from './configFile.js';
import { ceilingViolation } from './ceiling.js';
import { parseKey } from './keyGrammar.js';
import { AllowSet, DenySet, patternProblem } from './match.js';
import type { CeilingViolation, Environment, PermissionKey } from './types.js';

export type EntryStatus = 'active' | 'preset' | 'violation' | 'ignored';

export interface EntryIssue {
  key: string;
  list: 'allowlist' | 'deny';
  line?: number;
  column?: number;
  kind: 'ceiling' | 'unknown-tool' | 'pattern';
  message: string;
}

export interface ProjectEntryView extends AllowlistItem {
  status: EntryStatus;
  message?: string;
}
export interface DenyEntryView extends DenyItem {
  status: 'active' | 'ignored';
  message?: string;
}

export interface ProjectMeta {
  environment: Environment;
  violation?: CeilingViolation;
}

export interface LoadReport {
  /** The file's parse/type error: the project level counts as empty while it is set. */
  error?: ConfigError;
  violations: CeilingViolation[];
  issues: EntryIssue[];
}

export interface CompiledProject {
  allow: AllowSet<ProjectMeta>;
  /** Entries above the ceiling: matched only to report the violation, never honoured. */
  violating: AllowSet<ProjectMeta>;
  presets: PermissionKey[];
  deny: DenySet;
  entries: ProjectEntryView[];
  denyEntries: DenyEntryView[];
  report: LoadReport;
}

export type EnvironmentOfKey = (raw: string) => Environment | undefined;

export function compileProject(
  snap: { allowlist: AllowlistItem[]; deny: DenyItem[]; error?: ConfigError },
  environmentOfKey: EnvironmentOfKey,
): CompiledProject {
  const allow: { key: PermissionKey; meta: ProjectMeta }[] = [];
  const violating: { key: PermissionKey; meta: ProjectMeta }[] = [];
  const presets: PermissionKey[] = [];
  const entries: ProjectEntryView[] = [];
  const report: LoadReport = { violations: [], issues: [] };
  if (snap.error) report.error = snap.error;
  const at = (item: { line: number; column: number }) =>
    item.line > 0 ? ` (codecoder.json line ${item.line}, column ${item.column})` : '';

  for (const item of snap.allowlist) {
    const key = parseKey(item.key);
    const env = environmentOfKey(item.key);
    const issue = (kind: EntryIssue['kind'], message: string): void => {
      report.issues.push({ key: item.key, list: 'allowlist', line: item.line, column: item.column, kind, message });
      entries.push({ ...item, status: kind === 'ceiling' ? 'violation' : 'ignored', message });
    };
    if (env === undefined) {
      issue('unknown-tool', `${item.key}: unknown tool "${key.tool}"; the entry is ignored${at(item)}`);
      continue;
    }
    const problem = patternProblem(key, 'allow');
    if (problem) {
      issue('pattern', `${problem}; the entry is ignored${at(item)}`);
      continue;
    }
    if (item.value === 'AlwaysThisSession') {
      presets.push(key);
      entries.push({ ...item, status: 'preset' });
      continue;
    }
    const v = ceilingViolation(item.key, env, 'project');
    if (v) {
      const violation = { ...v, message: v.message + at(item) };
      report.violations.push(violation);
      violating.push({ key, meta: { environment: env, violation } });
      issue('ceiling', violation.message);
      continue;
    }
    allow.push({ key, meta: { environment: env } });
    entries.push({ ...item, status: 'active' });
  }

  const denyEntries: DenyEntryView[] = [];
  const denyKept: string[] = [];
  for (const item of snap.deny) {
    const problem = patternProblem(parseKey(item.key), 'deny');
    if (problem) {
      const message = `${problem}; the deny rule is ignored${at(item)}`;
      report.issues.push({ key: item.key, list: 'deny', line: item.line, column: item.column, kind: 'pattern', message });
      denyEntries.push({ ...item, status: 'ignored', message });
      continue;
    }
    denyKept.push(item.key);
    denyEntries.push({ ...item, status: 'active' });
  }

  return {
    allow: new AllowSet(allow),
    violating: new AllowSet(violating),
    presets,
    deny: new DenySet(denyKept),
    entries,
    denyEntries,
    report,
  };
}
