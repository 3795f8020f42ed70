import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { lazy } from 'react';
import { MemoryRouter, useLocation, useNavigate, useRoutes, type NavigateFunction } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { handlersFor, happyPath } from '@/mocks/handlers';
import { ApiProvider } from '@/shared/api/ApiContext';
import { createApiServices } from '@/shared/api/services';
import { memoryStorage } from '@/shared/api/memoryStorage';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { fixtureConfig } from '@/test/fixtureConfig';
import { QueryProvider } from '@/shared/query/QueryProvider';
import { startMockServer } from '@/test/msw';
import { AppRoutes, routePage, routes } from './routes';

const server = startMockServer();
const registered = { token: 't', refreshToken: 'r', isGuest: 'false' };

function renderApp(url: string, session: Record<string, string> = {}, overrides: Parameters<typeof server.use> = []) {
  // server.use prepends: overrides go in front of the fixture handlers.
  server.use(...handlersFor(happyPath));
  server.use(...overrides);
  const config = fixtureConfig();
  const services = createApiServices(config, memoryStorage(session));
  const router = probe();
  render(
    <ConfigProvider config={config}>
      <ApiProvider services={services}>
        <QueryProvider>
          <MemoryRouter initialEntries={[url]}>
            <AppRoutes />
            <router.Probe />
          </MemoryRouter>
        </QueryProvider>
      </ApiProvider>
    </ConfigProvider>,
  );
  return { router, services };
}

/** probe reads the memory router's location and navigates it, as the app's router does. */
function probe() {
  const state = { location: { pathname: '' } };
  let navigate: NavigateFunction | undefined;
  function Probe() {
    state.location = useLocation();
    navigate = useNavigate();
    return null;
  }
  return {
    state,
    Probe,
    navigate: async (to: string) => {
      if (!navigate) throw new Error('the router has not rendered');
      await navigate(to);
    },
  };
}

// Page modules are transformed on first import; warm them once so each test measures
// the route, not the compiler.
beforeAll(async () => {
  await Promise.all([
    import('@/features/home/components/HomePage'),
    import('@/features/plans/components/PlansPage'),
    import('@/features/setup-guide/components/SetupGuidePage'),
    import('@/features/contact/components/ContactPage'),
    import('@/features/faq/components/FaqIndexPage'),
    import('@/features/faq/components/FaqItemPage'),
    import('@/features/legal/components/TermsPage'),
    import('@/features/legal/components/PrivacyPage'),
    import('@/features/auth/components/LoginPage'),
    import('@/features/auth/components/OtpPage'),
    import('@/features/profile/components/ProfilePage'),
    import('@/features/token/components/TokenPage'),
    import('@/features/topup/components/TopupPlansPage'),
  ]);
}, 60_000);

