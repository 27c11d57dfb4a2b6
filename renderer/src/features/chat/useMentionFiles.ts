import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getApi, unwrap } from '../../bridge/index.js';
import { projectKeys } from '../../queries.js';

/** How long typing pauses before the project is listed again. */
const DEBOUNCE_MS = 120;

/** The project's files matching an @-mention being typed (main lists them: project.files). */
export function useMentionFiles(query: string | null) {
  const [settled, setSettled] = useState(query);
  useEffect(() => {
    const t = setTimeout(() => setSettled(query), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [query]);
  return useQuery({
    queryKey: projectKeys.files(settled ?? ''),
    queryFn: () => unwrap(getApi().project.files({ query: settled ?? '', limit: 20 })),
    enabled: settled !== null,
    staleTime: 5_000,
    placeholderData: keepPreviousData,
  });
}
