import { useQuery } from '@tanstack/react-query';
import { getApi, unwrap } from './bridge/index.js';

/** Query keys in one place, so events can invalidate exactly what they change. */
export const keys = {
  appInfo: ['app.info'] as const,
  settings: ['settings'] as const,
  recent: ['recent'] as const,
};

export const useAppInfo = () => useQuery({ queryKey: keys.appInfo, queryFn: () => unwrap(getApi().app.info({})) });
export const useSettings = () => useQuery({ queryKey: keys.settings, queryFn: () => unwrap(getApi().settings.get({})) });
export const useRecent = () => useQuery({ queryKey: keys.recent, queryFn: () => unwrap(getApi().recent.list({})) });
