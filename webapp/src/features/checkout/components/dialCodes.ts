import { countries } from 'countries-list';

export type DialCode = { iso: string; name: string; code: string };

/** The country the shop serves first: Lebanon, dial code 961 (spec sections 3 and 9). */
export const DEFAULT_DIAL_CODE = '961';
const FIRST = 'LB';

/**
 * dialCodes lists every country with a calling code from countries-list, Lebanon first and
 * the rest by name. Countries with several codes get one entry per code.
 */
export function dialCodes(): DialCode[] {
  const rest: DialCode[] = [];
  let first: DialCode[] = [];
  for (const [iso, c] of Object.entries(countries)) {
    const entries = c.phone.map((p) => ({ iso, name: c.name, code: String(p) }));
    if (iso === FIRST) first = entries;
    else rest.push(...entries);
  }
  rest.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code));
  return [...first, ...rest];
}
