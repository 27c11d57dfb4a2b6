/**
 * buildah's options, every command's (transcribed from buildah 1.28 `buildah <command> --help`,
 * "Flags:" and "Global Flags:"; cobra and pflag: `--opt=v`, `--opt v`, `-o=v`, no prefixes, options
 * among the operands). The global options are persistent: every command takes them too. A command
 * or option not listed is compound. What reaches the host is read as for docker (containerOptions.ts's
 * handlers): `from`, `build` and `run` mounts, devices, capabilities, namespaces, `--runtime`; `run`'s
 * options end at the container (the rest is its command). Files written (`--iidfile`, `--digestfile`,
 * `--logfile`, `-o`), `--hooks-dir` (hook programs the runtime runs) and `--runtime-flag` are keyed;
 * `unshare`'s command runs on the host (containers.ts).
 */
import { containerTable, hostPath } from './containerOptions.js';
import { optionTable, type OptionHandler, type OptionTable, type TableSpec } from './optionTable.js';

const GLOBAL =
  'cgroup-manager= log-level= registries-conf= registries-conf-dir= root= runroot= short-name-alias-conf= storage-driver= ' +
  'storage-opt= userns-gid-map= userns-uid-map= debug cpu-profile=:write memory-profile=:write default-mounts-file= v|version h|help';

/** A command's table: its own options, then the global ones; `subs`, its nested commands. */
function own(options: string, subs?: Record<string, TableSpec>): TableSpec {
  const handlers = pathHandlers(`${options} ${GLOBAL}`);
  return subs
    ? { options: [options, GLOBAL], equalsShort: true, handlers, subs, subsOnly: true }
    : { options: [options, GLOBAL], equalsShort: true, handlers };
}

/** Options naming host files or folders: one outside the project is keyed (containerOptions.ts `hostPath`). */
const PATHS = new Set(
  (
    'file ignorefile authfile cert-dir contextdir decryption-key root runroot registries-conf registries-conf-dir ' +
    'short-name-alias-conf default-mounts-file secret build-context'
  ).split(' '),
);
function pathHandlers(options: string): Record<string, OptionHandler> {
  const names = options.split(' ').map((t) => t.replace(/^.\|/, '').replace(/[=?:].*$/, ''));
  return Object.fromEntries(names.filter((n) => PATHS.has(n)).map((n) => [n, hostPath]));
}

/** A command that sets up or runs a container: the host-reaching options read with docker's handlers. */
const hostOwn = (options: string, stopAtOperand = false): OptionTable =>
  containerTable([options, GLOBAL], stopAtOperand, pathHandlers(`${options} ${GLOBAL}`));

/** The host-reaching commands' tables, compiled with their handlers. */
export const BUILDAH_HOST: Readonly<Record<string, OptionTable>> = {
  build: hostOwn(
    'add-host= all-platforms annotation= arch= authfile= build-arg= build-context= cache-from= cache-to= cache-ttl= cap-add= cap-drop= cert-dir= cgroup-parent= cgroupns= compress cpp-flag=:config cpu-period= cpu-quota= c|cpu-shares= cpuset-cpus= cpuset-mems= creds= decryption-key= device= D|disable-compression disable-content-trust dns= dns-option= dns-search= env= f|file= force-rm format= from= hooks-dir=:runs http-proxy identity-label ignorefile= iidfile=:write ipc= isolation= jobs= label= layers logfile=:write logsplit manifest= m|memory= memory-swap= network= no-cache no-hosts omit-history os= os-feature= os-version= o|output=:write pid= platform= pull=? q|quiet retry= retry-delay= rm runtime= runtime-flag=:config secret= security-opt= shm-size= sign-by= skip-unused-stages squash ssh=:config stdin t|tag= target= timestamp= tls-verify ulimit= unsetenv= userns= userns-gid-map= userns-gid-map-group= userns-uid-map= userns-uid-map-user= uts= variant= v|volume=',
  ),
  from: hostOwn(
    'add-host= arch= authfile= cap-add= cap-drop= cert-dir= cgroup-parent= cgroupns= cidfile= cpu-period= cpu-quota= c|cpu-shares= cpuset-cpus= cpuset-mems= creds= decryption-key= device= dns= dns-option= dns-search= f|format= http-proxy ipc= isolation= m|memory= memory-swap= name= network= os= pid= platform= pull=? q|quiet retry= retry-delay= security-opt= shm-size= tls-verify ulimit= userns= userns-gid-map= userns-gid-map-group= userns-uid-map= userns-uid-map-user= uts= variant= v|volume=',
  ),
  run: hostOwn(
    'add-history cap-add= cap-drop= cgroupns= contextdir= e|env= hostname= ipc= isolation= mount= network= no-hosts no-pivot pid= runtime= runtime-flag=:config t|terminal user= uts= v|volume= workingdir=',
    true,
  ),
};

