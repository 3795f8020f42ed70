import { useMemo, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiProvider, createApiServices } from '@/shared/api/ApiContext';
import { memoryStorage } from '@/shared/api/memoryStorage';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { fixtureConfig } from '@/shared/config/fixtureConfig';

/** Providers a layout story needs: fixture configuration, its own session, a router at url. */
export function StoryShell({ children, url = '/', session = {} }: { children: ReactNode; url?: string; session?: Record<string, string> }) {
  const config = useMemo(() => fixtureConfig(), []);
  const services = useMemo(() => createApiServices(config, memoryStorage(session)), [config, session]);
  const router = useMemo(() => createMemoryRouter([{ path: '*', element: children }], { initialEntries: [url] }), [children, url]);
  return (
    <ConfigProvider config={config}>
      <ApiProvider services={services}>
        <RouterProvider router={router} />
      </ApiProvider>
    </ConfigProvider>
  );
}
