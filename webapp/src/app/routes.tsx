import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from '@/features/layout/components/Layout';
import { PageScripts } from '@/features/page-scripts/components/PageScripts';
import { ErrorPage } from './ErrorPage';

type PageModule = Record<string, unknown>;

/** lazyPage loads a page module on first visit; name is its exported component. */
const lazyPage = (load: () => Promise<PageModule>, name: string) => async () => {
  const m = await load();
  const Component = m[name];
  if (typeof Component !== 'function') throw new Error(`page module has no component ${name}`);
  return { Component: Component as ComponentType };
};


/** The route table of spec section 2, every page lazily loaded. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <PageScripts />
        <Layout />
      </>
    ),
    // While the first page's module loads: the frame with an empty, busy main.
    // Same shape as element, so React keeps the Layout (and its loaded user) when the page arrives.
    hydrateFallbackElement: (
      <>
        <PageScripts />
        <Layout>
          <div className="page" aria-busy="true" />
        </Layout>
      </>
    ),
    errorElement: (
      <Layout>
        <ErrorPage />
      </Layout>
    ),
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { index: true, lazy: lazyPage(() => import('@/features/home/components/HomePage'), 'HomePage') },
          { path: 'plans', lazy: lazyPage(() => import('@/features/plans/components/PlansPage'), 'PlansPage') },
          { path: 'setup-guide/:item?', lazy: lazyPage(() => import('@/features/setup-guide/components/SetupGuidePage'), 'SetupGuidePage') },
          { path: 'contactus', lazy: lazyPage(() => import('@/features/contact/components/ContactPage'), 'ContactPage') },
          { path: 'cart/:bundleId/:topupAccountId?', lazy: lazyPage(() => import('@/features/checkout/components/CartPage'), 'CartPage') },
          { path: 'login', lazy: lazyPage(() => import('@/features/auth/components/LoginPage'), 'LoginPage') },
          { path: 'otp/:email/:userId', lazy: lazyPage(() => import('@/features/auth/components/OtpPage'), 'OtpPage') },
          { path: 'profile', lazy: lazyPage(() => import('@/features/profile/components/ProfilePage'), 'ProfilePage') },
          { path: 'token/:token?', lazy: lazyPage(() => import('@/features/token/components/TokenPage'), 'TokenPage') },
          { path: 'faq', lazy: lazyPage(() => import('@/features/faq/components/FaqIndexPage'), 'FaqIndexPage') },
          { path: 'faq/:item', lazy: lazyPage(() => import('@/features/faq/components/FaqItemPage'), 'FaqItemPage') },
          { path: 'actionresult', lazy: lazyPage(() => import('@/features/payment/components/ActionResultPage'), 'ActionResultPage') },
          { path: 'terms-and-conditions', lazy: lazyPage(() => import('@/features/legal/components/TermsPage'), 'TermsPage') },
          { path: 'privacy', lazy: lazyPage(() => import('@/features/legal/components/PrivacyPage'), 'PrivacyPage') },
          {
            path: 'topup-plans/:origin/:iccid/:accountId/:thirdpartyproviderid',
            lazy: lazyPage(() => import('@/features/topup/components/TopupPlansPage'), 'TopupPlansPage'),
          },
          { path: 'loki', lazy: lazyPage(() => import('@/features/loki/components/LokiPage'), 'LokiPage') },
        ],
      },
    ],
  },
];
