import path from 'node:path';
import type { AllowlistEntryView, AllowlistView } from '../../../shared/contract/index.js';
import { CONFIG_FILE, type PermissionEngine, type ProjectConfig, trustReview, type Environment } from '../permissions/index.js';
import { hookReviewLines } from '../hooks/index.js';
import { serverList, serverTarget } from '../mcp/index.js';
import { trustChanges } from './trustChanges.js';

const NOT_TRUSTED = "not used until you trust this folder's codecoder.json (its deny rules count)";

/** The allowlist editor's one view: codecoder.json's entries and deny rules, the session's entries. */
export async function allowlistView(
  engine: PermissionEngine,
  config: Pick<ProjectConfig, 'snapshot'>,
  projectRoot: string,
  environmentOfKey: (raw: string) => Environment | undefined,
): Promise<AllowlistView> {
  const status = engine.configStatus();
  const report = engine.loadReport();
  const { byKey, byEntry } = await engine.auditHitCounts();
  const hits = (key: string) => byEntry[key] ?? byKey[key] ?? 0;
  const violationOf = (key: string) => report.violations.find((v) => v.key === key) ?? null;

  const trust = engine.trustState();
  const untrusted = trust.status === 'untrusted' || trust.status === 'changed';
  const project: AllowlistEntryView[] = engine.listProject().map((e) => ({
    key: e.key,
    scope: e.value === 'AlwaysThisSession' ? 'preset' : 'project',
    environment: environmentOfKey(e.key) ?? null,
    expiresAt: null,
    hits: hits(e.key),
    source: 'codecoder.json',
    violation: e.status === 'violation' ? violationOf(e.key) : null,
    problem: e.status === 'ignored' ? (e.message ?? 'ignored') : untrusted && e.status !== 'violation' ? NOT_TRUSTED : null,
    ...(e.line > 0 ? { line: e.line } : {}),
  }));
  const session: AllowlistEntryView[] = engine.listSession().map((e) => ({
    key: e.key,
    scope: 'session',
    environment: environmentOfKey(e.key) ?? null,
    expiresAt: e.expiry === -1 ? null : e.expiry,
    hits: hits(e.key),
    source: 'session',
    violation: null,
    problem: null,
  }));
  return {
    trust: {
      ...trust,
      review: trustReview({ entries: engine.listProject(), denyEntries: [] }).allow.map(({ status: _status, ...e }) => e),
      // What trusting would also start: the file's MCP servers (a bad entry is listed as it is written).
      servers: serverList({ project: config.snapshot().mcpServers }).servers.map((s) => ({
        name: s.name,
        runs: serverTarget(s),
        environment: s.environment,
      })),
      // …and its hooks: every command line, as written.
      hooks: hookReviewLines(config.snapshot().hooks),
      // After a change: what is new, different or gone since the content this user trusted.
      ...(trust.status === 'changed' ? { changes: trustChanges(await engine.trustedBeforeContent(), config.snapshot()) } : {}),
    },
    file: {
      path: path.join(projectRoot, CONFIG_FILE),
      exists: config.snapshot().exists,
      error: status.error
        ? { message: status.error.message, ...(status.error.line ? { line: status.error.line, column: status.error.column } : {}) }
        : null,
      changedOnDisk: status.changedOnDisk,
      readOnly: Boolean(status.error),
    },
    entries: [...project, ...session],
    deny: engine.listDeny().map((d) => ({
      pattern: d.key,
      hits: byEntry[d.key] ?? 0,
      problem: d.status === 'ignored' ? (d.message ?? 'ignored') : null,
      ...(d.line > 0 ? { line: d.line } : {}),
    })),
    violations: report.violations,
  };
}
