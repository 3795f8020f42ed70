import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { ApiProvider, type ApiServices, type LazyApiServices } from '@/shared/api/ApiContext';
import type { RuntimeConfig } from '@/shared/config/config';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { KitOwnerGuard } from '@/shared/offline/KitOwnerGuard';
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
};

export function App({ config, services, i18n, Router = BrowserRouter, collectHead }: AppProps) {
  // The same tree in the browser and at build time (hydration needs it): only the router differs.
  return (
    <PrerenderHeadContext value={collectHead ?? null}>
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
    </PrerenderHeadContext>
  );
}
