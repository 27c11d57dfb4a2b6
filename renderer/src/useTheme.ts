import { useEffect } from 'react';
import type { Settings } from '../../shared/contract/index.js';

/** Applies light, dark or the system's theme to the document. */
export function useTheme(theme: Settings['theme'] | undefined): void {
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      const resolved = theme === 'system' || !theme ? (media.matches ? 'dark' : 'light') : theme;
      document.documentElement.dataset.theme = resolved;
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}
