import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { Settings } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { keys, useSettings } from '../../queries.js';
import { ActionError } from '../../ui/ActionError.js';
import { FormOutcome } from '../../ui/FormOutcome.js';
import { describeEngineInUse } from './engineWords.js';
import { engineInUseKey, useEngineInUse } from './useEngineInUse.js';

/**
 * Settings → Container engine: where run_container (and "Run commands in a container") run — an
 * Engine API address and whether the project is sent as a copy — and the engine in use now, with
 * what chose it. The main process checks the address; its refusal is shown as it words it.
 */
export function ContainerEngineSettings() {
  const queryClient = useQueryClient();
  const settings = useSettings().data;
  const saved: NonNullable<Settings['containerEngine']> = settings?.containerEngine ?? {};
  const [host, setHost] = useState('');
  const [copy, setCopy] = useState(false);
  const [done, setDone] = useState(false);
  useEffect(() => {
    setHost(saved.host ?? '');
    setCopy(saved.copyProject ?? false);
  }, [saved.host, saved.copyProject]);
  const inUse = useEngineInUse();
  const save = useMutation({
    mutationFn: (containerEngine: Settings['containerEngine'] | null) => unwrap(getApi().settings.update({ containerEngine })),
    onSuccess: (s) => {
      queryClient.setQueryData(keys.settings, s);
      void queryClient.invalidateQueries({ queryKey: engineInUseKey });
      setDone(true);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    const address = host.trim();
    // Nothing asked: back to the environment's choice (the setting is removed, not saved empty).
    save.mutate(address || copy ? { ...(address ? { host: address } : {}), ...(copy ? { copyProject: true } : {}) } : null);
  };
  const edited = () => {
    setDone(false);
    save.reset();
  };
  return (
    <section className="form" aria-labelledby="engine-settings-title">
      <h3 id="engine-settings-title">Container engine</h3>
      <p className="muted">
        Where containers run: run_container, and conversations switched to “Run commands in a container”. Empty: CONTAINER_HOST or
        DOCKER_HOST, else a local Docker or Podman socket, else the docker or podman command.
      </p>
      <p data-testid="engine-in-use">
        <strong>In use now:</strong> {inUse.data ? describeEngineInUse(inUse.data) : inUse.isPending ? 'checking…' : 'unknown'}
      </p>
      <ActionError error={inUse.error} doing="find the engine in use" />
      {/* Any edit drops the last outcome (saved, or the refusal). */}
      <form onSubmit={submit} onChange={edited}>
        <label htmlFor="engine-host">Engine address</label>
        <input
          id="engine-host"
          size={50}
          value={host}
          onChange={(e) => setHost(e.target.value)}
          placeholder="unix:///run/podman/podman.sock, ssh://user@host or tcp://host:2376"
          aria-describedby="engine-host-help"
          spellCheck={false}
          autoComplete="off"
        />
        <p id="engine-host-help" className="muted">
          ssh:// checks the host key against ~/.ssh/known_hosts; tcp:// to another machine needs TLS (DOCKER_TLS_VERIFY, DOCKER_CERT_PATH).
        </p>
        <label className="check">
          <input type="checkbox" checked={copy} onChange={(e) => setCopy(e.target.checked)} />
          Send a copy of the project (for a tunnel to another machine&apos;s engine); changes come back as a diff to review
        </label>
        <FormOutcome error={save.error} saved={done ? 'Container engine saved.' : null} />
        <div className="row">
          <button type="submit" disabled={save.isPending}>
            Use this engine
          </button>
        </div>
      </form>
    </section>
  );
}
