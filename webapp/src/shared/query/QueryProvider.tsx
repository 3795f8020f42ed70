import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSession } from '@/shared/api/ApiContext';
import { accountKey, createQueryClient } from './queryClient';

/**
 * QueryProvider holds the server state of the pages below it (see createQueryClient for
 * the rule). When the signed-in customer changes (login, logout, another account), the
 * previous customer's account queries are dropped. Below an ApiProvider.
 */
export function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [own] = useState(() => client ?? createQueryClient());
  const account = accountKey(useSession());
  const previous = useRef(account);
  useEffect(() => {
    if (previous.current === account) return;
    own.removeQueries({ queryKey: ['account', previous.current] });
    previous.current = account;
  }, [own, account]);
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
