// The entry. Its code is evaluated in a few tasks, not one (a prerendered page is on screen
// already, and one long task would delay the visitor's first tap): first start-up (the
// configuration and texts start loading), then React DOM, i18next, React Router and the
// app, each after a task break (taskBreaks/). The order of these imports is that order.
import { configLoad, frameTexts, locale, locales } from './startup';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './taskBreaks/afterReactDom';
import { createI18n } from '@/shared/i18n/i18n';
import './taskBreaks/afterI18n';
import { BrowserRouter } from 'react-router';
import './taskBreaks/afterRouter';
import { SessionStore } from '@/shared/api/session';
import { NAMESPACES, loadCatalogues } from '@/shared/i18n/catalogues';
import { pageLoaded } from '@/shared/page/pageLoaded';
import { preloadQueryClient } from '@/shared/query/QueryProvider';
import { App } from './App';
import { HYDRATED_EVENT, replayBeforeHydration } from './replayBeforeHydration';
import { preloadFrame, routePage } from './routes';
import './global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A first visit gets the page prerendered at build time in the locale `esim serve` chose
// (docs/performance.md): React takes that markup over (hydration) instead of rendering it
// again. When the browser's own choice differs (a language stored before the locale cookie
// existed), or the service worker answered with the app shell, the app renders here.
const prerendered = root.firstElementChild !== null && document.documentElement.lang === locale;
// The page's module and texts, and TanStack Query, download while the configuration is
// fetched (no waterfall).
const page = routePage(window.location.pathname);
const pageModule = page?.preload().catch(() => {
  // Rendering the page downloads it again and shows the error page if that fails too.
});
const queryModule = preloadQueryClient();
// The API client and typed calls are a chunk of their own (only pages call the API): it
// downloads now too; the frame starts with the session store alone.
const apiModule = import('@/shared/api/services');
apiModule.catch(() => {
  // The pages' wait for it (useApi) shows the error page.
});
const pageNamespaces = page?.ns && NAMESPACES.includes(page.ns) ? [page.ns] : [];
// The page's own texts: a failure here only means the page loads them again itself.
const pageTexts = loadCatalogues(locales, pageNamespaces).catch(() => undefined);
// Hydration waits for every lazily loaded part the page shows (their <link rel=modulepreload>
// in the prerendered HTML started them already), so it runs in one pass: a part still
// loading would be rendered again when the update after hydration reaches it (preloadable).
const hydration = prerendered
  ? Promise.all([pageModule, queryModule, preloadFrame().catch(() => undefined), apiModule.catch(() => undefined)])
  : undefined;
/** once runs fn on its first call only. */
const once = (fn: () => void) => {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      fn();
    }
  };
};

const STARTUP_FAILED = {
  en: ['The shop could not start', 'Please try again in a few minutes.'],
  ar: ['تعذّر تشغيل المتجر', 'يرجى المحاولة مجدداً بعد بضع دقائق.'],
  fr: ["La boutique n'a pas pu démarrer", 'Veuillez réessayer dans quelques minutes.'],
} as const;
Promise.all([configLoad, frameTexts, pageTexts, hydration])
  .then(async ([config]) => {
    const i18n = createI18n({ locale, document, global: true });
    const store = new SessionStore(window.localStorage);
    const ready = apiModule.then((m) => m.connectApi(config, store));
    // Hydrating, the API client is there already: given as such, pages do not wait for it.
    const services = prerendered ? await ready : { store, ready };
    const app = (
      <StrictMode>
        <App config={config} services={services} i18n={i18n} Router={BrowserRouter} hydrating={prerendered} onPageShown={once(() => void replayBeforeHydration(root))} />
      </StrictMode>
    );
    // The first render as a transition: React renders (or hydrates) it in slices of a few
    // ms, yielding to the browser between them, instead of one long task (Lighthouse TBT);
    // only its commit is one task. A hydration mismatch is reported (reportError, the
    // default), and React renders that part again: e2e/prerender.e2e.ts fails on it.
    startTransition(() => {
      if (prerendered) hydrateRoot(root, app);
      else createRoot(root).render(app);
    });
  })
  .catch((err: unknown) => {
    console.error('start-up failed', err);
    // The boot script stops holding the page's buttons back: there is no app to hand them to.
    document.dispatchEvent(new Event(HYDRATED_EVENT));
    const box = document.createElement('div');
    box.className = 'page';
    box.setAttribute('role', 'alert');
    const h = document.createElement('h1');
    // The catalogues may be what failed: these few words live here, in each language.
    const [title, text] = STARTUP_FAILED[locale];
    h.textContent = title;
    const p = document.createElement('p');
    p.textContent = text;
    box.append(h, p);
    root.replaceChildren(box);
  });

// The service worker (offline app shell and install kit, docs/offline.md) registers after
// the page has loaded, from its own small chunk: nothing of it is in the entry bundle.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void pageLoaded()
    .then(() => import('./registerServiceWorker'))
    .then((m) => m.registerServiceWorker())
    .catch((err: unknown) => console.warn('service worker module not loaded', err instanceof Error ? err.message : err));
}
