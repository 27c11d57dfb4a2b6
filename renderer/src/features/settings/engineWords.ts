import type { MethodOutput } from '../../../../shared/contract/index.js';

export type EngineInUse = MethodOutput<'settings.engineInUse'>;

const chosenBy: Record<Extract<EngineInUse, { via: 'api' }>['source'], string> = {
  setting: 'the address saved here',
  CONTAINER_HOST: 'the CONTAINER_HOST variable',
  DOCKER_HOST: 'the DOCKER_HOST variable',
  'default socket': 'a local engine socket that answered',
};

/** The "In use now" line: which engine, what chose it, and how the project reaches it. */
export function describeEngineInUse(e: EngineInUse): string {
  if (e.via === 'cli') return 'the docker or podman command (no Engine API address is set and no local engine socket answered).';
  if (e.via === 'refused') return `nothing — containers cannot run until this is fixed: ${e.reason}`;
  const project = e.copyProject ? 'the project is sent as a copy, changes come back as a diff' : 'the project folder is mounted';
  return `${e.address}, chosen by ${chosenBy[e.source]}; ${project}.`;
}
