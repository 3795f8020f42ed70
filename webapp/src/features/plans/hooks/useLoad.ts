import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';

export type Loaded<T> = {
  loading: boolean;
  data: T;
  /** The load failed (and is not being retried): show LoadError, not the empty value. */
  failed: boolean;
  /** Loads again through the query (its spinner shows meanwhile). */
  retry: () => void;
};

/**
 * useLoad is a catalogue query of the plans page (shared/query's rule: one fetch per key,
 * shared and kept fresh). A failure is logged and reported as `failed` with a `retry`, so
 * the page says what went wrong instead of showing an empty list (issue 12 over spec
 * section 8's "the list stays empty", docs/contract.md). A null key loads nothing.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>, empty: T, what: string): Loaded<T> {
  const q = useQuery({
    queryKey: ['catalog', 'plans', key],
    queryFn: async () => {
      try {
        return await load();
      } catch (err) {
        console.error(`plans: load ${what} failed`, err);
        throw err;
      }
    },
    enabled: key !== null,
  });
  const { refetch } = q;
  // Stable, so memoised grids do not redraw for it.
  const retry = useCallback(() => void refetch(), [refetch]);
  if (key === null) return { loading: false, data: empty, failed: false, retry };
  if (q.isError) return q.isFetching ? { loading: true, data: empty, failed: false, retry } : { loading: false, data: empty, failed: true, retry };
  if (q.isPending) return { loading: true, data: empty, failed: false, retry };
  return { loading: false, data: q.data ?? empty, failed: false, retry };
}
