import './app.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { connectionState, onConnectionState } from './bridge/index.js';
import { ProjectWindow } from './features/project/ProjectWindow.js';
import { SettingsScreen } from './features/settings/SettingsScreen.js';
import { StartScreen } from './features/start/StartScreen.js';
import { keys, useAppInfo, useSettings } from './queries.js';
import { ErrorNote } from './ui/ErrorNote.js';
import { useEvent } from './ui/useEvent.js';
import { useHashRoute } from './ui/useHashRoute.js';
import { useTheme } from './useTheme.js';

export function App() {
  const queryClient = useQueryClient();
  const info = useAppInfo();
  const settings = useSettings();
  const [route, go] = useHashRoute();
  const [conn, setConn] = useState(connectionState());
  useEffect(() => onConnectionState(setConn), []);
  useTheme(settings.data?.theme);
  useEvent('project.changed', () => void queryClient.invalidateQueries({ queryKey: keys.appInfo }));
  useEvent('settings.changed', (s) => queryClient.setQueryData(keys.settings, s));

  const project = info.data?.project ?? null;
  useEffect(() => {
    document.title = project ? `${project.name} — CodeCoder` : 'CodeCoder';
  }, [project]);

  return (
    <div className="app">
      <header className="topbar">
        <a className="brand" href="#/" aria-label="CodeCoder home">
          CodeCoder
        </a>
        {project && (
          <span className="project-name" title={project.path}>
            {project.name}
          </span>
        )}
        <nav aria-label="Main">
          <a href="#/" aria-current={route === '' ? 'page' : undefined}>
            {project ? 'Project' : 'Start'}
          </a>
          <a href="#/settings" aria-current={route === 'settings' ? 'page' : undefined}>
            Settings
          </a>
        </nav>
      </header>
      {conn === 'closed' && (
        <div role="alert" className="banner banner-error">
          The connection to CodeCoder was lost. Each start of CodeCoder has its own address and token, so reloading this page will not
          reconnect: start it again and open the new address it prints.
        </div>
      )}
      <main className="content">
        {conn === 'refused' ? (
          <div role="alert" className="banner banner-error" data-testid="needs-token">
            <p>
              <strong>This address needs its token.</strong> Open the full address CodeCoder printed when it started (it ends with{' '}
              <code>?token=…</code>). If CodeCoder is not running, start it with <code>npm run start:web</code>.
            </p>
          </div>
        ) : info.isError ? (
          <ErrorNote error={info.error} />
        ) : info.isPending ? (
          <p aria-busy="true">Connecting…</p>
        ) : route === 'settings' ? (
          <SettingsScreen onDone={() => go('')} />
        ) : project ? (
          <ProjectWindow project={project} />
        ) : (
          <StartScreen canPickFolder={info.data.canPickFolder} />
        )}
      </main>
    </div>
  );
}
