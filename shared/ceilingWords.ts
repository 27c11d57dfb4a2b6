/**
 * The ceiling rule in words for one key (docs/permissions.md, "The model"): what it is that reaches
 * the session at most, and why, from the key's tool and the environment it runs in — a shell command,
 * a local MCP server's tool, a remote server's tool and a network host each have their own reason.
 * The engine's CeilingViolation message (main/core/permissions/ceiling.ts) and the approval prompt
 * both say it with these words, so the prompt never calls an MCP tool a shell command.
 */

function isMcp(key: string | undefined): boolean {
  return key?.startsWith('mcp:') ?? false;
}

/** What can be allowed for this session at most, as the subject of a sentence. */
function ceilingSubject(key: string | undefined, environment: string | undefined): string {
  if (key?.startsWith('net:')) return 'A network host';
  if (isMcp(key)) return environment === 'remote' ? "A remote MCP server's tools" : "The tools of an MCP server running on this computer";
  if (environment === 'remote') return "A remote service's tools";
  return 'Shell commands';
}

/** "Shell commands can be allowed for this session at most." — said for this key. */
export function ceilingTitle(key: string | undefined, environment: string | undefined): string {
  return `${ceilingSubject(key, environment)} can be allowed for this session at most.`;
}

/** Why this key is re-approved each session, in one sentence. */
export function ceilingWhy(key: string | undefined, environment: string | undefined): string {
  if (key?.startsWith('net:')) return "A network host is a way out for the project's data, so each host is re-approved each session.";
  if (environment === 'remote')
    return 'A remote server acts on the world (pull requests, tickets, payments), so its tools are re-approved each session.';
  if (isMcp(key))
    return 'A server running on this computer outside any sandbox can do anything you can, so its tools are re-approved each session (one in the sandbox or a container may be allowed for the project).';
  return 'Shell commands can do anything on this machine, so they are re-approved each session.';
}
