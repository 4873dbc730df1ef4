import { useEffect, useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../api.tsx';
import { brandDetailsQueryOptions } from '../shared/brand-queries.ts';
import { useApiErrorToast } from '../shared/use-api-error-toast.ts';
import { brandSearchQueryOptions, mergeResults } from './voting-queries.ts';
import type { BrandSearch } from './VotingView.tsx';

/** Suggestions wait for a short pause in typing, and show this many brands. */
const SUGGEST_DELAY_MS = 250;
const SUGGESTIONS = 8;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The voting page's search: suggestions for the typed text, searches kept as tags with their
 * brands, a brand picked from the suggestions, and 'not found' for a search without brands.
 */
export function useBrandSearch(): BrandSearch {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const showError = useApiErrorToast();
  const [text, setText] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const [pickedId, setPickedId] = useState<number | null>(null);
  const [notFound, setNotFound] = useState(false);

  const typed = useDebounced(text.trim(), SUGGEST_DELAY_MS);
  const suggestionsQuery = useQuery({
    ...brandSearchQueryOptions(api, typed),
    enabled: typed !== '',
  });
  const suggestions =
    typed !== '' && text.trim() !== '' ? (suggestionsQuery.data ?? []).slice(0, SUGGESTIONS) : [];

  const tagQueries = useQueries({
    queries: tags.map((tag) => brandSearchQueryOptions(api, tag)),
  });

  async function addTag(tag: string) {
    // The box empties at once, so typing the next search while this one loads is kept.
    setText('');
    if (tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return;
    // On a failure the text comes back for another try, unless the user typed on meanwhile.
    const restore = () => setText((current) => current || tag);
    try {
      const rows = await queryClient.fetchQuery(brandSearchQueryOptions(api, tag));
      if (rows.length === 0) {
        setNotFound(true);
        restore();
        return;
      }
      setPickedId(null);
      setTags((current) => (current.includes(tag) ? current : [...current, tag]));
    } catch (error) {
      showError(error);
      restore();
    }
  }

  function pickSuggestion(id: number) {
    const brand = suggestionsQuery.data?.find((candidate) => candidate.id === id);
    if (!brand) return;
    // The suggestion already holds the brand: show it at once, as its own cached entry.
    queryClient.setQueryData(brandDetailsQueryOptions(api, id).queryKey, brand);
    setPickedId(id);
    setText('');
  }
  const pickedQuery = useQuery({
    ...brandDetailsQueryOptions(api, pickedId ?? 0),
    enabled: pickedId !== null,
  });

  return {
    text,
    onTextChange: setText,
    tags,
    onAddTag: (tag) => void addTag(tag),
    onRemoveTag: (tag) => setTags((current) => current.filter((each) => each !== tag)),
    onClearTags: () => setTags([]),
    suggestions,
    onPickSuggestion: pickSuggestion,
    picked: pickedId === null ? null : (pickedQuery.data ?? null),
    onClearPicked: () => setPickedId(null),
    results: mergeResults(tagQueries.map((query) => query.data)),
    searching: tagQueries.some((query) => query.isPending),
    notFound,
    onNotFoundChange: setNotFound,
  };
}
