// The plans page with the full catalogue (every ISO country of flag-icons: 249, the size
// of the sandbox's list), for scripts/bench-plans.mjs. Data comes from an in-memory
// catalogue so the measurement is rendering and filtering only, never the network.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import countryFile from 'flag-icons/country.json';
import '@/app/global.css';
import { PlansView } from '@/features/plans/components/PlansView';
import type { Bundle, CatalogApi, Country } from '@/features/plans/api/types';
import { ConfigProvider } from '@/shared/config/ConfigContext';
import { fixtureConfig } from '@/test/fixtureConfig';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/shared/query/queryClient';
import { loadCatalogues } from '@/shared/i18n/catalogues';
import { createI18n, FRAME_NAMESPACES } from '@/shared/i18n/i18n';

type FlagIconsCountry = { code: string; name: string; iso: boolean };

const countries: Country[] = (countryFile as FlagIconsCountry[])
  .filter((c) => c.iso)
  .map((c) => ({ name: c.name, isoCode: c.code.toUpperCase() }));

const none: Bundle[] = [];
const api: CatalogApi = {
  countries: async () => countries,
  regions: async () => ['Africa', 'Asia', 'Caribbean', 'Europe', 'Middle East', 'North America', 'Oceania', 'South America'].map((name) => ({ name })),
  specialBundles: async () => none,
  areaBundles: async () => none,
  search: async () => none,
};

const router = createMemoryRouter([{ path: '/plans', element: <PlansView api={api} /> }], { initialEntries: ['/plans'] });

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
// English texts, loaded before the first render as the app does (main.tsx).
await loadCatalogues(['en'], [...FRAME_NAMESPACES, 'plans']);
createI18n({ locale: 'en', document, global: true });
createRoot(root).render(
  <StrictMode>
    <ConfigProvider config={fixtureConfig()}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  </StrictMode>,
);
(window as unknown as { benchCountries: number }).benchCountries = countries.length;
