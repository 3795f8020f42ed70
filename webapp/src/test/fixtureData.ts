import { findScenario, type Selection } from '@/mocks/handlers';
import type { Bundle, Country } from '@/shared/api/types';

/** The bundle and top-up account the fixtures know (getBundle, addOrderDetails/topup). */
export const FIXTURE_BUNDLE_ID = '5a26c6e7-77b9-5c2a-9c71-eebdb15d5de6';
export const FIXTURE_TOPUP_ACCOUNT = 'cee6adbd-1bbf-5a6b-9dd1-0b6cda99b5e4';
/** The host of the fixtures' checkout link. */
export const FIXTURE_CHECKOUT_HOST = 'pay.example.com';

/** The catalogue calls of the plans page, answered from the fixtures. */
export const catalogue = {
  'token.guest': 'success',
  'listCountries': 'success',
  'listRegions': 'success',
  'listSpecialBundles': 'success',
  'listAreaBundles': 'success',
  'listAreaBundles.global': 'success',
  'searchBundles': 'success',
} as const satisfies Selection;

/** data of a fixture's first answer, for components that take data as props. */
export function fixtureData(call: string, scenario: string): unknown {
  const body = findScenario(call, scenario).entries[0]?.body ?? '{}';
  return (JSON.parse(body) as { data?: unknown }).data;
}

export const fixtureBundles = (call: 'listAreaBundles' | 'listAreaBundles.global' | 'listSpecialBundles' | 'searchBundles' | 'listAreaBundles.topup' | 'getBundle'): Bundle[] =>
  (fixtureData(call, 'success') as Bundle[]).map((b) => ({ ...b, fupMsg: b.fupMsg ?? '', group: b.group ?? '', groupIconCode: b.groupIconCode ?? '', roamingCountries: b.roamingCountries ?? [] }));

export const fixtureCountries = (): Country[] => fixtureData('listCountries', 'success') as Country[];
