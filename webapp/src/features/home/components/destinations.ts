/** The 11 popular destinations of the home page, as the spec lists them (Italy twice). */
export type Destination = { name: string; code: string };

export const destinations: readonly Destination[] = [
  { name: 'Turkey', code: 'TR' },
  { name: 'UAE', code: 'AE' },
  { name: 'France', code: 'FR' },
  { name: 'United States', code: 'US' },
  { name: 'United Kingdom', code: 'GB' },
  { name: 'Italy', code: 'IT' },
  { name: 'KSA', code: 'SA' },
  { name: 'Europe', code: 'Europe' },
  { name: 'Spain', code: 'ES' },
  { name: 'Greece', code: 'GR' },
  { name: 'Italy', code: 'IT' },
];

/**
 * plansLink opens /plans on the card's destination: a country is selected in the search
 * (?country=TR), a region opens in the Regions tab (?region=Europe); the plans page reads both.
 */
export function plansLink(d: Destination): string {
  const iso = /^[A-Z]{2}$/.test(d.code);
  const params = new URLSearchParams(iso ? { country: d.code } : { region: d.code });
  return `/plans?${params.toString()}`;
}
