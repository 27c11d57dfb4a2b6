import { useQuery } from '@tanstack/react-query';
import { getApi, unwrap } from '../../bridge/index.js';

/** Dropped when the engine setting is saved, so every place that shows it asks again. */
export const engineInUseKey = ['settings.engineInUse'] as const;

/** The container engine run_container uses now, and what chose it (settings.engineInUse). */
export const useEngineInUse = (enabled = true) =>
  useQuery({ queryKey: engineInUseKey, queryFn: () => unwrap(getApi().settings.engineInUse({})), enabled });
