import type { Decorator } from '@storybook/react-vite';
import { delay, http, type HttpHandler } from 'msw';
import { findScenario, handlersFor, type Selection } from '@/mocks/handlers';
import { FIXTURE_BASES } from '@/mocks/har';
import type { Bundle, Country } from '@/shared/api/types';
import { ShopProviders } from '@/shared/testing/ShopProviders';

type ShopOptions = { path?: string; url?: string; config?: Parameters<typeof ShopProviders>[0]['config'] };

/**
 * withShop wraps a story in the app's providers (config, API client, router), set with
 * parameters.shop ({ path, url, config }), which stories override one key at a time.
 */
export const withShop: Decorator = (Story, { parameters }) => {
  const opts = (parameters.shop ?? {}) as ShopOptions;
  return (
    <ShopProviders {...opts}>
      <Story />
    </ShopProviders>
  );
};

/** The catalogue calls of the plans page, answered from the fixtures. */
export const catalogue: Selection = {
  'identity.token.guest': 'success',
  'catalog.countries': 'success',
  'catalog.regions': 'success',
  'catalog.specialBundles': 'success',
  'catalog.areaBundles': 'success',
  'catalog.globalBundles': 'success',
  'catalog.search': 'success',
};

export const fixtureHandlers = (selection: Selection): HttpHandler[] => handlersFor(selection);

/** Requests to the provider hosts that never answer: the loading state. */
export const pendingHandlers = (): HttpHandler[] =>
  [FIXTURE_BASES.api, FIXTURE_BASES.support].map((base) =>
    http.all(`${base}*`, async () => {
      await delay('infinite');
    }),
  );

/** data of a fixture's first answer, for components that take data as props. */
function fixtureData(call: string, scenario: string): unknown {
  const body = findScenario(call, scenario).entries[0]?.body ?? '{}';
  return (JSON.parse(body) as { data?: unknown }).data;
}

export const fixtureBundles = (call: 'catalog.areaBundles' | 'catalog.globalBundles' | 'catalog.specialBundles' | 'catalog.search'): Bundle[] =>
  (fixtureData(call, 'success') as Bundle[]).map((b) => ({ ...b, fupMsg: b.fupMsg ?? '', group: b.group ?? '', groupIconCode: b.groupIconCode ?? '', roamingCountries: b.roamingCountries ?? [] }));

export const fixtureCountries = (): Country[] => fixtureData('catalog.countries', 'success') as Country[];
