import { useCallback, useEffect, useState } from 'react';
import { useApi, useSession } from '@/shared/api/ApiContext';
import { customerOf } from '@/shared/api/customer';
import type { Esim } from '@/shared/api/types';

export type EsimsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; esims: Esim[] };

/**
 * useEsims loads every eSIM of the logged-in customer's e-mail (spec section 4). The
 * e-mail comes from the access token's claims, else from the current-user lookup.
 */
export function useEsims(): { state: EsimsState; retry: () => void } {
  const api = useApi();
  const { token } = useSession();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; state: EsimsState } | null>(null);
  const key = `${token}#${attempt}`;

  useEffect(() => {
    let live = true;
    const load = async () => {
      const { email } = await customerOf(token, () => api.users.currentUser());
      return api.esims.byEmail(email);
    };
    load()
      .then((esims) => live && setResult({ key, state: { status: 'ready', esims } }))
      .catch((err: unknown) => {
        console.warn('profile: eSIMs not loaded', err instanceof Error ? err.message : err);
        if (live) setResult({ key, state: { status: 'error' } });
      });
    return () => {
      live = false;
    };
  }, [api, token, key]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { state: result?.key === key ? result.state : { status: 'loading' }, retry };
}
