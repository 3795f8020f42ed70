import { useQuery } from '@tanstack/react-query';

export type Loaded<T> = { loading: boolean; data: T };

/**
 * useLoad is a catalogue query of the plans page (shared/query's rule: one fetch per key,
 * shared and kept fresh). Failures are logged and leave the empty value (spec section 8:
 * catalogue loads fail quietly). A null key loads nothing.
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
  if (key === null) return { loading: false, data: empty };
  if (q.isPending) return { loading: true, data: empty };
  return { loading: false, data: q.data ?? empty };
}
