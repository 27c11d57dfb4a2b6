/**
 * The options of Compose, every subcommand's: `docker compose` / `docker-compose` v2 (docker/compose
 * docs/reference/docker_compose_*.yaml, which its cobra flags generate; pflag, no prefixes) and
 * podman-compose (its argparse parsers, podman_compose.py: unique prefixes of long options).
 * The global options come before the subcommand; a subcommand's options may follow its operands,
 * except `run` and `exec`, whose options end at the service (the rest is the container's command).
 * A subcommand or option not listed is compound. What reaches the host: `run`/`exec` options read
 * with containerOptions.ts's handlers (mounts, `--privileged`, namespaces), `cp` (copyEffects), the
 * files `-o` writes, and podman-compose's `--podman-path` (the program it runs as podman) and
 * `--podman-*-args`/`--pod-args` (arguments handed to podman as they are: `--privileged`, `-v /:/h`).
 */
import { exec } from '../effects.js';
import { opaque } from './kit.js';
import { containerTable, hostPath } from './containerOptions.js';
import { optionTable, type OptionHandler, type OptionTable } from './optionTable.js';

/** A Compose flavour: its global options, and each subcommand's table. */
export interface ComposeTables {
  global: OptionTable;
  subs: Readonly<Record<string, OptionTable>>;
}

/** The Compose file, env file and project folder: another folder's project is keyed (its containers, mounts, hooks). */
const COMPOSE_FILES = { file: hostPath, 'env-file': hostPath, 'project-directory': hostPath };

const pflag = (options: string): OptionTable => optionTable({ options: [options, 'h|help'], equalsShort: true });

/** `docker compose` v2. */
export const DOCKER_COMPOSE: ComposeTables = {
  global: optionTable({
    options:
      'all-resources ansi= compatibility dry-run env-file= f|file= insecure-registry= no-ansi parallel= profile= progress= ' +
      'project-directory= p|project-name= verbose v|version workdir= h|help',
    stopAtOperand: true,
    equalsShort: true,
    handlers: COMPOSE_FILES,
  }),
  subs: {
    attach: pflag('detach-keys= index= no-stdin sig-proxy'),
    build: pflag(
      'build-arg= builder= check compress force-rm m|memory= no-cache no-rm parallel print progress= provenance= pull push ' +
        'q|quiet sbom= ssh= with-dependencies',
    ),
    commit: pflag('a|author= c|change= index= m|message= p|pause'),
    config: pflag(
      'environment format= hash= images lock-image-digests models networks no-consistency no-env-resolution no-interpolate ' +
        'no-normalize no-path-resolution o|output=:write profiles q|quiet resolve-image-digests services variables volumes',
    ),
    convert: pflag(
      'format= hash= images no-consistency no-interpolate no-normalize o|output=:write profiles q|quiet resolve-image-digests ' +
        'services volumes',
    ),
    create: pflag('build force-recreate no-build no-recreate pull= quiet-pull remove-orphans scale= y|yes'),
    down: pflag('remove-orphans rmi= t|timeout= v|volumes'),
    events: pflag('json since= until='),
    exec: containerTable('d|detach e|env= index= i|interactive T|no-tty no-TTY privileged t|tty u|user= w|workdir= help'),
    export: pflag('index= o|output=:write'),
    images: pflag('format= q|quiet'),
    kill: pflag('remove-orphans s|signal='),
    logs: pflag('f|follow index= no-color no-log-prefix since= n|tail= t|timestamps until='),
    ls: pflag('a|all filter= format= q|quiet'),
    pause: pflag(''),
    port: pflag('index= protocol='),
    ps: pflag('a|all filter= format= no-trunc orphans q|quiet services status='),
    pull: pflag('ignore-buildable ignore-pull-failures include-deps no-parallel parallel policy= q|quiet'),
    push: pflag('ignore-push-failures include-deps q|quiet'),
    restart: pflag('no-deps t|timeout='),
    rm: pflag('a|all f|force s|stop v|volumes'),
    run: containerTable(
      'build cap-add= cap-drop= d|detach entrypoint= e|env= env-from-file= i|interactive l|label= name= no-deps T|no-tty no-TTY ' +
        'p|publish= pull= q|quiet quiet-build quiet-pull remove-orphans rm P|service-ports t|tty use-aliases u|user= v|volume= ' +
        'w|workdir= help',
    ),
    scale: pflag('no-deps'),
    start: pflag('wait wait-timeout='),
    stats: pflag('a|all format= no-stream no-trunc'),
    stop: pflag('t|timeout='),
    top: pflag(''),
    unpause: pflag(''),
    up: pflag(
      'abort-on-container-exit abort-on-container-failure always-recreate-deps attach= attach-dependencies build d|detach ' +
        'exit-code-from= force-recreate menu no-attach= no-build no-color no-deps no-log-prefix no-recreate no-start pull= ' +
        'quiet-build quiet-pull remove-orphans V|renew-anon-volumes scale= t|timeout= timestamps wait wait-timeout= w|watch y|yes',
    ),
    version: pflag('f|format= short'),
    volumes: pflag('format= q|quiet'),
    wait: pflag('down-project'),
    watch: pflag('no-up prune quiet'),
  },
};

