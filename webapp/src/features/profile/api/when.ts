import { formatDateText } from '@/shared/format/format';
import { INTL_LOCALES, type Locale } from '@/shared/i18n/locales';

const formats = new Map<Locale, Intl.DateTimeFormat>();

/**
 * formatWhen is an instant (ms) in Beirut time for the locale: English keeps the shop's
 * 'MMM D, YYYY, h:mm AM' (format.json's date rule); Arabic and French use their own order
 * and month names, with Latin digits.
 */
export function formatWhen(ms: number, locale: Locale): string {
  if (locale === 'en') return formatDateText(new Date(ms).toISOString());
  let f = formats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALES[locale], { timeZone: 'Asia/Beirut', dateStyle: 'medium', timeStyle: 'short' });
    formats.set(locale, f);
  }
  return f.format(ms);
}