describe('route table', () => {
  it.each([
    { url: '/', heading: /eSIM/i },
    { url: '/plans', heading: 'Connection Beyond Borders' },
    { url: '/setup-guide', heading: /setup/i },
    { url: '/setup-guide/android', heading: /setup/i },
    { url: '/contactus', heading: /Let.s Talk/i },
    { url: '/cart/5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6', heading: 'Just one more step to get your eSIM' },
    { url: '/cart/5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6/cee6adbd-1bbf-5a6b-9dd1-0b6cda99b5e4', heading: 'Just one more step to topup your eSIM' },
    { url: '/login', heading: 'Log in' },
    { url: '/otp/rana.haddad%40example.com/e7ab0df2', heading: 'Enter your code' },
    { url: '/faq', heading: 'Got questions?', level: 1 },
    { url: '/faq/general-info', heading: /General/i },
    { url: '/actionresult?success=TRUE', heading: 'Payment Success' },
    { url: '/actionresult?success=false', heading: 'Payment Failed' },
    { url: '/terms-and-conditions', heading: /Terms/i },
    { url: '/privacy', heading: /Privacy/i },
    // Top-up is for a signed-in customer (a visitor goes to /login first).
    { url: '/topup-plans/TR/89961010025061000016/cee6adbd/0', heading: /Topup eSIM with ICCID/, session: registered },
    { url: '/loki', heading: 'Log push test' },
  ] as { url: string; heading: string | RegExp; level?: number; session?: Record<string, string> }[])('$url loads its page', async ({ url, heading, level, session }) => {
    renderApp(url, session);
    const opts = level === 0 ? { name: heading } : { level: 1, name: heading };
    // The first visit of a page loads its module.
    expect(await screen.findByRole('heading', opts, { timeout: 5000 })).toBeInTheDocument();
  });

  it('/profile loads for a registered customer', async () => {
    renderApp('/profile', registered);
    expect(await screen.findByRole('heading', { level: 1, name: 'My eSIMs' })).toBeInTheDocument();
  });

  it('/token goes home', async () => {
    const { router } = renderApp('/token/abc');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 5000 });
  });

  it.each(['/nope', '/faq/general-info/extra', '/cart'])('unknown route %s shows the not-found page', async (url) => {
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('a thrown error shows the error page in the frame, and navigating away clears it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Boom = () => {
      throw new Error('boom');
    };
    const root = routes[0];
    if (!root || root.index) throw new Error('the route table starts with the layout route');
    const table = [{ ...root, children: [{ path: 'boom', element: <Boom /> }, ...(root.children ?? [])] }];
    function Tree() {
      return useRoutes(table);
    }
    const config = fixtureConfig();
    const router = probe();
    render(
      <ConfigProvider config={config}>
        <ApiProvider services={createApiServices(config, memoryStorage())}>
          <QueryProvider>
            <MemoryRouter initialEntries={['/boom']}>
              <Tree />
              <router.Probe />
            </MemoryRouter>
          </QueryProvider>
        </ApiProvider>
      </ConfigProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    // The page frame stays, so the visitor can navigate away.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await act(() => router.navigate('/privacy'));
    expect(await screen.findByRole('heading', { level: 1, name: /Privacy/i }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('a page module that fails to load shows the error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const root = routes[0];
    if (!root || root.index) throw new Error('the route table starts with the layout route');
    const Broken = lazy(() => Promise.reject(new Error('chunk failed')));
    const table = [{ ...root, children: [{ index: true, element: <Broken /> }] }];
    function Tree() {
      return useRoutes(table);
    }
    const config = fixtureConfig();
    render(
      <ConfigProvider config={config}>
        <ApiProvider services={createApiServices(config, memoryStorage())}>
          <QueryProvider>
            <MemoryRouter initialEntries={['/']}>
              <Tree />
            </MemoryRouter>
          </QueryProvider>
        </ApiProvider>
      </ConfigProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
  });

  it('an unknown route says the page was not found, with a way home (not an application error)', async () => {
    renderApp('/nope');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    await vi.waitFor(() => expect(document.title).toMatch(/^Page not found - /));
  });
});

describe('routePage', () => {
  it('finds the lazily loaded page of a path, whose preload resolves to the page component', async () => {
    const plans = routePage('/plans');
    expect(plans).toBeDefined();
    expect(routePage('/faq/general-info')).not.toBe(plans);
    expect(routePage('/topup-plans/TR/8996/cee6/0')).toBeDefined();
    expect(routePage('/nope/nope')).toBeUndefined();
    expect(await plans?.preload()).toBe((await import('@/features/plans/components/PlansPage')).PlansPage);
  });
});

describe('navigation', () => {
  it('scrolls to the top on every route change', async () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { router } = renderApp('/terms-and-conditions');
    await screen.findByRole('heading', { level: 1, name: /Terms/i });
    scroll.mockClear();
    await act(() => router.navigate('/privacy'));
    await screen.findByRole('heading', { level: 1, name: /Privacy/i });
    expect(scroll).toHaveBeenCalledWith(0, 0);
  });

  it.each([
    { url: '/faq', active: 'FAQ' },
    { url: '/faq/esim-trabouleshooting', active: 'FAQ' },
    { url: '/plans', active: 'Plans' },
    { url: '/contactus', active: "Let's Talk" },
    { url: '/setup-guide/ios', active: 'Setup Guide' },
  ])('marks $active active on $url', async ({ url, active }) => {
    renderApp(url);
    const nav = await screen.findByRole('navigation', { name: 'Main' }, { timeout: 5000 });
    await vi.waitFor(() => expect(within(nav).getByRole('link', { name: active })).toHaveAttribute('aria-current', 'page'));
    const others = within(nav)
      .getAllByRole('link')
      .filter((l) => l.getAttribute('aria-current') === 'page');
    expect(others.map((l) => l.textContent)).toEqual([active]);
  });
});

describe('account menu and redirects', () => {
  it('shows My Account to /login when logged out', async () => {
    renderApp('/terms-and-conditions');
    const link = await screen.findByRole('link', { name: 'My Account' });
    expect(link).toHaveAttribute('href', '/login');
  });

  it('shows the full name with a menu when logged in, and Logout ends the session', async () => {
    const user = userEvent.setup();
    const { router, services } = renderApp('/terms-and-conditions', registered);
    const button = await screen.findByRole('button', { name: /Rana Haddad/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('rana.haddad@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My eSIMs' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Buy new eSIM' })).toHaveAttribute('href', '/plans');
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(screen.getByRole('link', { name: 'Logout' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(services.client.store.load()).toEqual({ token: '', refreshToken: '', isGuest: '', primaryProfileId: '' });
    expect(await screen.findByRole('link', { name: 'My Account' })).toBeInTheDocument();
  });

  it("shows 'My Account' when a name part is missing", async () => {
    renderApp('/privacy', registered, [
      http.get('https://api.provider.test/api/v1/users/actions/get-current-user', () =>
        HttpResponse.json({ data: { data: { email: 'a@b.co', firstName: 'Rana', lastName: '' } } }),
      ),
    ]);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: /My Account/ })).toBeInTheDocument());
  });

  it('logs out a registered customer the current-user lookup does not know', async () => {
    const { services } = renderApp('/privacy', registered, [
      http.get('https://api.provider.test/api/v1/users/actions/get-current-user', () => HttpResponse.json({ data: { data: null } })),
    ]);
    await vi.waitFor(() => expect(services.client.store.load().token).toBe(''));
  });

  it.each([
    { name: 'registered on /login', url: '/login', session: registered, want: '/profile' },
    { name: 'registered on /otp', url: '/otp/a%40b.co/u1', session: registered, want: '/profile' },
    { name: 'guest on /profile', url: '/profile', session: { token: 'g', isGuest: 'true' }, want: '/login' },
    { name: 'no flag on /profile', url: '/profile', session: {} as Record<string, string>, want: '/login' },
    { name: 'guest on /login stays', url: '/login', session: { token: 'g', isGuest: 'true' }, want: '/login' },
  ])('redirects: $name', async ({ url, session, want }) => {
    const { router } = renderApp(url, session);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(want));
  });
});
