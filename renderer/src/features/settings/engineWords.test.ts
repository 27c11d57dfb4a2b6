import { describe, expect, it } from 'vitest';
import { describeEngineInUse } from './engineWords.js';

describe('describeEngineInUse', () => {
  it('names the address, what chose it and how the project travels', () => {
    expect(describeEngineInUse({ via: 'api', address: 'ssh://dev@build', source: 'setting', copyProject: true })).toBe(
      'ssh://dev@build, chosen by the address saved here; the project is sent as a copy, changes come back as a diff.',
    );
    expect(
      describeEngineInUse({ via: 'api', address: 'unix:///run/podman/podman.sock', source: 'CONTAINER_HOST', copyProject: false }),
    ).toBe('unix:///run/podman/podman.sock, chosen by the CONTAINER_HOST variable; the project folder is mounted.');
    expect(describeEngineInUse({ via: 'api', address: 'unix:///d.sock', source: 'default socket', copyProject: false })).toContain(
      'a local engine socket that answered',
    );
  });

  it('says when the CLI runs containers, and why nothing can', () => {
    expect(describeEngineInUse({ via: 'cli' })).toMatch(/^the docker or podman command/);
    expect(describeEngineInUse({ via: 'refused', reason: 'DOCKER_HOST "npipe://x": the scheme npipe:// is not supported' })).toBe(
      'nothing — containers cannot run until this is fixed: DOCKER_HOST "npipe://x": the scheme npipe:// is not supported',
    );
  });
});
