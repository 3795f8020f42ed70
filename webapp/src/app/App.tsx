import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { ApiProvider, type ApiServices, type LazyApiServices } from '@/shared/api/ApiContext';
import type { RuntimeConfig } from '@/shared/config/config';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { KitOwnerGuard } from '@/shared/offline/KitOwnerGuard';
import { QueryProvider } from '@/shared/query/QueryProvider';
import { AppRoutes } from './routes';

/**
 * App wires the language, configuration, the API client, server state, the bot check and
 * the router. TanStack Query loads after the frame (QueryProvider). The router is declarative (BrowserRouter): the data router
 * (createBrowserRouter) would add ~16 KB gzip to the entry for loaders and actions the shop
 * does not use (docs/performance.md).
 */
export function App({ config, services, i18n }: { config: RuntimeConfig; services: ApiServices | LazyApiServices; i18n: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider config={config}>
        <ApiProvider services={services}>
          {/* Server state of every page: one client, one loading/error/retry rule (shared/query). */}
          <QueryProvider>
            {/* The offline install kit belongs to the signed-in customer only (docs/offline.md). */}
            <KitOwnerGuard />
            {/* The bot check (spec section 7) wraps every page, in routes.tsx: code forms take tokens from it. */}
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </QueryProvider>
        </ApiProvider>
      </ConfigProvider>
    </I18nextProvider>
  );
}
