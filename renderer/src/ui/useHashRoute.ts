import { useEffect, useState } from 'react';

/** `#/settings` → 'settings'. Hash routes survive reloads and need nothing from the host. */
export function useHashRoute(): [string, (route: string) => void] {
  const read = () => location.hash.replace(/^#\/?/, '');
  const [route, setRoute] = useState(read);
  useEffect(() => {
    const onChange = () => setRoute(read());
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return [route, (r: string) => void (location.hash = r ? `#/${r}` : '#/')];
}
