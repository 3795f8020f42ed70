import { useEffect } from 'react';
import type { CurrentUser } from '@/shared/api/types';
import { useCurrentUser } from '../hooks/useCurrentUser';

/**
 * WithCurrentUser hands the signed-in customer (null until known) to onUser, and null again
 * when it goes (logout). Its own chunk (Layout loads it lazily for signed-in customers
 * only): the lookup is a TanStack Query query, and the page frame of a visitor renders
 * without that library. It renders nothing, so the header around it is never rebuilt.
 */
export function WithCurrentUser({ onUser }: { onUser: (user: CurrentUser | null) => void }) {
  const user = useCurrentUser();
  useEffect(() => {
    onUser(user);
  }, [onUser, user]);
  useEffect(() => () => onUser(null), [onUser]);
  return null;
}
