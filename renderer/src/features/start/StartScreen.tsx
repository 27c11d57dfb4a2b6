import './start.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getApi, unwrap } from '../../bridge/index.js';
import { keys, useRecent } from '../../queries.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { IconButton } from '../../ui/IconButton.js';

/** No project yet: open a folder (native dialog on the desktop, a typed path in the browser) or a recent one. */
export function StartScreen({ canPickFolder }: { canPickFolder: boolean }) {
  const queryClient = useQueryClient();
  const recent = useRecent();
  const [folder, setFolder] = useState('');
  const opened = () => {
    void queryClient.invalidateQueries({ queryKey: keys.appInfo });
    void queryClient.invalidateQueries({ queryKey: keys.recent });
  };
  const open = useMutation({ mutationFn: (path: string) => unwrap(getApi().project.open({ path })), onSuccess: opened });
  const pick = useMutation({ mutationFn: () => unwrap(getApi().project.pickFolder({})), onSuccess: opened });
  const forget = useMutation({
    mutationFn: (path: string) => unwrap(getApi().recent.remove({ path })),
    onSuccess: (list) => queryClient.setQueryData(keys.recent, list),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    open.mutate(folder);
  };

  return (
    <section className="start" aria-labelledby="start-title">
      <h1 id="start-title">Open a project</h1>
      <p className="lede">CodeCoder works inside one folder at a time, and asks before it changes anything you have not allowed.</p>
      {canPickFolder && (
        <button type="button" className="primary" onClick={() => pick.mutate()} disabled={pick.isPending}>
          Open Folder…
        </button>
      )}
      <form onSubmit={submit} className="open-path">
        <label htmlFor="folder-path">Folder path</label>
        <div className="row">
          <input id="folder-path" value={folder} onChange={(e) => setFolder(e.target.value)} placeholder="/home/you/project" spellCheck={false} />
          <button type="submit" disabled={open.isPending || folder.trim() === ''}>
            Open
          </button>
        </div>
      </form>
      <ErrorNote error={open.error ?? pick.error} />
      <h2>Recent projects</h2>
      {recent.isError && <ErrorNote error={recent.error} />}
      {recent.data && recent.data.length === 0 && <p className="muted">No recent projects yet.</p>}
      <ul className="recent" aria-label="Recent projects">
        {recent.data?.map((p) => (
          <li key={p.path}>
            <button type="button" className="link" onClick={() => open.mutate(p.path)} disabled={!p.exists} title={p.path}>
              <strong>{p.name}</strong> <span className="muted">{p.path}</span>
            </button>
            {!p.exists && <span className="muted"> (folder missing)</span>}
            <IconButton label={`Forget ${p.name}`} icon="×" onClick={() => forget.mutate(p.path)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
