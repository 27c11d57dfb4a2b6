/**
 * What keeps a tool's git call from running a program the repository chose. A repository's config
 * (`.git/config`, `config.worktree` and every file they include) can name programs git runs on
 * its own: filter drivers that `.gitattributes` attaches to files (status, diff and add run
 * them), diff and merge drivers, signing programs, fsmonitor, hooks, transports (a partial
 * clone fetches a missing blob on a plain `diff`, through `core.sshCommand`, `uploadpack`,
 * `ext::`, credential helpers). A `.git` folder arrives with a downloaded archive, or is written
 * by anything that may write there, so none of it is trusted.
 *
 * Two nets, both passed through GIT_CONFIG_COUNT (command scope: read after every file, and its
 * keys may hold `=` — a `-c` argument splits at the first one, so a driver named `a=b` could not
 * be overridden there):
 * - FIXED: settings off for every call, whatever scope set them (signing, hooks, fsmonitor,
 *   transports, auto gc, submodule recursion).
 * - Every key of the effective config whose variable names a program (PROGRAM_VARIABLE, by the
 *   last part of its name, so a driver or section git adds later is caught by the same word) and
 *   that the repository set is replaced by the user's own value (system / global scope: the
 *   git-lfs filter a user installed keeps working) or, without one, by a value that runs nothing.
 *   `filter.<d>.required` is left as set: a required filter switched off makes git stop ("clean
 *   filter failed") instead of storing the file unfiltered — an LFS file as a blob, say.
 */
import { execFile } from 'node:child_process';

/** Settings every tool call gets, whoever set them. Key → value that runs nothing. */
export const FIXED_GIT_CONFIG: ReadonlyArray<readonly [string, string]> = [
  // Hooks: .git/hooks and any hooksPath; reference-transaction runs even under --no-verify.
  ['core.hooksPath', '/dev/null'],
  ['core.fsmonitor', 'false'],
  // Tool commits are unsigned: gpg.program / gpg.<format>.program / gpg.ssh.defaultKeyCommand
  // never run, and no signature is verified (log.showSignature would run gpg on every log).
  ['commit.gpgSign', 'false'],
  ['tag.gpgSign', 'false'],
  ['log.showSignature', 'false'],
  ['merge.verifySignatures', 'false'],
  ['diff.external', ''],
  // No transport at all: a lazy fetch of a partial clone would otherwise run ssh, upload-pack,
  // a remote helper or an `ext::` command, and credential helpers with them.
  ['protocol.allow', 'never'],
  ...['file', 'git', 'ssh', 'http', 'https', 'ext', 'fd'].map((p) => [`protocol.${p}.allow`, 'never'] as const),
  ['credential.helper', ''],
  ['core.askPass', ''],
  ['core.sshCommand', 'false'],
  // `commit` would start `gc --auto` / maintenance, which may detach and outlive the call.
  ['gc.auto', '0'],
  ['maintenance.auto', 'false'],
  // A submodule is another repository with its own config: never entered.
  ['submodule.recurse', 'false'],
  ['diff.ignoreSubmodules', 'all'],
  ['status.submoduleSummary', 'false'],
  // A folder the agent wrote that looks like a bare repository is not used as one.
  ['safe.bareRepository', 'explicit'],
  ['core.quotePath', 'false'],
  ['color.ui', 'false'],
];

/**
 * Variable names (the part after the last dot) whose value git runs or hands to a shell, from
 * git-config(1) and gitattributes(5): filter.<d>.clean/smudge/process, diff.<d>.command/textconv,
 * merge.<d>.driver, gpg[.<fmt>].program, gpg.ssh.defaultKeyCommand, credential[.<url>].helper,
 * core.sshCommand/askPass/editor/pager/gitProxy/alternateRefsCommand/fsmonitor/hooksPath,
 * remote.<r>.uploadpack/receivepack/vcs, sequence.editor, interactive.diffFilter,
 * uploadpack.packObjectsHook, imap.tunnel, difftool/mergetool/man/browser/guitool.<t>.cmd/path,
 * sendemail.*cmd, hook.<name>.command (config-based hooks of newer git), alias.<x> ("!cmd").
 */
const PROGRAM_VARIABLE =
  /\.(clean|smudge|process|command|cmd|textconv|driver|program|defaultkeycommand|helper|sshcommand|askpass|editor|pager|gitproxy|alternaterefscommand|fsmonitor|hookspath|uploadpack|receivepack|vcs|difffilter|packobjectshook|tunnel)$/;
