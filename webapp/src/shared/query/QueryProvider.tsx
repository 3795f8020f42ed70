import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { createContext, lazy, use, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useDeviceStorage, useSession } from '@/shared/api/ApiContext';
import { clearReadings } from '@/shared/usage/readings';
import { accountKey } from './accountKey';
import type * as QueryClientModule from './queryClient';

type GateComponent = ComponentType<{ children: ReactNode }>;

/** The gate of the nearest QueryProvider: provides its client, suspending until it is loaded. */
const Gate = createContext<GateComponent | null>(null);

type QueryModule = typeof QueryClientModule;

// The module once downloaded: a provider made after that builds its client at once, so a
// prerendered page hydrates without waiting (docs/performance.md, "Prerendered first screen").
let loadedModule: QueryModule | undefined;
const queryModule = () =>
  import('./queryClient').then((m) => {
    loadedModule = m;
    return m;
  });

/**
 * loadQueryClient downloads TanStack Query (~10 KB gzip, a chunk of its own: the page
 * frame renders without it, so it stays out of the entry) and builds the shop's client.
 */
export const loadQueryClient = (): Promise<QueryClient> => queryModule().then((m) => m.createQueryClient());

/**
 * preloadQueryClient starts that download (main.tsx: alongside the configuration fetch);
 * the promise settles when it is there (never rejects: QueryProvider loads it again and
 * reports a failure).
 */
export function preloadQueryClient(): Promise<void> {
  return queryModule().then(
    () => undefined,
    () => undefined,
  );
}

/** gateFor is a component that provides client to its children. */
const gateFor = (client: QueryClient): GateComponent =>
  function QueryClientGate({ children }) {
    return <QueryClientContext value={client}>{children}</QueryClientContext>;
  };

/**
 * QueryProvider holds the server state of the pages below it (see createQueryClient for
 * the rule). Without a client it loads one (loadQueryClient); what needs it sits in a
 * QueryGate, which waits for it. When the signed-in customer changes (login, logout,
 * another account), the previous customer's account queries and usage readings are
 * dropped. Below an ApiProvider.
 */
export function QueryProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [own, setOwn] = useState<QueryClient | undefined>(() => client ?? loadedModule?.createQueryClient());
  // A lazy component (React's own wait for a download) rather than use(promise): it is what
  // the pages already wait with, and test renders (act) resolve it the same way.
  const [loading] = useState(() => (own ? null : loadQueryClient()));
  const [gate] = useState<GateComponent>(() =>
    loading ? lazy(async () => ({ default: gateFor(await loading) })) : gateFor(own as QueryClient),
  );
  useEffect(() => {
    if (own || !loading) return;
    let live = true;
    loading.then(
      (c) => live && setOwn(c),
      (err: unknown) => console.error('query client not loaded', err),
    );
    return () => {
      live = false;
    };
  }, [own, loading]);
  // What QueryClientProvider does: focus and online events reach the client.
  useEffect(() => {
    if (!own) return;
    own.mount();
    return () => own.unmount();
  }, [own]);
  const account = accountKey(useSession());
  const storage = useDeviceStorage();
  const previous = useRef(account);
  useEffect(() => {
    if (previous.current === account) return;
    // A client still loading holds no queries; once loaded it starts from this customer.
    own?.removeQueries({ queryKey: ['account', previous.current] });
    // The usage readings kept on the device are the signed-in customer's only (logout too).
    clearReadings(storage);
    previous.current = account;
  }, [own, account, storage]);
  return (
    <Gate value={gate}>
      <QueryClientContext value={own}>{children}</QueryClientContext>
    </Gate>
  );
}

/**
 * QueryGate renders its children once the query client is there (suspending until then; a
 * Suspense boundary above shows the wait). The pages and the signed-in header sit in one.
 */
export function QueryGate({ children }: { children: ReactNode }) {
  const G = use(Gate);
  if (!G) throw new Error('QueryGate needs a QueryProvider above it');
  // G is made once per QueryProvider (its state), not per render: children keep their state.
  // eslint-disable-next-line react-hooks/static-components
  return <G>{children}</G>;
}
