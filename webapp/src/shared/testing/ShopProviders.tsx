import { useMemo, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ApiProvider, createApiServices } from '@/shared/api/ApiContext';
import type { RuntimeConfig } from '@/shared/config/config';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { fixtureConfig } from '@/shared/config/fixtureConfig';

/** Where a link or navigation led: tests and stories assert on its text. */
function Landed() {
  const { pathname, hash } = useLocation();
  return <p data-testid="landed">Navigated to {pathname + hash}</p>;
}

type ShopProvidersProps = {
  children: ReactNode;
  /** The route pattern the component is mounted on, e.g. '/faq/:item'. */
  path?: string;
  /** The URL the memory router starts at. */
  url?: string;
  config?: Partial<RuntimeConfig>;
};

/**
 * ShopProviders gives a page what the app shell gives it: runtime configuration (the
 * fixture hosts, so the generated MSW handlers answer), an API client with its own
 * in-memory session, and a router; any other path renders where navigation landed.
 */
export function ShopProviders({ children, path = '/', url, config }: ShopProvidersProps) {
  const cfg = useMemo(() => fixtureConfig(config), [config]);
  const services = useMemo(() => createApiServices(cfg, memoryStorage()), [cfg]);
  const router = useMemo(
    () =>
      createMemoryRouter(
        [
          { path, element: children },
          { path: '*', element: <Landed /> },
        ],
        { initialEntries: [url ?? path] },
      ),
    [children, path, url],
  );
  return (
    <ConfigProvider config={cfg}>
      <ApiProvider services={services}>
        <RouterProvider router={router} />
      </ApiProvider>
    </ConfigProvider>
  );
}

/** A Storage kept in memory, so stories and tests never share a session. */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}
