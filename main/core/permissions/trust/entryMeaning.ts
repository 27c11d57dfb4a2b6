/**
 * What an allowlist entry lets the agent do, in words, for the trust review ("This folder's
 * codecoder.json would allow: …"). Someone vetting a cloned repository reads these, not globs.
 * Unknown tools and shapes get a literal description rather than a guess.
 */
import type { EntryValue } from '../configFile.js';
import { isIP } from 'node:net';
import { classifyAddress, isLocalhostName } from '../addressClass.js';
import { readableKey } from '../../../../shared/readableKey.js';
import { parseKey } from '../keyGrammar.js';

const PATH_VERBS: Record<string, string> = {
  write_file: 'create or overwrite',
  edit_file: 'edit',
  delete_path: 'delete',
  move_path: 'move or rename',
};

const COMMAND_PLACES: Record<string, string> = {
  run_command: 'on this machine',
  run_sandboxed: 'in the sandbox',
  run_container: 'in a container',
};

const GLOB_CHARS = /[*?[\]{}()!+@]/;

function pathObject(action: string): string {
  if (action === '**' || action === '**/*') return 'any file in the project (except dotfiles and protected paths, which always ask)';
  const under = /^([^*?[\]{}()!+@]+)\/\*\*$/.exec(action);
  if (under) return `any file under ${under[1]}/`;
  if (GLOB_CHARS.test(action)) return `any path matching the pattern "${action}"`;
  return `the file ${action}`;
}

/** A `web_fetch:<host>[:port]` action's host: `127.0.0.1:8080` → `127.0.0.1`. */
function fetchHost(action: string): string {
  const withPort = /^([^:]+):[0-9]+$/.exec(action);
  return withPort ? withPort[1]! : action;
}

/**
 * What a web_fetch entry grants. web_fetch asks only for a target that is not public (loopback,
 * private, link-local…: `addressClass.ts`), so an entry grants exactly that: an IP literal is judged
 * here; a name is judged only when fetched (by what it resolves to), so the entry covers it only when
 * it resolves to such an address.
 */
function fetchObject(action: string): string {
  if (action === '*') return 'fetch from any local or private network address';
  if (GLOB_CHARS.test(action)) return `fetch from any host matching "${action}" when it is a local or private network address`;
  const host = fetchHost(action);
  if (isLocalhostName(host)) return `fetch from ${action} (this machine)`;
  if (isIP(host) !== 0) {
    const cls = classifyAddress(host);
    if (cls === 'public') return `nothing: ${action} is a public address, and public addresses are fetched without asking`;
    return `fetch from the ${cls} address ${action}${cls === 'loopback' ? ' (this machine)' : ''}`;
  }
  return `fetch from ${action} when that name resolves to a local or private network address (public addresses are fetched without asking)`;
}

function commandObject(tool: string, action: string, place: string): string {
  if (action === '*') return `run ANY simple command ${place}, with any arguments`;
  const parts = action.split(':');
  if (parts.length <= 2 && /^[A-Za-z0-9_][A-Za-z0-9_.+@,-]*$/.test(parts[0] ?? '')) {
    const [program, sub] = parts;
    if (sub === undefined || sub === '*') return `run ${program} ${place} with any subcommand and arguments`;
    return `run "${program} ${sub}" ${place} with any further arguments`;
  }
  const reading = readableKey(`${tool}:${action}`);
  return `run exactly this command ${place}: ${reading === undefined ? action : `${reading} (key ${action})`}`;
}

/** The action of an entry in words (without its scope). */
export function entryAction(raw: string): string {
  let tool: string;
  let action: string;
  try {
    ({ tool, action } = parseKey(raw));
  } catch {
    return `"${raw}" (not a valid key)`;
  }
  const verb = PATH_VERBS[tool];
  if (verb) return `${verb} ${pathObject(action)}`;
  const place = COMMAND_PLACES[tool];
  if (place) return commandObject(tool, action, place);
  switch (tool) {
    case 'web_fetch':
      return fetchObject(action);
    case 'commit':
      return GLOB_CHARS.test(action) ? `commit to any branch matching "${action}"` : `commit to the branch ${action}`;
    case 'run_capability':
      return `run the capability ${action} (this exact code)`;
    case 'create_capability':
      return `create or replace the capability ${action}`;
    case 'process_kill':
      return 'stop background processes the agent started';
    case 'mcp': {
      if (action === '*') return 'use every tool of every MCP server';
      const [server, tool] = action.split(':');
      return tool === '*' ? `use every tool of the MCP server ${server}` : `use the tool ${tool} of the MCP server ${server}`;
    }
    default:
      return `use the tool ${tool} for "${action}"`;
  }
}

/** An entry with its scope in words: what trusting the file would grant. */
export function entryMeaning(raw: string, value: EntryValue): string {
  const what = entryAction(raw);
  return value === 'AlwaysThisSession'
    ? `offered once per session (you choose at session start): ${what}`
    : `without asking, every session: ${what}`;
}
