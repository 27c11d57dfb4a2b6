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
export {
  CONFIG_FILE,
  MAX_CONFIG_BYTES,
  type ConfigError,
  type EntryValue,
  type ConfigEdit,
  editConfigText,
  parseConfigText,
} from './configFile.js';
export { SessionAllowlist, NEVER, type SessionEntry } from './sessionAllowlist.js';
export { JsonlAuditLog, MemoryAuditLog, auditFileFor, type AuditLog, type AuditRecord, type AuditEntry, type AuditQuery } from './audit.js';
export { CeilingViolationError, ceilingViolation } from './ceiling.js';
export type { LoadReport, EntryIssue, ProjectEntryView, DenyEntryView } from './projectLevel.js';
export { MCP_KEY_TOOL } from './keyGrammar.js';
export { AllowSet, DenySet, patternProblem } from './match.js';
export { MCP_NAME, mcpShape } from './mcpKeys.js';
export { NET_ENVIRONMENT, NET_KEY_TOOL, hostKeys } from './netKeys.js';
export { ConversationModes, isPermissionMode, type PermissionMode, PLAN_REFUSAL } from './modes.js';
export { compileProject } from './projectLevel.js';
export { classifyCommand } from './shell/index.js';
export { rawParse } from './shell/parser.js';
export { cliProjectTrust, runTrustNote, serverCount, trustLine } from './trust/cliTrust.js';
export { needsTrust, ProjectTrust, sha256Hex, type TrustSource } from './trust/projectTrust.js';
export { entryMeaning } from './trust/entryMeaning.js';
export { trustReview } from './trust/review.js';
export { TrustStore } from './trust/trustStore.js';
export { EVERYDAY_GOAL, everydayCommands, overBlocked } from './shell/fixtures/everyday.js';