/** Sections whose every variable can name a program. */
const PROGRAM_SECTION = /^(alias|pager|hook|sendemail|difftool|mergetool|guitool|man|browser)\./;

/** The value that runs nothing, for a key the repository set and the user did not. */
function neutralValue(key: string): string {
  if (key === 'core.fsmonitor') return 'false';
  if (key === 'core.hookspath') return '/dev/null';
  if (key.startsWith('pager.')) return 'false';
  if (/^protocol\..*\.allow$/.test(key)) return 'never';
  return '';
}

/** Keys compared lower-case outside the subsection, as git does; the subsection is kept as is. */
function canonicalKey(key: string): string {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first === last) return key.toLowerCase();
  return `${key.slice(0, first).toLowerCase()}.${key.slice(first + 1, last)}.${key.slice(last + 1).toLowerCase()}`;
}

export function isProgramKey(key: string): boolean {
  const k = canonicalKey(key);
  const variable = k.slice(k.lastIndexOf('.'));
  return (
    PROGRAM_VARIABLE.test(variable) ||
    PROGRAM_SECTION.test(k) ||
    // git-lfs (a filter the user installed) runs a custom transfer agent named by the repository.
    /^lfs\.customtransfer\..*\.path$/.test(k) ||
    /^protocol\..*\.allow$/.test(k)
  );
}

/** The scopes that are the user's own, outside any repository. */
const USER_SCOPES = new Set(['system', 'global']);

export interface ConfigEntry {
  scope: string;
  key: string;
  value: string | undefined;
}

/** Parses `git config --list --show-scope -z`: `scope\0key\nvalue\0` (no `\n` for a bare key). */
export function parseConfigList(out: string): ConfigEntry[] {
  const parts = out.split('\0');
  const entries: ConfigEntry[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const scope = parts[i]!;
    const kv = parts[i + 1]!;
    const nl = kv.indexOf('\n');
    entries.push({ scope, key: nl < 0 ? kv : kv.slice(0, nl), value: nl < 0 ? undefined : kv.slice(nl + 1) });
  }
  return entries;
}

/**
 * The overrides for one repository's config: each program key anything but the user set, back to
 * the user's last value or to one that runs nothing. Fixed settings come after, so they win.
 */
export function overridesFor(entries: ConfigEntry[]): Array<[string, string]> {
  const fromUser = new Map<string, string | undefined>();
  const fromRepo = new Map<string, string>(); // canonical → spelling as listed
  for (const e of entries) {
    if (!isProgramKey(e.key)) continue;
    const k = canonicalKey(e.key);
    if (USER_SCOPES.has(e.scope)) fromUser.set(k, e.value);
    else fromRepo.set(k, e.key);
  }
  const out: Array<[string, string]> = [];
  for (const [k, spelled] of fromRepo) {
    const mine = fromUser.get(k);
    out.push([spelled, fromUser.has(k) && mine !== undefined ? mine : neutralValue(k)]);
  }
  for (const [k, v] of FIXED_GIT_CONFIG) out.push([k, v]);
  return out;
}

/** Adds settings through GIT_CONFIG_COUNT/KEY_n/VALUE_n (git ≥ 2.31), replacing any count there. */
export function configEnv(env: NodeJS.ProcessEnv, settings: ReadonlyArray<readonly [string, string]>): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env, GIT_CONFIG_COUNT: String(settings.length) };
  settings.forEach(([k, v], i) => {
    out[`GIT_CONFIG_KEY_${i}`] = k;
    out[`GIT_CONFIG_VALUE_${i}`] = v;
  });
  return out;
}

export class ConfigUnreadable extends Error {
  override name = 'ConfigUnreadable';
}

/** The effective config of the repository at `cwd`, with scopes. Reading config runs nothing. */
export function listConfig(cwd: string, env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<ConfigEntry[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['config', '--list', '--show-scope', '-z'],
      { cwd, env, signal, maxBuffer: 16 * 1024 * 1024, encoding: 'utf8' },
      (err, stdout, stderr) => {
        if (!err) return resolve(parseConfigList(stdout));
        if ((err as { name?: string }).name === 'AbortError' || (err as NodeJS.ErrnoException).code === 'ENOENT') return reject(err);
        // Fail closed: a config that cannot be listed (unparsable, too large) is not run with.
        const why = String(stderr).trim().split('\n')[0] || err.message;
        reject(new ConfigUnreadable(`git's config could not be read, so git was not run: ${why}`));
      },
    );
  });
}
