import { countries } from 'countries-list';

export type DialCode = { iso: string; name: string; code: string };

/** The country the shop serves first: Lebanon, dial code 961 (spec sections 3 and 9). */
export const DEFAULT_DIAL_CODE = '961';
const FIRST = 'LB';

/**
 * Country calling codes countries-list gets wrong for this form: it lists Kosovo's old
 * borrowed codes with its own, and Svalbard with its number's prefix (+47 79).
 */
const CODE_OF: Readonly<Record<string, string>> = { XK: '383', SJ: '47', BQ: '599', CW: '599' };

/** The country calling code (E.164) of a country: never an area code (the NANP's 1-876 is +1). */
function callingCode(iso: string, phones: readonly number[]): string {
  const own = CODE_OF[iso];
  if (own) return own;
  const p = String(phones[0] ?? '');
  return p.length === 4 && p.startsWith('1') ? '1' : p;
}

/**
 * The country a dial code means when several share it and nothing else says which: the
 * one most travellers mean (+1 the United States, +7 Russia, +44 the United Kingdom, ...).
 */
const MAIN_OF: Readonly<Record<string, string>> = { '1': 'US', '7': 'RU', '44': 'GB', '47': 'NO', '61': 'AU', '262': 'RE', '290': 'SH', '358': 'FI', '590': 'GP', '599': 'CW', '672': 'NF', '64': 'NZ', '39': 'IT', '212': 'MA' };

/**
 * dialCodes lists every country once with its country calling code (from countries-list),
 * Lebanon first and the rest by name. Several countries may share a code (+1): the select
 * tells them apart by country, and the form sends the code.
 */
export function dialCodes(): DialCode[] {
  const rest: DialCode[] = [];
  let first: DialCode[] = [];
  for (const [iso, c] of Object.entries(countries)) {
    const entry = { iso, name: c.name, code: callingCode(iso, c.phone) };
    if (!entry.code) continue;
    if (iso === FIRST) first = [entry];
    else rest.push(entry);
  }
  rest.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.code.localeCompare(b.code));
  return [...first, ...rest];
}

/** isoOfCode is the country a dial code stands for in `list` (see MAIN_OF), or undefined. */
export function isoOfCode(list: readonly DialCode[], code: string): string | undefined {
  const main = MAIN_OF[code];
  if (main && list.some((d) => d.iso === main)) return main;
  return list.find((d) => d.code === code)?.iso;
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
