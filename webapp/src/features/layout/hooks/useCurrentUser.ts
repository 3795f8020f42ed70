import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CurrentUser } from '@/shared/api/types';
import { useApi, useSession } from '@/shared/api/ApiContext';
import { isRegistered } from '@/shared/api/session';
import { accountKey } from '@/shared/query/accountKey';

/**
 * useCurrentUser loads the registered customer's name and e-mail for the header. A failed
 * lookup is ignored (section 8); an answer with no user ends the session (section 4).
 */
export function useCurrentUser(): CurrentUser | null {
  const api = useApi();
  const session = useSession();
  const registered = isRegistered(session);
  const q = useQuery({
    queryKey: ['account', accountKey(session), 'currentUser'],
    queryFn: async () => {
      try {
        return await api.users.currentUser();
      } catch (err) {
        console.warn('current user lookup failed', err instanceof Error ? err.message : err);
        throw err;
      }
    },
    enabled: registered,
  });
  const gone = registered && q.isSuccess && q.data === null;
  useEffect(() => {
    if (gone) api.auth.logout();
  }, [api, gone]);
  return registered && q.isSuccess ? q.data : null;
}
