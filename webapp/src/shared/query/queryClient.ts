import { QueryClient } from '@tanstack/react-query';

/**
 * The one rule for server state on every page (TanStack Query):
 * - a query is fetched once per key and shared by every component that asks for it;
 * - no automatic retry here: the API client already retries what may be retried
 *   (shared/api/client.ts), and a second layer would multiply requests; a failed query
 *   keeps its error until the page offers `refetch` (the "Try again" buttons);
 * - data stays fresh for five minutes, so moving between pages does not reload it; it is
 *   re-validated on mount when stale and after the network comes back, never on focus;
 * - keys never contain the access token: a token refresh changes the token, not the
 *   customer, so it never fetches the same data twice. Account data is keyed by
 *   `accountKey(session)` (the customer) and dropped when the customer changes.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
      mutations: { retry: false },
    },
  });
}

export { accountKey } from './accountKey';
