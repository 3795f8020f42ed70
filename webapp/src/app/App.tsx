import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { CaptchaProvider } from '@/features/auth/captcha/CaptchaProvider';
import { ApiProvider, type ApiServices } from '@/shared/api/ApiContext';
import type { RuntimeConfig } from '@/shared/config/config';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { routes } from './routes';

/** App wires configuration, the API client and the router. */
export function App({ config, services }: { config: RuntimeConfig; services: ApiServices }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <ConfigProvider config={config}>
      <ApiProvider services={services}>
        {/* The bot check wraps the whole app (spec section 7); code forms take tokens from it. */}
        <CaptchaProvider>
          <RouterProvider router={router} />
        </CaptchaProvider>
      </ApiProvider>
    </ConfigProvider>
  );
}
