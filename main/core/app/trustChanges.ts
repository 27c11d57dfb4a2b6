/**
 * What changed in codecoder.json since this user trusted it, for the re-trust review: allow entries,
 * deny rules, MCP servers and hooks added, removed or changed, against the bytes trusted before (kept
 * beside the trust store, permissions/trust/trustStore.ts). Without that copy (trusted by an older
 * version, or the copy is gone) the answer is null and the review says it cannot compare.
 */
import type { TrustChanges } from '../../../shared/contract/index.js';
import { hookReviewLines } from '../hooks/index.js';
import { serverList, serverTarget } from '../mcp/index.js';
import { parseConfigBytes, type ConfigSnapshot } from '../permissions/index.js';

type Compared = Pick<ConfigSnapshot, 'allowlist' | 'deny' | 'mcpServers' | 'hooks'>;

function allowChanges(before: Compared, now: Compared): TrustChanges['allow'] {
  const was = new Map(before.allowlist.map((e) => [e.key, e.value]));
  const is = new Map(now.allowlist.map((e) => [e.key, e.value]));
  const out: TrustChanges['allow'] = [];
  for (const [key, value] of is) {
    const old = was.get(key);
    if (old === undefined) out.push({ key, change: 'added', after: value });
    else if (old !== value) out.push({ key, change: 'changed', before: old, after: value });
  }
  for (const [key, value] of was) if (!is.has(key)) out.push({ key, change: 'removed', before: value });
  return out;
}

function denyChanges(before: Compared, now: Compared): TrustChanges['deny'] {
  const was = new Set(before.deny.map((d) => d.key));
  const is = new Set(now.deny.map((d) => d.key));
  return [
    ...[...is].filter((p) => !was.has(p)).map((pattern) => ({ pattern, change: 'added' as const })),
    ...[...was].filter((p) => !is.has(p)).map((pattern) => ({ pattern, change: 'removed' as const })),
  ];
}

/** Each server's entry as written (compared whole: a changed env, folder or sandbox is a change) and what it runs. */
function servers(value: unknown): Map<string, { entry: string; runs: string }> {
  const written = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const runs = new Map(serverList({ project: value }).servers.map((s) => [s.name, serverTarget(s)]));
  return new Map(
    Object.keys(written).map((name) => [
      name,
      { entry: JSON.stringify(written[name]), runs: runs.get(name) ?? '(an entry that cannot be read)' },
    ]),
  );
}

function serverChanges(before: Compared, now: Compared): TrustChanges['servers'] {
  const was = servers(before.mcpServers);
  const is = servers(now.mcpServers);
  const out: TrustChanges['servers'] = [];
  for (const [name, s] of is) {
    const old = was.get(name);
    if (!old) out.push({ name, change: 'added', after: s.runs });
    // A change only to what is not shown (a variable's value, a folder): marked, with no "was".
    else if (old.entry !== s.entry)
      out.push({ name, change: 'changed', ...(old.runs !== s.runs ? { before: old.runs } : {}), after: s.runs });
  }
  for (const [name, s] of was) if (!is.has(name)) out.push({ name, change: 'removed', before: s.runs });
  return out;
}

function hookChanges(before: Compared, now: Compared): TrustChanges['hooks'] {
  const id = (h: { event: string; command: string; runsFor: string; environment: string }) =>
    JSON.stringify([h.event, h.command, h.runsFor, h.environment]);
  const was = hookReviewLines(before.hooks);
  const is = hookReviewLines(now.hooks);
  const wasIds = new Set(was.map(id));
  const isIds = new Set(is.map(id));
  return [
    ...is.filter((h) => !wasIds.has(id(h))).map((h) => ({ event: h.event, command: h.command, change: 'added' as const })),
    ...was.filter((h) => !isIds.has(id(h))).map((h) => ({ event: h.event, command: h.command, change: 'removed' as const })),
  ];
}

/** The changes from the trusted bytes to what is loaded now; null when the trusted bytes are not known or do not parse. */
export function trustChanges(trustedBefore: Uint8Array | undefined, now: Compared): TrustChanges | null {
  if (!trustedBefore) return null;
  const parsed = parseConfigBytes(trustedBefore);
  if (!parsed.ok) return null;
  const before = parsed.doc;
  return {
    allow: allowChanges(before, now),
    deny: denyChanges(before, now),
    servers: serverChanges(before, now),
    hooks: hookChanges(before, now),
  };
}
