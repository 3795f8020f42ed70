import { BrowserRouter } from 'react-router';
import { CaptchaProvider } from '@/shared/captcha/CaptchaProvider';
import { ApiProvider, type ApiServices } from '@/shared/api/ApiContext';
import type { RuntimeConfig } from '@/shared/config/config';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { QueryProvider } from '@/shared/query/QueryProvider';
import { AppRoutes } from './routes';

/**
 * App wires configuration, the API client, server state, the bot check and the router.
 * The router is declarative (BrowserRouter): the data router (createBrowserRouter) would add
 * ~16 KB gzip to the entry for loaders and actions the shop does not use (docs/performance.md).
 */
export function App({ config, services }: { config: RuntimeConfig; services: ApiServices }) {
  return (
    <ConfigProvider config={config}>
      <ApiProvider services={services}>
        {/* Server state of every page: one client, one loading/error/retry rule (shared/query). */}
        <QueryProvider>
          {/* The bot check wraps the whole app (spec section 7); code forms take tokens from it. */}
          <CaptchaProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </CaptchaProvider>
        </QueryProvider>
      </ApiProvider>
    </ConfigProvider>
  );
}
