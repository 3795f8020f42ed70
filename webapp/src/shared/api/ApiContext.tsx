import { createContext, use, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { RuntimeConfig } from '@/shared/config/config';
import { createShopApi, type ShopApi } from './api';
import { ApiClient } from './client';
import { SessionStore, type Session } from './session';

export type ApiServices = { client: ApiClient; api: ShopApi };

/** createApiServices wires the client, its session store and the typed calls. */
export function createApiServices(config: RuntimeConfig, storage: Storage = window.localStorage, fetchFn?: typeof fetch): ApiServices {
  const client = new ApiClient({ config, store: new SessionStore(storage), fetch: fetchFn });
  return { client, api: createShopApi(client) };
}

const ApiContext = createContext<ApiServices | null>(null);

/** ApiProvider makes one client (and so one shared re-authentication) available below it. */
export function ApiProvider({ services, config, children }: { services?: ApiServices; config?: RuntimeConfig; children: ReactNode }) {
  const value = useMemo(() => {
    if (services) return services;
    if (!config) throw new Error('ApiProvider: pass services or config');
    return createApiServices(config);
  }, [services, config]);
  return <ApiContext value={value}>{children}</ApiContext>;
}

function useServices(): ApiServices {
  const s = use(ApiContext);
  if (!s) throw new Error('useApi: no ApiProvider above this component');
  return s;
}

/** useApi returns the typed provider calls. */
export const useApi = (): ShopApi => useServices().api;

/** useApiClient returns the client itself, for a call ShopApi does not type (the token check). */
export const useApiClient = (): ApiClient => useServices().client;

/** useDeviceStorage is the storage the session lives in (localStorage in the shop), for per-customer device data. */
export const useDeviceStorage = (): Storage => useServices().client.store.storage;

/** useSession returns the stored session and re-renders when it changes (any tab). */
export function useSession(): Session {
  const { store } = useServices().client;
  return useSyncExternalStore(store.subscribe, store.load, store.load);
}
