import { useEffect, useState } from 'react';
import type { CurrentUser } from '@/shared/api/types';
import { useApi, useSession } from '@/shared/api/ApiContext';
import { isRegistered } from '@/shared/api/session';

/**
 * useCurrentUser loads the registered customer's name and e-mail for the header. A failed
 * lookup is ignored (section 8); an answer with no user ends the session (section 4).
 */
export function useCurrentUser(): CurrentUser | null {
  const api = useApi();
  const session = useSession();
  const registered = isRegistered(session);
  const [user, setUser] = useState<CurrentUser | null>(null);

  useEffect(() => {
    if (!registered) return;
    let live = true;
    api.users
      .currentUser()
      .then((u) => {
        if (!live) return;
        if (u === null) api.auth.logout();
        setUser(u);
      })
      .catch((err: unknown) => {
        console.warn('current user lookup failed', err instanceof Error ? err.message : err);
      });
    return () => {
      live = false;
    };
  }, [api, registered, session.token]);

  return registered ? user : null;
}
