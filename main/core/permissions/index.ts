/** The permission engine's public surface (see docs/permissions.md). */
export * from './types.js';
export { chooseHunks, EVERY_HUNK_REJECTED, hunkNumbers, type HunkChoice } from './hunkChoice.js';
export { commandPermission, pathPermission, parseKey, formatKey } from './keys.js';
export { PermissionEngine, type EngineDeps, type Grant } from './engine.js';
export { ProjectConfig, readConfigFile, type ConfigSnapshot } from './projectConfig.js';
export { CONFIG_FILE, type ConfigEdit, editConfigText, parseConfigBytes, parseConfigText } from './configFile.js';

export { JsonlAuditLog, MemoryAuditLog, auditFileFor, type AuditLog, type AuditRecord } from './audit.js';

export { COMMAND_KEY_TOOLS, MCP_KEY_TOOL } from './keyGrammar.js';
export { AllowSet, DenySet, patternProblem } from './match.js';
export { MCP_NAME, mcpShape } from './mcpKeys.js';
export { classifyAddress, isLocalhostName, type AddressClass } from './addressClass.js';
export { NET_ENVIRONMENT, NET_KEY_TOOL, hostKeys } from './netKeys.js';
export { ConversationModes, isPermissionMode, PERMISSION_MODES, type PermissionMode, PLAN_REFUSAL } from './modes.js';
export { compileProject } from './projectLevel.js';
export { classifyCommand } from './shell/index.js';
export { rawParse } from './shell/parser.js';
export { compileAllSpecs, specTableTexts } from './shell/programs/specs/specRules.js';
export { compileAllHelpTables } from './shell/programs/helpRules.js';
export { needsTrust, ProjectTrust, sha256Hex, type TrustSource, type TrustState } from './trust/projectTrust.js';
export { entryMeaning } from './trust/entryMeaning.js';
export { trustReview } from './trust/review.js';
export { TrustStore, TrustStoreError } from './trust/trustStore.js';
