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
