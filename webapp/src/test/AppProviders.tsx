import type { QueryClient } from '@tanstack/react-query';
import { createContext, Suspense, use, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ApiProvider, type ApiServices } from '@/shared/api/ApiContext';
import { createApiServices } from '@/shared/api/services';
import { memoryStorage } from '@/shared/api/memoryStorage';
import { CaptchaProvider } from '@/shared/captcha/CaptchaProvider';
import type { RuntimeConfig } from '@/shared/config/config';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { fixtureConfig } from '@/test/fixtureConfig';
import { NAMESPACES } from '@/shared/i18n/catalogues';
import { createI18n } from '@/shared/i18n/i18n';
import type { Locale } from '@/shared/i18n/locales';
import { createQueryClient } from '@/shared/query/queryClient';
import { QueryProvider } from '@/shared/query/QueryProvider';
import { sessionOf, type SessionChoice } from './sessions';

/** What the app shell gives a component; stories set it with `parameters.app`. */
export type AppOptions = {
  /** The route pattern the component is mounted on, e.g. '/otp/:email/:userId'; the url by default. */
  path?: string;
  /** Where the memory router starts; the path by default, else '/'. */
  url?: string;
  /** The session stored before the first render: 'visitor' (default), 'guest', 'customer' or keys. */
  session?: SessionChoice;
  /** Runtime configuration over fixtureConfig() (the fixture hosts). */
  config?: Partial<RuntimeConfig>;
  /**
   * The locale the shop renders in ('en' by default); `<html lang dir>` follow it. Its
   * catalogues must be loaded first (loadCatalogues: the story loader and the unit-test
   * setup do it), so the first render shows text, never keys.
   */
  locale?: Locale;
  /** The storage the session lives in; a fresh in-memory one by default. */
  storage?: Storage;
  /** Services built by the caller, to inspect the session afterwards. */
  services?: ApiServices;
  /** The query client, to inspect server state afterwards; a fresh one by default. */
  queryClient?: QueryClient;
};

/** Where a link or navigation led: tests and stories assert on its text. */
function Landed() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="landed">Navigated to {pathname + search + hash}</p>;
}

const Mounted = createContext<ReactNode>(null);

/** The mounted component, read from context so new children never rebuild the router. */
function Slot() {
  return <>{use(Mounted)}</>;
}

/**
 * AppProviders is the one wrapper of stories and tests: what the app shell (App.tsx) gives a
 * page, with the fixture configuration, its own session storage and query client, the bot
 * check and a memory router whose other paths show where navigation landed.
 */
export function AppProviders({ children, path, url, session, config, locale = 'en', storage, services, queryClient }: AppOptions & { children: ReactNode }) {
  const i18n = useMemo(
    () => createI18n({ locale, namespaces: NAMESPACES, document: typeof document === 'undefined' ? undefined : document }),
    [locale],
  );
  const cfg = useMemo(() => fixtureConfig(config), [config]);
  const sessionKey = JSON.stringify(session ?? null);
  const svc = useMemo(() => {
    if (services) return services;
    const s = createApiServices(cfg, storage ?? memoryStorage());
    const stored = sessionOf(session);
    if (stored) s.client.store.save(stored);
    return s;
    // The session is read once per distinct value (stories pass fresh objects each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [services, cfg, storage, sessionKey]);
  const [client] = useState(() => queryClient ?? createQueryClient());
  const pattern = path ?? url ?? '/';
  const start = url ?? path ?? '/';
  const router = useMemo(
    () =>
      createMemoryRouter(
        [
          { path: pattern, element: <Slot /> },
          { path: '*', element: <Landed /> },
        ],
        { initialEntries: [start] },
      ),
    [pattern, start],
  );
  return (
    <I18nextProvider i18n={i18n}>
      {/* Only a catalogue nobody loaded first suspends; the page then waits, blank. */}
      <Suspense fallback={null}>
        <ConfigProvider config={cfg}>
          <ApiProvider services={svc}>
            <QueryProvider client={client}>
              <CaptchaProvider>
                <Mounted value={children}>
                  <RouterProvider router={router} />
                </Mounted>
              </CaptchaProvider>
            </QueryProvider>
          </ApiProvider>
        </ConfigProvider>
      </Suspense>
    </I18nextProvider>
  );
}
