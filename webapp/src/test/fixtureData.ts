import { findScenario, type Selection } from '@/mocks/handlers';
import type { Bundle, Country } from '@/shared/api/types';

/** The bundle and top-up account the fixtures know (catalog.bundle, orders.details/topup). */
export const FIXTURE_BUNDLE_ID = '5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6';
export const FIXTURE_TOPUP_ACCOUNT = 'cee6adbd-1bbf-5a6b-9dd1-0b6cda99b5e4';
/** The host of the fixtures' checkout link. */
export const FIXTURE_CHECKOUT_HOST = 'pay.example.com';

/** The catalogue calls of the plans page, answered from the fixtures. */
export const catalogue = {
  'identity.token.guest': 'success',
  'catalog.countries': 'success',
  'catalog.regions': 'success',
  'catalog.specialBundles': 'success',
  'catalog.areaBundles': 'success',
  'catalog.globalBundles': 'success',
  'catalog.search': 'success',
} as const satisfies Selection;

/** data of a fixture's first answer, for components that take data as props. */
export function fixtureData(call: string, scenario: string): unknown {
  const body = findScenario(call, scenario).entries[0]?.body ?? '{}';
  return (JSON.parse(body) as { data?: unknown }).data;
}

export const fixtureBundles = (call: 'catalog.areaBundles' | 'catalog.globalBundles' | 'catalog.specialBundles' | 'catalog.search' | 'catalog.topupBundles' | 'catalog.bundle'): Bundle[] =>
  (fixtureData(call, 'success') as Bundle[]).map((b) => ({ ...b, fupMsg: b.fupMsg ?? '', group: b.group ?? '', groupIconCode: b.groupIconCode ?? '', roamingCountries: b.roamingCountries ?? [] }));

export const fixtureCountries = (): Country[] => fixtureData('catalog.countries', 'success') as Country[];