const COMMANDS: Record<string, TableSpec> = {
  add: own('add-history chmod= chown= contextdir= from= ignorefile= q|quiet retry= retry-delay='),
  commit: own(
    'authfile= cert-dir= creds= D|disable-compression encrypt-layer= encryption-key= f|format= identity-label iidfile=:write manifest= omit-history q|quiet rm sign-by= squash timestamp= tls-verify unsetenv=',
  ),
  config: own(
    'add-history a|annotation= arch= author= cmd= comment= created-by= domainname= entrypoint= e|env= healthcheck= healthcheck-interval= healthcheck-retries= healthcheck-start-period= healthcheck-timeout= history-comment= hostname= l|label= onbuild= os= os-feature= os-version= p|port= shell= stop-signal= u|user= variant= v|volume= workingdir=',
  ),
  containers: own('a|all f|filter= format= json n|noheading notruncate q|quiet'),
  copy: own('add-history chmod= chown= contextdir= from= ignorefile= q|quiet retry= retry-delay='),
  images: own('a|all digests f|filter= format= history json no-trunc n|noheading q|quiet'),
  info: own('d|debug format='),
  inspect: own('f|format= t|type='),
  login: own('authfile= cert-dir= get-login p|password= password-stdin tls-verify u|username= v|verbose'),
  logout: own('a|all authfile='),
  manifest: own('', {
    add: own('all annotation= arch= authfile= cert-dir= creds= features= os= os-features= os-version= tls-verify variant='),
    annotate: own('annotation= arch= features= os= os-features= os-version= variant='),
    create: own('all amend tls-verify'),
    exists: own(''),
    inspect: own(''),
    push: own('all authfile= cert-dir= creds= digestfile=:write f|format= q|quiet remove-signatures rm sign-by= tls-verify'),
    remove: own(''),
    rm: own(''),
  }),
  mount: own('json'),
  pull: own(
    'a|all-tags arch= authfile= cert-dir= creds= decryption-key= os= platform= policy= q|quiet remove-signatures retry= retry-delay= tls-verify variant=',
  ),
  push: own(
    'all authfile= cert-dir= compression-format= compression-level= creds= digestfile=:write D|disable-compression encrypt-layer= encryption-key= f|format= q|quiet remove-signatures retry= retry-delay= rm sign-by= tls-verify',
  ),
  rename: own(''),
  rm: own('a|all'),
  rmi: own('a|all f|force p|prune'),
  source: own('', {
    add: own('annotation='),
    create: own('author= time-stamp'),
    pull: own('creds= q|quiet tls-verify'),
    push: own('creds= q|quiet tls-verify'),
  }),
  tag: own(''),
  umount: own('a|all'),
  // `unshare [CMD…]`: its options end at the command, which runs on the host (containers.ts).
  unshare: { ...own('m|mount='), stopAtOperand: true },
  version: own('json'),
};

/** Aliases cobra resolves (`buildah bud`, `buildah ps`, `buildah delete`, `buildah unmount`). */
const ALIASES: Readonly<Record<string, string>> = {
  bud: 'build',
  'build-using-dockerfile': 'build',
  list: 'containers',
  ls: 'containers',
  ps: 'containers',
  delete: 'rm',
  unmount: 'umount',
};

/** The command buildah runs for `word`: its own name or an alias's, or undefined. */
export function buildahCommand(word: string): string | undefined {
  const name = Object.prototype.hasOwnProperty.call(ALIASES, word) ? ALIASES[word]! : word;
  return Object.prototype.hasOwnProperty.call(COMMANDS, name) || Object.prototype.hasOwnProperty.call(BUILDAH_HOST, name)
    ? name
    : undefined;
}

/** The global options before the command (stops at it). */
export const BUILDAH_GLOBAL: OptionTable = optionTable({
  options: GLOBAL,
  equalsShort: true,
  stopAtOperand: true,
  handlers: pathHandlers(GLOBAL),
});

const compiled = new Map<string, OptionTable>();
/** The table of command `name` (as buildahCommand resolves it). */
export function buildahTable(name: string): OptionTable {
  const host = BUILDAH_HOST[name];
  if (host) return host;
  let t = compiled.get(name);
  if (!t) {
    t = optionTable(COMMANDS[name]!);
    compiled.set(name, t);
  }
  return t;
}
