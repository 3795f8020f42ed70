import { useEffect, useState } from 'react';

export type Loaded<T> = { loading: boolean; data: T };

/**
 * useLoad runs load when its key changes and keeps the result. Failures are logged and
 * leave the empty value (spec section 8: catalogue loads fail quietly). A null key loads
 * nothing. Answers for an earlier key are dropped.
 */
export function useLoad<T>(key: string | null, load: () => Promise<T>, empty: T, what: string): Loaded<T> {
  // The key the data belongs to: a key without data yet is loading.
  const [done, setDone] = useState<{ key: string; data: T } | null>(null);

  useEffect(() => {
    if (key === null) return undefined;
    let current = true;
    load().then(
      (data) => {
        if (current) setDone({ key, data });
      },
      (err: unknown) => {
        if (!current) return;
        console.error(`plans: load ${what} failed`, err);
        setDone({ key, data: empty });
      },
    );
    return () => {
      current = false;
    };
    // load, empty and what are read when the key changes; the key says when to reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  if (key === null) return { loading: false, data: empty };
  if (done?.key !== key) return { loading: true, data: empty };
  return { loading: false, data: done.data };
}
