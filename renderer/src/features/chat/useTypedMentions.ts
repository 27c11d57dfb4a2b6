import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getApi, unwrap } from '../../bridge/index.js';
import { projectKeys } from '../../queries.js';
import { typedMentions } from './mentions.js';

/** How long typing pauses before main is asked which typed @words name files. */
const DEBOUNCE_MS = 200;
/** The contract's bound on one question. */
const MAX_TYPED = 50;

type Typed = { typed: string; file: string }[];

const ask = (typed: readonly string[]): Promise<{ files: Typed }> =>
  typed.length === 0 ? Promise.resolve({ files: [] }) : unwrap(getApi().project.typedMentions({ typed: [...typed] }));

/**
 * The typed `@words` of the message that name project files (project.typedMentions), kept current
 * as the text changes, and `resolve` for the send, which cannot wait for the pause after typing.
 */
export function useTypedMentions(text: string) {
  const queryClient = useQueryClient();
  const typed = typedMentions(text).slice(0, MAX_TYPED);
  const joined = typed.join('\n');
  const [settled, setSettled] = useState(joined);
  useEffect(() => {
    const t = setTimeout(() => setSettled(joined), DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [joined]);
  const words = settled === '' ? [] : settled.split('\n');
  const query = useQuery({
    queryKey: projectKeys.typedMentions(words),
    queryFn: () => ask(words),
    placeholderData: keepPreviousData,
    staleTime: 2_000,
  });
  /** The typed @words of `now` that name files, asked now (a send must not miss one typed a moment ago). */
  const resolve = async (now: string): Promise<Typed> => {
    const w = typedMentions(now).slice(0, MAX_TYPED);
    try {
      return (await queryClient.fetchQuery({ queryKey: projectKeys.typedMentions(w), queryFn: () => ask(w), staleTime: 2_000 })).files;
    } catch {
      // Main could not say: the words stay text (the send itself is not held up).
      return [];
    }
  };
  return { typed: query.data?.files ?? [], resolve };
}
