import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { ApiProvider, type ApiServices, type LazyApiServices } from '@/shared/api/ApiContext';
import type { RuntimeConfig } from '@/shared/config/config';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { KitOwnerGuard } from '@/shared/offline/KitOwnerGuard';
import { HydratingContext, PageShownContext } from '@/shared/prerender/hydration';
import { PrerenderHeadContext, type CollectHead } from '@/shared/prerender/PrerenderHead';
import { QueryProvider } from '@/shared/query/QueryProvider';
import { AppRoutes } from './routes';

/**
 * App wires the language, configuration, the API client, server state, the bot check and
 * the router. TanStack Query loads after the frame (QueryProvider). The router is declarative (BrowserRouter): the data router
 * (createBrowserRouter) would add ~16 KB gzip to the entry for loaders and actions the shop
 * does not use (docs/performance.md).
 */
export type AppProps = {
  config: RuntimeConfig;
  services: ApiServices | LazyApiServices;
  i18n: I18n;
  /** The router: the browser's by default; prerendering (app/prerender.tsx) gives a static one. */
  Router?: ComponentType<{ children: ReactNode }>;
  /** Prerendering: where pages leave the title and description of their <head>. */
  collectHead?: CollectHead;
  /** The tree hydrates prerendered markup (main.tsx), or renders it (app/prerender.tsx). */
  hydrating?: boolean;
  /** Called once the page's content is on screen (hydrated): hydration/PageShown. */
  onPageShown?: () => void;
};

export function App({ config, services, i18n, Router = BrowserRouter, collectHead, hydrating = false, onPageShown }: AppProps) {
  // The same tree in the browser and at build time (hydration needs it): only the router differs.
  return (
    <PrerenderHeadContext value={collectHead ?? null}>
      <HydratingContext value={hydrating}>
        <PageShownContext value={onPageShown}>
          <I18nextProvider i18n={i18n}>
            <ConfigProvider config={config}>
              <ApiProvider services={services}>
                {/* Server state of every page: one client, one loading/error/retry rule (shared/query). */}
                <QueryProvider>
                  {/* The offline install kit belongs to the signed-in customer only (docs/offline.md). */}
                  <KitOwnerGuard />
                  {/* The bot check (spec section 7) wraps every page, in routes.tsx: code forms take tokens from it. */}
                  <Router>
                    <AppRoutes />
                  </Router>
                </QueryProvider>
              </ApiProvider>
            </ConfigProvider>
          </I18nextProvider>
        </PageShownContext>
      </HydratingContext>
    </PrerenderHeadContext>
  );
}
