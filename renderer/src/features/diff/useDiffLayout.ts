import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { Settings } from '../../../../shared/contract/index.js';
import { getApi } from '../../bridge/index.js';
import { keys, useSettings } from '../../queries.js';

export type DiffLayout = NonNullable<Settings['diffView']>;

/**
 * The diff layout, kept in Settings so every diff, every window and the next launch use the last
 * choice (the web host's address changes at each start, so the page's own storage would forget it).
 * The choice shows at once; a failed save puts back what Settings hold.
 */
export function useDiffLayout(): [DiffLayout, (next: DiffLayout) => void] {
  const settings = useSettings();
  const client = useQueryClient();
  const layout = settings.data?.diffView ?? 'unified';
  const choose = (next: DiffLayout) => {
    // Every diff on the page reads the same cached settings: all of them switch at once.
    client.setQueryData<Settings>(keys.settings, (s) => (s ? { ...s, diffView: next } : s));
    void getApi()
      .settings.update({ diffView: next })
      .then(
        (r) => (r.ok ? client.setQueryData(keys.settings, r.value) : client.invalidateQueries({ queryKey: keys.settings })),
        () => client.invalidateQueries({ queryKey: keys.settings }),
      );
  };
  return [layout, choose];
}

function subscribeTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** The page's resolved theme (useTheme.ts sets it on <html>), for the library's light or dark colours. */
export function usePageTheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribeTheme, () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'));
}
