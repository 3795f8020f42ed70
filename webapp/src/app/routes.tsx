import { Suspense, type ComponentType } from 'react';
import { matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { Layout } from '@/features/layout/components/Layout';
import { PageScripts } from '@/features/page-scripts/components/PageScripts';
import { preloadNamespace } from '@/shared/i18n/i18n';
import { PageShown } from '@/shared/prerender/hydration';
import { preloadable } from '@/shared/prerender/preloadable';
import { QueryGate } from '@/shared/query/QueryProvider';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorPage } from './ErrorPage';

type PageModule = Record<string, unknown>;
type LazyPage = ComponentType & {
  /** Starts the module's download (main.tsx: in parallel with the configuration fetch). */
  preload: () => Promise<unknown>;
  /** The feature's i18n namespace (its folder), if the page has texts of its own. */
  ns?: string;
  /** The page's component, named as its module (the build finds the module's chunk by it). */
  component: string;
};

/**
 * lazyPage loads a page module on first render, with its feature's texts in the active
 * language (namespace = feature folder), so the page renders text at once instead of
 * suspending again after its module arrived; name is its exported component.
 */
function lazyPage(load: () => Promise<PageModule>, name: string, ns?: string): LazyPage {
  // A failed download is tried again by the next render, not remembered (preloadable).
  const Page = preloadable(async () => {
    const [m] = await Promise.all([load(), ns ? preloadNamespace(ns) : undefined]);
    const Component = m[name];
    if (typeof Component !== 'function') throw new Error(`page module has no component ${name}`);
    return Component as ComponentType;
  });
  return Object.assign(Page, { ns, component: name });
}

const pages = {
  home: lazyPage(() => import('@/features/home/components/HomePage'), 'HomePage', 'home'),
  plans: lazyPage(() => import('@/features/plans/components/PlansPage'), 'PlansPage', 'plans'),
  setupGuide: lazyPage(() => import('@/features/setup-guide/components/SetupGuidePage'), 'SetupGuidePage', 'setup-guide'),
  contact: lazyPage(() => import('@/features/contact/components/ContactPage'), 'ContactPage', 'contact'),
  cart: lazyPage(() => import('@/features/checkout/components/CartPage'), 'CartPage', 'checkout'),
  login: lazyPage(() => import('@/features/auth/components/LoginPage'), 'LoginPage', 'auth'),
  otp: lazyPage(() => import('@/features/auth/components/OtpPage'), 'OtpPage', 'auth'),
  profile: lazyPage(() => import('@/features/profile/components/ProfilePage'), 'ProfilePage', 'profile'),
  token: lazyPage(() => import('@/features/token/components/TokenPage'), 'TokenPage', 'token'),
  faqIndex: lazyPage(() => import('@/features/faq/components/FaqIndexPage'), 'FaqIndexPage', 'faq'),
  faqItem: lazyPage(() => import('@/features/faq/components/FaqItemPage'), 'FaqItemPage', 'faq'),
  actionResult: lazyPage(() => import('@/features/payment/components/ActionResultPage'), 'ActionResultPage', 'payment'),
  terms: lazyPage(() => import('@/features/legal/components/TermsPage'), 'TermsPage', 'legal'),
  privacy: lazyPage(() => import('@/features/legal/components/PrivacyPage'), 'PrivacyPage', 'legal'),
  topupPlans: lazyPage(() => import('@/features/topup/components/TopupPlansPage'), 'TopupPlansPage', 'topup'),
  loki: lazyPage(() => import('@/features/loki/components/LokiPage'), 'LokiPage', 'loki'),
};

// The bot check wraps every page (spec section 7): only their code forms use it. It loads
// with TanStack Query (its script load is a query), after the frame.
const CaptchaProvider = preloadable(() => import('@/shared/captcha/CaptchaProvider').then((m) => m.CaptchaProvider));

/** preloadFrame fetches what the frame around every page loads lazily (main.tsx: before hydrating). */
export const preloadFrame = (): Promise<unknown> => CaptchaProvider.preload();

/** The route's page, with its module's download. */
const page = (P: LazyPage) => ({ element: <P />, handle: P });

/**
 * The page frame: page scripts, the layout, and in its main the page, which shows an empty
 * busy main while its module (and TanStack Query, and the bot check) loads and the error page
 * when it throws (reset when the path changes, so the visitor can navigate away).
 */
function Frame() {
  const { pathname } = useLocation();
  return (
    <>
      <PageScripts />
      <Layout>
        <ErrorBoundary resetKey={pathname} fallback={() => <ErrorPage />}>
          <Suspense fallback={<div className="page" aria-busy="true" />}>
            <QueryGate>
              <CaptchaProvider>
                <Outlet />
                {/* After the page: tells the app when the page's content is on screen. */}
                <PageShown />
              </CaptchaProvider>
            </QueryGate>
          </Suspense>
        </ErrorBoundary>
      </Layout>
    </>
  );
}

/** The route table of spec section 2, every page lazily loaded. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Frame />,
    children: [
      { index: true, ...page(pages.home) },
      { path: 'plans', ...page(pages.plans) },
      { path: 'setup-guide/:item?', ...page(pages.setupGuide) },
      { path: 'contactus', ...page(pages.contact) },
      { path: 'cart/:bundleId/:topupAccountId?', ...page(pages.cart) },
      { path: 'login', ...page(pages.login) },
      { path: 'otp/:email/:userId', ...page(pages.otp) },
      { path: 'profile', ...page(pages.profile) },
      { path: 'token/:token?', ...page(pages.token) },
      { path: 'faq', ...page(pages.faqIndex) },
      { path: 'faq/:item', ...page(pages.faqItem) },
      { path: 'actionresult', ...page(pages.actionResult) },
      { path: 'terms-and-conditions', ...page(pages.terms) },
      { path: 'privacy', ...page(pages.privacy) },
      { path: 'topup-plans/:origin/:iccid/:accountId/:thirdpartyproviderid', ...page(pages.topupPlans) },
      { path: 'loki', ...page(pages.loki) },
      { path: '*', element: <ErrorPage notFound /> },
    ],
  },
];

/** routePage is the lazily loaded page pathname shows, if any. */
export function routePage(pathname: string): LazyPage | undefined {
  const handle: unknown = matchRoutes(routes, pathname)?.at(-1)?.route.handle;
  return handle && typeof (handle as LazyPage).preload === 'function' ? (handle as LazyPage) : undefined;
}

function RouteTree() {
  return useRoutes(routes);
}

/**
 * AppRoutes renders the route table inside a router (BrowserRouter in the app,
 * MemoryRouter in tests). An error in the frame itself still shows the error page in the layout.
 */
export function AppRoutes() {
  return (
    <ErrorBoundary
      fallback={() => (
        <Layout>
          <ErrorPage />
        </Layout>
      )}
    >
      <RouteTree />
    </ErrorBoundary>
  );
}
