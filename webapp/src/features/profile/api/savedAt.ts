/** The shop's clock for dates and times (docs/contract.md): Beirut. */
const ZONE = 'Asia/Beirut';

/**
 * formatDateTime renders an instant in the customer's locale with Latin digits, Beirut time
 * (e.g. "Nov 23, 2026, 8:30 PM" in en, "23 nov. 2026, 20:30" in fr); '' for a date it
 * cannot read.
 */
export function formatDateTime(at: string | number, locale: string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  let tag = 'en';
  try {
    tag = Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    // An odd locale tag: English.
  }
  return new Intl.DateTimeFormat(`${tag}-u-nu-latn`, { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(d);
}
