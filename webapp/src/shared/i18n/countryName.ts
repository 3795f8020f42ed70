import { INTL_LOCALES, type Locale } from './locales';

const names = new Map<Locale, Intl.DisplayNames>();

/**
 * countryName is the name of an ISO 3166 region code in the locale (Intl.DisplayNames:
 * the browser's own CLDR names, nothing shipped), or undefined when the code is unknown.
 */
export function countryName(code: string, locale: Locale): string | undefined {
  if (!/^[A-Za-z]{2}$/.test(code)) return undefined;
  let dn = names.get(locale);
  if (!dn) {
    dn = new Intl.DisplayNames([INTL_LOCALES[locale]], { type: 'region', fallback: 'none' });
    names.set(locale, dn);
  }
  try {
    return dn.of(code.toUpperCase()) ?? undefined;
  } catch {
    return undefined;
  }
}
