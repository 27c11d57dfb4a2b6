/**
 * openssl's option allowlist, per subcommand (opensslTables.ts, from each command's -help). openssl
 * reads `-opt value`, `-opt=value` and `--opt`, takes no abbreviations and no clusters, and stops at
 * the first operand. An option a command does not know, or a command without a table, is compound.
 * Engines, providers, `-config` (a config file loads providers and engines) and outputs are keyed;
 * a password read from a file outside the project (`-passin file:/…`) is pinned in the key.
 */
import { exec, risk, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { OPENSSL_CIPHER_COMMANDS, OPENSSL_DIGEST_COMMANDS, OPENSSL_TABLES } from './opensslTables.js';
import { optionTable, readOptions, type OptionHandler, type OptionTable } from './optionTable.js';
import type { Check } from './rule.js';
import { outsideProject } from './kit.js';

/** `-passin file:PATH` reads the password from PATH; `pass:`, `env:`, `fd:` and `stdin` name no file. */
const password: OptionHandler = (v, typed) =>
  v === undefined || v === null || (/^file:/.test(v) && outsideProject(v.slice(5)))
    ? [risk('pass', `openssl ${typed} reads a password from a file outside the project`, v ?? null)]
    : [];

/** s_server -WWW/-HTTP/-www answer requests with files from the working folder. */
const serves: OptionHandler = (_v, typed) => [risk('www', `openssl s_server ${typed} serves files to the network`)];

const PASSWORD_OPTIONS = ['passin', 'passout', 'pass', 'passarg', 'srvpassarg', 'kdfpass'];

const TABLES: ReadonlyMap<string, OptionTable> = new Map(
  Object.entries(OPENSSL_TABLES).map(([command, options]) => {
    // A digest or cipher name a command also lists as its own option (`-sha1`, `-des`) counts once.
    const names = new Set<string>();
    const tokens = options
      .join(' ')
      .split(/\s+/)
      .filter((t) => {
        const name = t.replace(/^.\|/, '').replace(/[=:].*$/, '');
        if (t === '' || names.has(name)) return false;
        names.add(name);
        return true;
      });
    const handlers: Record<string, OptionHandler> = {};
    for (const p of PASSWORD_OPTIONS) if (names.has(p)) handlers[p] = password;
    if (command === 's_server') for (const w of ['WWW', 'HTTP', 'www']) handlers[w] = serves;
    return [command, optionTable({ options: tokens, singleDashLong: true, stopAtOperand: true, handlers })];
  }),
);

/** The table's spelling of a typed option word: `_` is written `.` in the tables. */
const spelled = (w: Arg): Arg => {
  if (w === null || !w.startsWith('-')) return w;
  const eq = w.indexOf('=');
  return eq < 0 ? w.replace(/_/g, '.') : w.slice(0, eq).replace(/_/g, '.') + w.slice(eq);
};

export const openssl: Check = (argv) => {
  const sub = argv[1];
  if (sub === undefined) return []; // the interactive prompt: commands typed later, by the user
  if (sub === null) return [exec('unknown_option', { kind: 'opaque', text: null }, 'openssl: a command known only at run time')];
  if (/^--?(help|version)$/.test(sub)) return [];
  const command = OPENSSL_DIGEST_COMMANDS.includes(sub)
    ? 'dgst'
    : OPENSSL_CIPHER_COMMANDS.includes(sub) || sub === 'base64' || sub === 'zlib'
      ? 'enc'
      : sub;
  const table = TABLES.get(command);
  if (!table) return [exec('unknown_option', { kind: 'opaque', text: sub }, `openssl ${sub}: the classifier has no table of its options`)];
  const words = argv.map((w, i) => (i < 2 ? w : spelled(w)));
  const effects: Effect[] = readOptions(table, words, 2, `openssl ${sub}`).effects;
  return effects;
};
