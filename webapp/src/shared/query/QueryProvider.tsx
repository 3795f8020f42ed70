import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useDeviceStorage, useSession } from '@/shared/api/ApiContext';
import { clearReadings } from '@/shared/usage/readings';
import { accountKey, createQueryClient } from './queryClient';

/**
 * QueryProvider holds the server state of the pages below it (see createQueryClient for
 * the rule). When the signed-in customer changes (login, logout, another account), the
 * previous customer's account queries and usage readings are dropped. Below an ApiProvider.
 */
export function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [own] = useState(() => client ?? createQueryClient());
  const account = accountKey(useSession());
  const storage = useDeviceStorage();
  const previous = useRef(account);
  useEffect(() => {
    if (previous.current === account) return;
    own.removeQueries({ queryKey: ['account', previous.current] });
    // The usage readings kept on the device are the signed-in customer's only (logout too).
    clearReadings(storage);
    previous.current = account;
  }, [own, account, storage]);
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
