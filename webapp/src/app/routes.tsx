import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from '@/features/layout/components/Layout';
import { PageScripts } from '@/features/page-scripts/components/PageScripts';
import { preloadNamespace } from '@/shared/i18n/i18n';
import { ErrorPage } from './ErrorPage';

type PageModule = Record<string, unknown>;

/**
 * lazyPage loads a page module on first visit, with its feature's texts in the active
 * language (namespace = feature folder); name is its exported component.
 */
const lazyPage = (load: () => Promise<PageModule>, name: string, ns?: string) => async () => {
  const [m] = await Promise.all([load(), ns ? preloadNamespace(ns) : undefined]);
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
          { index: true, lazy: lazyPage(() => import('@/features/home/components/HomePage'), 'HomePage', 'home') },
          { path: 'plans', lazy: lazyPage(() => import('@/features/plans/components/PlansPage'), 'PlansPage', 'plans') },
          { path: 'setup-guide/:item?', lazy: lazyPage(() => import('@/features/setup-guide/components/SetupGuidePage'), 'SetupGuidePage', 'setup-guide') },
          { path: 'contactus', lazy: lazyPage(() => import('@/features/contact/components/ContactPage'), 'ContactPage', 'contact') },
          { path: 'cart/:bundleId/:topupAccountId?', lazy: lazyPage(() => import('@/features/checkout/components/CartPage'), 'CartPage', 'checkout') },
          { path: 'login', lazy: lazyPage(() => import('@/features/auth/components/LoginPage'), 'LoginPage', 'auth') },
          { path: 'otp/:email/:userId', lazy: lazyPage(() => import('@/features/auth/components/OtpPage'), 'OtpPage', 'auth') },
          { path: 'profile', lazy: lazyPage(() => import('@/features/profile/components/ProfilePage'), 'ProfilePage', 'profile') },
          { path: 'token/:token?', lazy: lazyPage(() => import('@/features/token/components/TokenPage'), 'TokenPage', 'token') },
          { path: 'faq', lazy: lazyPage(() => import('@/features/faq/components/FaqIndexPage'), 'FaqIndexPage', 'faq') },
          { path: 'faq/:item', lazy: lazyPage(() => import('@/features/faq/components/FaqItemPage'), 'FaqItemPage', 'faq') },
          { path: 'actionresult', lazy: lazyPage(() => import('@/features/payment/components/ActionResultPage'), 'ActionResultPage', 'payment') },
          { path: 'terms-and-conditions', lazy: lazyPage(() => import('@/features/legal/components/TermsPage'), 'TermsPage', 'legal') },
          { path: 'privacy', lazy: lazyPage(() => import('@/features/legal/components/PrivacyPage'), 'PrivacyPage', 'legal') },
          {
            path: 'topup-plans/:origin/:iccid/:accountId/:thirdpartyproviderid',
            lazy: lazyPage(() => import('@/features/topup/components/TopupPlansPage'), 'TopupPlansPage', 'topup'),
          },
          { path: 'loki', lazy: lazyPage(() => import('@/features/loki/components/LokiPage'), 'LokiPage', 'loki') },
        ],
      },
    ],
  },
];
