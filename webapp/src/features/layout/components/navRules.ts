import { INTL_LOCALES, type Locale } from '@/shared/i18n/locales';

/** The FAQ nav link is active for any path containing faq (spec section 2). */
export const isFaqActive = (pathname: string): boolean => pathname.toLowerCase().includes('faq');

/** Header date line: weekday, month, day, year, in Beirut time, in the page's language. */
const dateLines = new Map<Locale, Intl.DateTimeFormat>();
export function formatDateLine(now: Date, locale: Locale = 'en'): string {
  let f = dateLines.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(INTL_LOCALES[locale], { timeZone: 'Asia/Beirut', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
    dateLines.set(locale, f);
  }
  return f.format(now);
}

/** The same day as YYYY-MM-DD, for the time element's machine-readable value. */
const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Beirut', year: 'numeric', month: '2-digit', day: '2-digit' });
export const beirutDay = (now: Date): string => isoDay.format(now);

/** The account button's label: the full name, or fallback ('My Account' in English) if a name part is missing. */
export function accountLabel(user: { firstName: string; lastName: string } | null, fallback = 'My Account'): string {
  const first = user?.firstName.trim() ?? '';
  const last = user?.lastName.trim() ?? '';
  return first && last ? `${first} ${last}` : fallback;
}

/**
 * Page redirects of spec section 2: a registered customer on a path containing /login or
 * /otp goes to /profile; a guest, or a visitor with no flag, on /profile goes to /login.
 */
export function redirectFor(pathname: string, registered: boolean): string | null {
  if (registered && (pathname.includes('/login') || pathname.includes('/otp'))) return '/profile';
  if (!registered && pathname.includes('/profile')) return '/login';
  return null;
}
