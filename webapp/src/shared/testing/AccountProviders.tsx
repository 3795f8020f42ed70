import type { Decorator } from '@storybook/react-vite';
import { useMemo, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { findScenario } from '@/mocks/handlers';
import { ApiProvider, createApiServices, type ApiServices } from '@/shared/api/ApiContext';
import { memoryStorage } from '@/shared/api/memoryStorage';
import type { RuntimeConfig } from '@/shared/config/config';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { fixtureConfig } from '@/shared/config/fixtureConfig';

/** The registered customer's tokens from the identity.token.otp fixture (Rana Haddad). */
export function registeredSession(): Record<string, string> {
  const body = findScenario('identity.token.otp', 'success').entries[0]?.body ?? '{}';
  const t = JSON.parse(body) as { access_token?: string; refresh_token?: string };
  return { token: t.access_token ?? '', refreshToken: t.refresh_token ?? '', isGuest: 'false' };
}

/** Where a navigation landed: tests and stories assert on its text. */
function Landed() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">Navigated to {pathname + search}</p>;
}

export type AccountProvidersProps = {
  children: ReactNode;
  /** The route pattern the component is mounted on, e.g. '/otp/:email/:userId'. */
  path?: string;
  url?: string;
  /** localStorage keys of the session (token, refreshToken, isGuest, primaryProfileId). */
  session?: Record<string, string>;
  config?: Partial<RuntimeConfig>;
  /** Services built by the caller, to inspect the session afterwards. */
  services?: ApiServices;
};

/**
 * AccountProviders gives an account page what the app shell gives it, with a chosen
 * session in memory: configuration on the fixture hosts, the API client and a router
 * whose other paths show where navigation landed.
 */
export function AccountProviders({ children, path = '/', url, session, config, services }: AccountProvidersProps) {
  const cfg = useMemo(() => fixtureConfig(config), [config]);
  const svc = useMemo(() => services ?? createApiServices(cfg, memoryStorage(session)), [services, cfg, session]);
  const router = useMemo(() => {
    const r: RouteObject[] = [
      { path, element: children },
      { path: '*', element: <Landed /> },
    ];
    return createMemoryRouter(r, { initialEntries: [url ?? path] });
  }, [children, path, url]);
  return (
    <ConfigProvider config={cfg}>
      <ApiProvider services={svc}>
        <RouterProvider router={router} />
      </ApiProvider>
    </ConfigProvider>
  );
}

/** withAccount wraps a story in AccountProviders. */
export const withAccount =
  (opts: Omit<AccountProvidersProps, 'children'> = {}): Decorator =>
  (Story) => (
    <AccountProviders {...opts}>
      <Story />
    </AccountProviders>
  );

/**
 * unsignedToken builds a JWT-shaped token with the given claims. The web app only reads
 * claims (the server verifies signatures), so tests can name any customer with it.
 */
export function unsignedToken(claims: Record<string, unknown>): string {
  const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.sig`;
}
