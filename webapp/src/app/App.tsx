import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { CaptchaProvider } from '@/shared/captcha/CaptchaProvider';
import { ApiProvider, type ApiServices } from '@/shared/api/ApiContext';
import type { RuntimeConfig } from '@/shared/config/config';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { KitOwnerGuard } from '@/shared/offline/KitOwnerGuard';
import { QueryProvider } from '@/shared/query/QueryProvider';
import { routes } from './routes';

/** App wires configuration, the API client, server state, the bot check and the router. */
export function App({ config, services }: { config: RuntimeConfig; services: ApiServices }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <ConfigProvider config={config}>
      <ApiProvider services={services}>
        {/* Server state of every page: one client, one loading/error/retry rule (shared/query). */}
        <QueryProvider>
          {/* The offline install kit belongs to the signed-in customer only (docs/offline.md). */}
          <KitOwnerGuard />
          {/* The bot check wraps the whole app (spec section 7); code forms take tokens from it. */}
          <CaptchaProvider>
            <RouterProvider router={router} />
          </CaptchaProvider>
        </QueryProvider>
      </ApiProvider>
    </ConfigProvider>
  );
}
