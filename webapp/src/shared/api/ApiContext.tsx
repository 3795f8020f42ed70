import { createContext, use, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { ShopApi } from './api';
import type { ApiClient } from './client';
import type { Session, SessionStore } from './session';

export type ApiServices = { client: ApiClient; api: ShopApi };

/**
 * LazyApiServices is what the app starts with: the session store at once (the frame shows
 * the session), the client and the typed calls when their chunk has arrived (services.ts,
 * downloaded in parallel with the configuration; only pages call the API).
 */
export type LazyApiServices = { store: SessionStore; ready: Promise<ApiServices> };

type Value = { store: SessionStore; ready: Promise<ApiServices>; loaded: ApiServices | undefined };

const ApiContext = createContext<Value | null>(null);

function valueOf(services: ApiServices | LazyApiServices): Value {
  if ('client' in services) return { store: services.client.store, ready: Promise.resolve(services), loaded: services };
  const v: Value = { store: services.store, ready: services.ready, loaded: undefined };
  services.ready.then(
    (s) => {
      v.loaded = s;
    },
    () => {
      // use() below throws the failure to the nearest error boundary.
    },
  );
  return v;
}

/** ApiProvider makes one client (and so one shared re-authentication) available below it. */
export function ApiProvider({ services, children }: { services: ApiServices | LazyApiServices; children: ReactNode }) {
  const value = useMemo(() => valueOf(services), [services]);
  return <ApiContext value={value}>{children}</ApiContext>;
}

function useValue(): Value {
  const v = use(ApiContext);
  if (!v) throw new Error('useApi: no ApiProvider above this component');
  return v;
}

/** The client and calls, suspending until their chunk is there (pages sit in a Suspense). */
function useServices(): ApiServices {
  const v = useValue();
  return v.loaded ?? use(v.ready);
}

/** useApi returns the typed provider calls. */
export const useApi = (): ShopApi => useServices().api;

/** useApiClient returns the client itself, for a call ShopApi does not type (the token check). */
export const useApiClient = (): ApiClient => useServices().client;

/** useSessionStore is the session store (logout clears it), available without the client. */
export const useSessionStore = (): SessionStore => useValue().store;

/** useDeviceStorage is the storage the session lives in (localStorage in the shop), for per-customer device data. */
export const useDeviceStorage = (): Storage => useValue().store.storage;

/** useSession returns the stored session and re-renders when it changes (any tab). */
export function useSession(): Session {
  const { store } = useValue();
  return useSyncExternalStore(store.subscribe, store.load, store.load);
}
