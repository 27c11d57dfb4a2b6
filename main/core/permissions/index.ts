/** The permission engine's public surface (see docs/permissions.md). */
export * from './types.js';
export { commandPermission, pathPermission, parseKey, formatKey, keyGrammarOf, KeyError } from './keys.js';
export {
  PermissionEngine,
  type EngineDeps,
  type EngineDecision,
  type EngineChange,
  type DryRunResult,
  type Grant,
  type Verdict,
  type ProjectLevelSource,
} from './engine.js';
export { ProjectConfig, ConfigWriteRefused, readConfigFile, type ConfigSnapshot } from './projectConfig.js';
export { CONFIG_FILE, MAX_CONFIG_BYTES, type ConfigError, type EntryValue } from './configFile.js';
export { SessionAllowlist, NEVER, type SessionEntry } from './sessionAllowlist.js';
export { JsonlAuditLog, MemoryAuditLog, auditFileFor, type AuditLog, type AuditRecord, type AuditEntry, type AuditQuery } from './audit.js';
export { CeilingViolationError, ceilingViolation } from './ceiling.js';
export type { LoadReport, EntryIssue, ProjectEntryView, DenyEntryView } from './projectLevel.js';
