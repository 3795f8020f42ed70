import type { Decorator } from '@storybook/react-vite';
import { useMemo, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { findScenario } from '@/mocks/handlers';
import { ApiProvider, createApiServices } from '@/shared/api/ApiContext';
import { memoryStorage } from '@/shared/api/memoryStorage';
import type { Session } from '@/shared/api/session';
import type { RuntimeConfig } from '@/shared/config/config';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { fixtureConfig } from '@/shared/config/fixtureConfig';

/** The bundle and top-up account the fixtures know (catalog.bundle, orders.details/topup). */
export const FIXTURE_BUNDLE_ID = '5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6';
export const FIXTURE_TOPUP_ACCOUNT = 'cee6adbd-1bbf-5a6b-9dd1-0b6cda99b5e4';
/** The host of the fixtures' checkout link. */
export const FIXTURE_CHECKOUT_HOST = 'pay.example.com';

/** The registered customer's tokens, as identity.token.otp/success answers them. */
export function customerSession(): Partial<Session> {
  const body = findScenario('identity.token.otp', 'success').entries[0]?.body ?? '{}';
  const t = JSON.parse(body) as { access_token?: string; refresh_token?: string };
  return { token: t.access_token ?? '', refreshToken: t.refresh_token ?? '', isGuest: 'false' };
}

/** A guest session, as identity.token.guest/success answers it. */
export function guestSession(): Partial<Session> {
  const body = findScenario('identity.token.guest', 'success').entries[0]?.body ?? '{}';
  const t = JSON.parse(body) as { access_token?: string; refresh_token?: string };
  return { token: t.access_token ?? '', refreshToken: t.refresh_token ?? '', isGuest: 'true' };
}

function Landed() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">Navigated to {pathname + search}</p>;
}

export type PageProvidersProps = {
  children: ReactNode;
  path: string;
  url?: string;
  config?: Partial<RuntimeConfig>;
  /** The session stored before the page renders. */
  session?: Partial<Session>;
  /** The storage the session lives in; a fresh in-memory one by default. */
  storage?: Storage;
};

/**
 * PageProviders gives a page what the app shell gives it, with a session stored up front:
 * the fixture configuration (so the generated MSW handlers answer), an API client on its
 * own storage, and a memory router; any other path shows where navigation landed.
 */
export function PageProviders({ children, path, url, config, session, storage }: PageProvidersProps) {
  const cfg = useMemo(() => fixtureConfig(config), [config]);
  const services = useMemo(() => {
    const s = storage ?? memoryStorage();
    const svc = createApiServices(cfg, s);
    if (session) svc.client.store.save(session);
    return svc;
  }, [cfg, session, storage]);
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

/**
 * withPage wraps a story in PageProviders; a story changes the options through its
 * `page` parameter (a second decorator would nest a second router).
 */
export const withPage =
  (opts: Omit<PageProvidersProps, 'children'>): Decorator =>
  (Story, ctx) => {
    const own = (ctx.parameters as { page?: Partial<Omit<PageProvidersProps, 'children'>> }).page;
    return (
      <PageProviders {...opts} {...own}>
        <Story />
      </PageProviders>
    );
  };
