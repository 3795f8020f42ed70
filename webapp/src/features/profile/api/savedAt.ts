/** The shop's clock for dates and times (docs/contract.md): Beirut. */
const ZONE = 'Asia/Beirut';

/**
 * formatSavedAt renders when the kit was saved, in the customer's locale with Latin digits
 * (e.g. "23 Nov 2026, 20:30"); '' for a date it cannot read.
 */
export function formatSavedAt(iso: string, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  let tag = 'en';
  try {
    tag = Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    // An odd navigator language: English.
  }
  return new Intl.DateTimeFormat(`${tag}-u-nu-latn`, { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE }).format(d);
}