/** `--podman-run-args`, `--pod-args` …: words podman is given as they are. */
const podmanArgs: OptionHandler = (v, typed, at) => [
  exec('podman_args', opaque(v ?? null), `${at.where} ${typed} hands podman arguments as they are (mounts, --privileged, programs)`),
];

const argparse = (options: string): OptionTable => optionTable({ options: [options, 'h|help'], abbrev: true });
const PODMAN_ARGS =
  'podman-args podman-pull-args podman-push-args podman-build-args podman-inspect-args podman-run-args podman-start-args podman-stop-args podman-rm-args podman-volume-args pod-args'.split(
    ' ',
  );

/** podman-compose (podman_compose.py `_init_global_parser` and each `@cmd_parse`). */
export const PODMAN_COMPOSE: ComposeTables = {
  global: optionTable({
    options:
      `h|help v|version in-pod= ${PODMAN_ARGS.map((a) => `${a}=`).join(' ')} env-file= f|file= profile= p|project-name= ` +
      'podman-path=:prog no-ansi no-cleanup dry-run parallel= verbose',
    abbrev: true,
    stopAtOperand: true,
    handlers: { file: hostPath, 'env-file': hostPath, ...Object.fromEntries(PODMAN_ARGS.map((a) => [a, podmanArgs])) },
  }),
  subs: {
    ls: argparse('f|format='),
    version: argparse('f|format= short'),
    wait: argparse(''),
    systemd: argparse('a|action='),
    pull: argparse('force-local'),
    push: argparse('ignore-push-failures'),
    build: argparse('pull=? pull-always=? build-arg= no-cache'),
    up: argparse(
      'd|detach no-color quiet-pull no-deps no-attach= force-recreate always-recreate-deps no-recreate no-build no-start build ' +
        'abort-on-container-exit abort-on-container-failure t|timeout= V|renew-anon-volumes remove-orphans scale= ' +
        'exit-code-from= no-hosts pull=? pull-always=? build-arg= no-cache wait wait-timeout=',
    ),
    down: argparse('v|volumes remove-orphans rmi=? t|timeout='),
    ps: argparse('q|quiet f|format='),
    run: containerTable(
      'build d|detach name= entrypoint= e|env= l|label= u|user= no-deps rm p|publish= service-ports v|volume= T| w|workdir= help h|',
    ),
    exec: containerTable('d|detach privileged u|user= T| index= e|env= w|workdir= help h|'),
    start: argparse('wait wait-timeout='),
    stop: argparse('t|timeout='),
    restart: argparse('t|timeout='),
    logs: argparse('f|follow l|latest n|names no-color no-log-prefix since= t|timestamps tail= until='),
    config: argparse('no-normalize services q|quiet'),
    port: argparse('index= protocol='),
    pause: argparse(''),
    unpause: argparse(''),
    kill: argparse('s|signal= a|all'),
    stats: argparse('i|interval= no-reset no-stream f|format='),
    images: argparse('q|quiet'),
  },
};
