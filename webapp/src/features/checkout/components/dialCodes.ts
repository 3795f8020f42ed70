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

/**
 * splitDialCode takes an international number typed into the phone field ('+961 71 123
 * 456', '+33612345678') apart: the dial code goes to the dial-code select and the rest
 * stays the number, so the form never sends 961 twice. The code is the digits up to the
 * first separator when that is a known code, else the longest known code the digits start
 * with (E.164 codes are prefix-free). Anything else (no '+', an unknown code, no number
 * after it) is left as typed: null.
 */
export function splitDialCode(phone: string, known: ReadonlySet<string>): { code: string; rest: string } | null {
  const m = /^\+(\d+)(.*)$/.exec(phone.trim());
  if (!m) return null;
  const [, lead = '', tail = ''] = m;
  const separated = tail !== '' && known.has(lead);
  let code = separated ? lead : '';
  if (!code) {
    for (let n = Math.min(4, lead.length - 1); n >= 1 && !code; n--) if (known.has(lead.slice(0, n))) code = lead.slice(0, n);
  }
  if (!code) return null;
  const rest = (lead.slice(code.length) + tail).replace(/^[\s-]+/, '');
  return /\d/.test(rest) ? { code, rest } : null;
}
