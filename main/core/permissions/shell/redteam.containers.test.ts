/**
 * Red-team rows for `docker build` and `buildx build` options, read with an option table
 * (programs/containerOptions.ts BUILD, from docker/buildx commands/build.go and the classic
 * builder's cli/command/image/build.go), and for compose's global options (containers.ts
 * COMPOSE_GLOBAL, compose v2 cmd/compose/compose.go). Each row: command, expected kind, why, and for an attack
 * the program its program list must name ('?' when it cannot be known), so deny rules still apply.
 */
import { describe, expect, it } from 'vitest';
import { itClassifiesRows, type Row } from './redteam.testkit.js';
import { optionTable, readOptions } from './programs/optionTable.js';

const ROWS: readonly Row[] = [
  ['docker buildx build --allow security.insecure .', 'compound', 'RUN --security=insecure is a privileged container', '?'],
  ['docker buildx build --allow=network.host .', 'compound', 'RUN --network=host', '?'],
  ['docker buildx build --allow fs=/ .', 'compound', 'buildx entitlement to read and write any host path', '?'],
  ['docker build --network host .', 'compound', 'the build shares the host network namespace', '?'],
  ['docker build --network=host .', 'compound', 'the same with =', '?'],
  ['docker build --build-context x=/ .', 'compound', 'the host root as a named context the Dockerfile can COPY from', 'docker'],
  ['docker build --build-context=x=../.. .', 'compound', 'a context climbing out of the project', 'docker'],
  ['docker build --build-context x=~/.ssh .', 'compound', 'a home folder as a context', 'docker'],
  ['docker build --build-context x=oci-layout:///etc .', 'compound', 'an oci-layout path on the host', 'docker'],
  ['docker build --secret id=k,src=/home/me/.ssh/id_rsa .', 'compound', 'a host secret handed to RUN steps', 'docker'],
  ['docker build --secret id=k,src=x,foo=y .', 'compound', 'a secret field the classifier does not know', 'docker'],
  ['docker build --ssh default .', 'compound', 'the SSH agent handed to RUN steps', '?'],
  ['docker build --security-opt seccomp=unconfined .', 'compound', 'the classic builder’s security options', '?'],
  ['docker build /', 'compound', 'the host root as the build context', 'docker'],
  ['docker build -t x ../..', 'compound', 'a context outside the project', 'docker'],
  ['docker build . -o /tmp/x', 'compound', 'an option after the context (cobra intersperses)', 'docker'],
  ['docker build -qo/tmp/x .', 'compound', 'a cluster ending in -o', 'docker'],
  ['docker build -o=/tmp/x .', 'compound', 'pflag -o=VALUE', 'docker'],
  ['docker build --frobnicate .', 'compound', 'an option the table does not know', '?'],
  ['docker build $OPT .', 'compound', 'a word known only at run time where an option may stand', '?'],
  ['docker buildx --builder b build -o /tmp/x .', 'compound', 'buildx root option before build', 'docker'],
  ['docker buildx --builder=b b --allow security.insecure .', 'compound', 'the b alias after a root option', '?'],
  ['docker buildx $SUB -o /tmp/x .', 'compound', 'the buildx subcommand known only at run time', '?'],
  ['podman build -v /:/h .', 'compound', 'podman build mounts at build time; not a docker build option', '?'],
  ['docker build -t app:dev -f Dockerfile.dev .', 'simple', 'ordinary'],
  ['docker buildx build --platform linux/amd64,linux/arm64 -t app --push .', 'simple', 'ordinary multi-platform push'],
  ['docker build --build-arg NODE=20 --target prod --no-cache -t app .', 'simple', 'ordinary'],
  ['docker build --build-context base=docker-image://alpine:3 .', 'simple', 'an image as a named context'],
  ['docker build --build-context src=./src .', 'simple', 'a project folder as a named context'],
  ['docker build --secret id=npm,src=.npmrc .', 'simple', 'a project file as a secret'],
  ['docker build --secret id=tok,env=TOKEN .', 'simple', 'a secret from the environment'],
  ['docker build --cache-from type=registry,ref=x/app:cache .', 'simple', 'reading a registry cache'],
  ['docker build -t app https://github.com/x/y.git', 'simple', 'a remote context'],
  ['docker build -t app -', 'simple', 'the context (a Dockerfile or tarball) from stdin'],
  ['docker buildx ls', 'simple', 'not a build'],
  ['docker compose -- run -v /:/h app', 'compound', '`--` before the subcommand: not read here', '?'],
  ['docker compose -hf x.yml run -v /:/h app', 'compound', 'a cluster of compose globals, then a host mount', 'docker'],
  ['docker compose -f=x.yml run --privileged app', 'compound', 'pflag -f=VALUE, then --privileged', '?'],
  ['docker compose $G run -v /:/h app', 'compound', 'a compose global known only at run time', '?'],
  ['docker compose -p=proj --profile dev run --rm app npm test', 'simple', 'ordinary globals'],
  ['docker compose -f -- run --rm app', 'simple', '`--` as the value of -f is a file name, not the end of options'],
];

describe('red team: docker build options (issue 16)', () => {
  itClassifiesRows(ROWS);
});

describe('readOptions: `ended`', () => {
  const t = optionTable({ options: 'f|file=', stopAtOperand: true });
  it('is set when `--` ends the options, not when it is a value or an operand stops them', () => {
    expect(readOptions(t, ['--', 'run'], 0, 'x')).toMatchObject({ ended: true, rest: 1 });
    expect(readOptions(t, ['-f', '--', 'run'], 0, 'x').ended).toBeUndefined();
    expect(readOptions(t, ['run', '--'], 0, 'x')).toMatchObject({ rest: 0 });
    expect(readOptions(t, ['run', '--'], 0, 'x').ended).toBeUndefined();
  });
});
