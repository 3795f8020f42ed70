import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
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
        <RouterProvider router={router} />
      </ApiProvider>
    </ConfigProvider>
  );
}
