/**
 * npm's own resolution of a command word: `npm i` runs install, `npm publ` runs publish,
 * `npm install-cl` runs ci. A deny rule on `run_command:npm:publish` must see every spelling npm
 * accepts, so the classifier names the command the way npm does.
 *
 * COMMANDS and ALIASES are copied verbatim from npm 11.19.1, lib/utils/cmd-list.js (`commands`,
 * `aliases`); `npmDeref` is that file's `deref`, with the same `abbrev` package (v4, as npm 11
 * bundles). npmCommands.test.ts compares both tables and every prefix with the npm installed next
 * to the running node, so an npm release that changes them is noticed.
 */
import abbrev from 'abbrev';

// These correspond to filenames in npm's lib/commands (sorted, as in npm).
export const NPM_COMMANDS: readonly string[] = [
  'access',
  'adduser',
  'approve-scripts',
  'audit',
  'bugs',
  'cache',
  'ci',
  'completion',
  'config',
  'dedupe',
  'deny-scripts',
  'deprecate',
  'diff',
  'dist-tag',
  'docs',
  'doctor',
  'edit',
  'exec',
  'explain',
  'explore',
  'find-dupes',
  'fund',
  'get',
  'help',
  'help-search',
  'init',
  'install',
  'install-ci-test',
  'install-scripts',
  'install-test',
  'link',
  'll',
  'login',
  'logout',
  'ls',
  'org',
  'outdated',
  'owner',
  'pack',
  'ping',
  'pkg',
  'prefix',
  'profile',
  'prune',
  'publish',
  'query',
  'rebuild',
  'repo',
  'restart',
  'root',
  'run',
  'sbom',
  'search',
  'set',
  'shrinkwrap',
  'stage',
  'star',
  'stars',
  'start',
  'stop',
  'team',
  'test',
  'token',
  'trust',
  'undeprecate',
  'uninstall',
  'unpublish',
  'unstar',
  'update',
  'version',
  'view',
  'whoami',
];

// Each resolves to an entry of NPM_COMMANDS (npm's order kept, typos included: npm accepts them).
export const NPM_ALIASES: Readonly<Record<string, string>> = {
  author: 'owner',
  home: 'docs',
  issues: 'bugs',
  info: 'view',
  show: 'view',
  find: 'search',
  add: 'install',
  unlink: 'uninstall',
  remove: 'uninstall',
  rm: 'uninstall',
  r: 'uninstall',
  un: 'uninstall',
  rb: 'rebuild',
  list: 'ls',
  ln: 'link',
  create: 'init',
  i: 'install',
  it: 'install-test',
  cit: 'install-ci-test',
  u: 'update',
  up: 'update',
  c: 'config',
  s: 'search',
  se: 'search',
  tst: 'test',
  t: 'test',
  ddp: 'dedupe',
  v: 'view',
  'run-script': 'run',
  'clean-install': 'ci',
  'clean-install-test': 'install-ci-test',
  x: 'exec',
  why: 'explain',
  la: 'll',
  verison: 'version',
  ic: 'ci',
  innit: 'init',
  in: 'install',
  ins: 'install',
  inst: 'install',
  insta: 'install',
  instal: 'install',
  isnt: 'install',
  isnta: 'install',
  isntal: 'install',
  isntall: 'install',
  'install-clean': 'ci',
  'isntall-clean': 'ci',
  hlep: 'help',
  'dist-tags': 'dist-tag',
  upgrade: 'update',
  udpate: 'update',
  rum: 'run',
  sit: 'install-ci-test',
  urn: 'run',
  ogr: 'org',
  'add-user': 'adduser',
};

const own = (o: Readonly<Record<string, string>>, k: string): string | undefined =>
  Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined;

let abbrevs: Readonly<Record<string, string>> | undefined;

/**
 * The command npm runs for `word`, or undefined when npm would refuse it ("Unknown command"): an
 * ambiguous prefix (`npm pu`), an unknown word. Own properties only: npm's plain-object lookup
 * would "find" `constructor`, which then fails to load — unknown all the same.
 */
export function npmDeref(word: string): string | undefined {
  if (!word) return undefined;
  // npm translates camelCase to kebab-case first (installTest → install-test).
  let c = word;
  if (/[A-Z]/.test(c)) c = c.replace(/([A-Z])/g, (m) => '-' + m.toLowerCase());
  if (NPM_COMMANDS.includes(c)) return c;
  const alias = own(NPM_ALIASES, c);
  if (alias !== undefined) return alias;
  abbrevs ??= abbrev([...NPM_COMMANDS, ...Object.keys(NPM_ALIASES)]);
  // An abbreviation of an alias resolves through it: install-cl → install-clean → ci.
  let a = own(abbrevs, c);
  for (let next = a === undefined ? undefined : own(NPM_ALIASES, a); next !== undefined; next = own(NPM_ALIASES, next)) a = next;
  return a;
}
