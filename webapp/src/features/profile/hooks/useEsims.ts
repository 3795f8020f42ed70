import { useQuery } from '@tanstack/react-query';
import { useApi, useDeviceStorage, useSession } from '@/shared/api/ApiContext';
import { customerOf } from '@/shared/api/customer';
import type { Esim } from '@/shared/api/types';
import { accountKey } from '@/shared/query/queryClient';
import { recordReadings } from '../api/usage';

/** fetchedAt: when the list was read (ms), the "as of" time of its usage figures. */
export type EsimsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; esims: Esim[]; fetchedAt: number };

/**
 * useEsims loads every eSIM of the logged-in customer's e-mail (spec section 4). The
 * e-mail comes from the access token's claims, else from the current-user lookup. The
 * query is keyed by the customer, not the token: a token refresh does not load it again.
 */
export function useEsims(): { state: EsimsState; retry: () => void } {
  const api = useApi();
  const session = useSession();
  const account = accountKey(session);
  const storage = useDeviceStorage();
  const q = useQuery({
    queryKey: ['account', account, 'esims'],
    queryFn: async () => {
      try {
        const { email } = await customerOf(session.token, () => api.users.currentUser());
        const esims = await api.esims.byEmail(email);
        for (const e of esims) recordReadings(storage, account, e.iccid, e.bundles, Date.now());
        return esims;
      } catch (err) {
        console.warn('profile: eSIMs not loaded', err instanceof Error ? err.message : err);
        throw err;
      }
    },
  });
  const retry = () => void q.refetch();
  if (q.isSuccess) return { state: { status: 'ready', esims: q.data, fetchedAt: q.dataUpdatedAt }, retry };
  // A retry shows the spinner again, as the first load does.
  if (q.isError && !q.isFetching) return { state: { status: 'error' }, retry };
  return { state: { status: 'loading' }, retry };
}
