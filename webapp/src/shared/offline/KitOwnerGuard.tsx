import { useEffect } from 'react';
import { useSession } from '@/shared/api/ApiContext';
import { accountKey } from '@/shared/query/accountKey';

/**
 * KitOwnerGuard keeps the offline install kit for the signed-in customer only: at start and
 * whenever the customer changes (login, logout, another account, a session that ended in
 * another tab) every other customer's kit is removed. The store module loads on demand, so
 * the entry bundle carries only this component.
 */
export function KitOwnerGuard() {
  const owner = accountKey(useSession());
  useEffect(() => {
    let cancelled = false;
    import('./installKit')
      .then((kit) => (cancelled ? undefined : kit.keepOnly(owner)))
      .catch((err: unknown) => {
        // No IndexedDB (private mode, old browser): nothing was saved, nothing to remove.
        console.warn('install kit: clean-up failed', err instanceof Error ? err.message : err);
      });
    return () => {
      cancelled = true;
    };
  }, [owner]);
  return null;
}
