// The build's server entry (scripts/build-shop.ts bundles it with Vite and runs it in Node):
// renders each public page in each locale to HTML with React's static prerender, so a first
// visit shows the page before any JavaScript has run; main.tsx then hydrates it
// (docs/performance.md, "Prerendered first screen").
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { SessionStore } from '@/shared/api/session';
import { connectApi } from '@/shared/api/services';
import { flagSrc } from '@/shared/components/flagSources';
import type { RuntimeConfig } from '@/shared/config/config';
import { loadCatalogues, NAMESPACES } from '@/shared/i18n/catalogues';
import { createI18n, FRAME_NAMESPACES } from '@/shared/i18n/i18n';
import { dirOf, LOCALE_COOKIE, LOCALES, type Locale } from '@/shared/i18n/locales';
import type { PrerenderedHead } from '@/shared/prerender/PrerenderHead';
import { PLANS_PARAMS } from '@/features/plans/components/PlansView';
import { faqItems } from '@/features/faq/components/faqItems';
import { App } from './App';
import { routePage } from './routes';

export { dirOf, flagSrc, LOCALE_COOKIE, LOCALES, type Locale };

/**
 * A prerendered route. firstRenderParams are the query parameters the page's first render
 * reads: with one of them the server sends the app shell instead (the page renders in the
 * browser), since the prerendered HTML shows the page without them. devicePages name, for a
 * page whose first render depends on the visitor's phone (shared/device/platform.ts), the
 * route prerendered as that phone's visitor sees it: the server sends it to that phone (by
 * the same user-agent rule), so hydration finds what the browser renders. Android only: an
 * iPad in desktop mode reads as a Mac to the server (its touch points tell the browser).
 */
export type PrerenderedRoute = { path: string; firstRenderParams?: readonly string[]; devicePages?: Readonly<{ android?: string }> };

/** The public pages (spec section 2) whose first screen is in the HTML. */
export const ROUTES: readonly PrerenderedRoute[] = [
  { path: '/' },
  { path: '/plans', firstRenderParams: Object.values(PLANS_PARAMS) },
  // The guide opens on the visitor's phone's tab: an Android phone gets the Android page's markup.
  { path: '/setup-guide', devicePages: { android: '/setup-guide/android' } },
  { path: '/setup-guide/android' },
  { path: '/faq' },
  ...faqItems.map((item) => ({ path: `/faq/${item.slug}` })),
  { path: '/contactus' },
  { path: '/terms-and-conditions' },
  { path: '/privacy' },
  // The payment result's frame; the outcome, read from the query, renders in the browser.
  { path: '/actionresult' },
];

/**
 * The runtime configuration is the server's, not the build's: pages are rendered with these
 * marks in its place, and `esim serve` writes the configured values over them
 * (cli/serve/prerender.go). Each mark survives what the components do with the value: the
 * phone's `tel:` link keeps only digits and '+', the WhatsApp link only digits. Optional
 * fields are set, so what depends on them is rendered; the server removes the elements
 * marked data-config-if="<field>" when the field is empty.
 */
export const SLOTS = {
  brand: '\uE000brand\uE001',
  supportEmail: '\uE000supportEmail\uE001',
  liveChatUrl: '\uE000liveChatUrl\uE001',
  flagBaseUrl: '\uE000flagBaseUrl\uE001',
  supportPhone: '+99990000001',
  whatsapp: '99990000002',
} as const;

const config: RuntimeConfig = {
  brand: SLOTS.brand,
  apiBase: '/api/v1/',
  supportBase: '/esim-service/api/v1/',
  esimCheckBase: '/esim-check/api/v1/',
  logPushUrl: '',
  logPushEnabled: false,
  supportPhone: SLOTS.supportPhone,
  supportEmail: SLOTS.supportEmail,
  liveChatUrl: SLOTS.liveChatUrl,
  whatsapp: SLOTS.whatsapp,
  // Loaded after the page, never part of its markup.
  captchaSiteKey: '',
  tagManagerId: '',
  flagBaseUrl: SLOTS.flagBaseUrl,
  guest: { username: '', password: '', clientId: '', clientSecret: '' },
  checkoutHosts: [],
  pageScripts: {},
  sandbox: false,
};

/** A visitor's storage, empty and kept empty: nobody is signed in on a prerendered page. */
const visitorStorage: Storage = {
  length: 0,
  clear: () => undefined,
  getItem: () => null,
  key: () => null,
  removeItem: () => undefined,
  setItem: () => undefined,
};

/** No provider call is made while prerendering: data loads in the browser. */
const noNetwork: typeof fetch = () => Promise.reject(new Error('prerender: no network at build time'));

/** The page's feature (its module and texts), for the build to link its styles and preload its scripts. */
export function pageOf(path: string): { component: string; ns?: string } | undefined {
  const page = routePage(path);
  return page ? { component: page.component, ns: page.ns } : undefined;
}

export type Rendered = { html: string; head: PrerenderedHead };

/** renderPage renders the page at path in locale: the markup of #root and its head. */
export async function renderPage(path: string, locale: Locale): Promise<Rendered> {
  const page = routePage(path);
  const namespaces = [...FRAME_NAMESPACES, ...(page?.ns && NAMESPACES.includes(page.ns) ? [page.ns] : [])];
  // The same texts main.tsx loads before it hydrates: the locale's, English as fallback.
  await loadCatalogues(locale === 'en' ? ['en'] : [locale, 'en'], namespaces);
  const i18n = createI18n({ locale, namespaces, global: true });
  const store = new SessionStore(visitorStorage);
  const services = connectApi(config, store, noNetwork);
  const head: PrerenderedHead = {};
  const errors: unknown[] = [];
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  const collectHead = (fields: PrerenderedHead) => Object.assign(head, fields);
  const { prelude } = await prerender(<App config={config} services={services} i18n={i18n} Router={Router} collectHead={collectHead} hydrating />, {
    onError(err) {
      errors.push(err);
    },
    // The whole page inline: no boundary left for a script to fill in later (the CSP
    // allows no inline script, and hydration wants the complete markup).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw new Error(`prerender ${path} (${locale}): ${errors.map(String).join('; ')}`);
  return { html, head };
}
