import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '@/shared/api/ApiContext';
import { customerOf } from '@/shared/api/customer';
import type { Esim } from '@/shared/api/types';
import { accountKey } from '@/shared/query/queryClient';

export type EsimsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; esims: Esim[] };

/**
 * useEsims loads every eSIM of the logged-in customer's e-mail (spec section 4). The
 * e-mail comes from the access token's claims, else from the current-user lookup. The
 * query is keyed by the customer, not the token: a token refresh does not load it again.
 */
export function useEsims(): { state: EsimsState; retry: () => void } {
  const api = useApi();
  const session = useSession();
  const q = useQuery({
    queryKey: ['account', accountKey(session), 'esims'],
    queryFn: async () => {
      try {
        const { email } = await customerOf(session.token, () => api.users.currentUser());
        return await api.esims.byEmail(email);
      } catch (err) {
        console.warn('profile: eSIMs not loaded', err instanceof Error ? err.message : err);
        throw err;
      }
    },
  });
  const retry = () => void q.refetch();
  if (q.isSuccess) return { state: { status: 'ready', esims: q.data }, retry };
  // A retry shows the spinner again, as the first load does.
  if (q.isError && !q.isFetching) return { state: { status: 'error' }, retry };
  return { state: { status: 'loading' }, retry };
}
