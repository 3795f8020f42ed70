import { INTL_LOCALES, type Locale } from '@/shared/i18n/locales';
import { returnParam, withReturn } from '@/shared/page/returnTo';

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
 * /otp goes to /profile (or back to the page that sent them to log in, ?next=); a guest,
 * or a visitor with no flag, on /profile goes to /login. A visitor on a top-up list goes
 * to /login?next=<that list> (issue 12), so logging in brings them back to it.
 */
export function redirectFor(pathname: string, registered: boolean, search = ''): string | null {
  if (registered && (pathname.includes('/login') || pathname.includes('/otp'))) return returnParam(search) || '/profile';
  if (!registered && pathname.includes('/profile')) return '/login';
  if (!registered && pathname.startsWith('/topup-plans/')) return withReturn('/login', pathname + search);
  return null;
}
