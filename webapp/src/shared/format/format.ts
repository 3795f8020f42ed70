// Display rules of spec section 9, pinned by contract/vectors/format.json (shared with
// the Go sdk/format package). Integer arithmetic is used where the vectors ask for half-up
// rounding on the exact decimal value, because toFixed rounds the binary value.
// Each text helper takes the page's locale; English (the default) is exactly the spec's
// and the vectors', Arabic and French say the same in their words, always with Latin
// digits; English prices are the spec's '12.00 USD', French and Arabic ones Intl's with the
// currency code (docs/i18n.md).
import { INTL_LOCALES, type Locale } from '@/shared/i18n/locales';

/** The decimal separator of a locale: French writes 1,5 Go. */
const decimal = (s: string, locale: Locale): string => (locale === 'fr' ? s.replace('.', ',') : s);

/**
 * A data quantity with its unit, kept together as one unit of the line: French says Mo/Go
 * after a narrow no-break space (500 Mo); Arabic keeps the Latin MB/GB travellers see on
 * phones, isolated left to right (LRI ... PDI), so a right-to-left line reads '500 MB', never
 * 'MB 500'; English is the spec's '500 MB'.
 */
function quantity(n: string, u: 'MB' | 'GB', locale: Locale): string {
  if (locale === 'fr') return `${decimal(n, locale)}\u202f${u === 'MB' ? 'Mo' : 'Go'}`;
  if (locale === 'ar') return `\u2066${n} ${u}\u2069`;
  return `${n} ${u}`;
}

/**
 * The number locale of prices: French writes 4,55 USD; Arabic keeps the decimal point of its
 * quantities (ar with Latin digits: 4.55 USD; ar-LB's CLDR symbols would write 4,55).
 */
const PRICE_LOCALES: Readonly<Record<Exclude<Locale, 'en'>, string>> = { fr: INTL_LOCALES.fr, ar: 'ar-u-nu-latn' };

const UNLIMITED: Readonly<Record<Locale, string>> = { en: 'Unlimited', ar: 'غير محدود', fr: 'Illimité' };

const arabicDays: Readonly<Record<Intl.LDMLPluralRule, (n: number) => string>> = {
  zero: (n) => `${n} يوم`,
  one: () => 'يوم واحد',
  two: () => 'يومان',
  few: (n) => `${n} أيام`,
  many: (n) => `${n} يوماً`,
  other: (n) => `${n} يوم`,
};
const arabicPlural = new Intl.PluralRules('ar');

const isMissing = (v: unknown): boolean => v === undefined || v === null || v === '';

/**
 * Price in USD with 2 decimals, or 'NA' when missing or not a finite number. English is the
 * spec's '12.00 USD'; French and Arabic are Intl.NumberFormat's with the currency code in
 * the locale ('4,55 USD', Arabic right to left with Latin digits).
 */
export function formatPrice(price: number | null | undefined, locale: Locale = 'en'): string {
  if (isMissing(price) || typeof price !== 'number' || !Number.isFinite(price)) return 'NA';
  if (locale === 'en') return `${price.toFixed(2)} USD`;
  return new Intl.NumberFormat(PRICE_LOCALES[locale], { style: 'currency', currency: 'USD', currencyDisplay: 'code', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(price);
}

/** Trims trailing zeros of a fixed-point text, and the point when nothing follows it. */
function trimZeros(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** hundredths renders n/100 with exactly two decimals. */
function hundredths(n: number): string {
  const whole = Math.floor(n / 100);
  const frac = n % 100;
  return `${whole}.${String(frac).padStart(2, '0')}`;
}

/** Quota in MB: negative is 'Unlimited', under 1000 'N MB', else GB with at most 2 decimals. */
export function formatQuota(quotaInMB: number, locale: Locale = 'en'): string {
  if (quotaInMB < 0) return UNLIMITED[locale];
  if (quotaInMB < 1000) return quantity(String(quotaInMB), 'MB', locale);
  return quantity(trimZeros(hundredths(Math.floor((quotaInMB + 5) / 10))), 'GB', locale);
}

/** Validity: '1 Day' or 'N Days' (Arabic: يوم واحد، يومان، 3 أيام، 11 يوماً; French: 1 jour, N jours). */
export function formatValidity(durationInDays: number, locale: Locale = 'en'): string {
  if (locale === 'ar') return arabicDays[arabicPlural.select(durationInDays)](durationInDays);
  if (locale === 'fr') return durationInDays <= 1 ? `${durationInDays} jour` : `${durationInDays} jours`;
  return durationInDays === 1 ? '1 Day' : `${durationInDays} Days`;
}

/** Bytes shown in decimal GB with exactly 2 decimals. */
export function formatBytesGB(bytes: number, locale: Locale = 'en'): string {
  const n = bytes < 0 ? '0.00' : hundredths(Math.floor((bytes + 5_000_000) / 10_000_000));
  return quantity(n, 'GB', locale);
}

/** usedBytes is initial minus remaining, with remaining clamped to [0, initial]. */
function usedBytes(initial: number, remaining: number): number {
  if (initial <= 0) return 0;
  return initial - Math.min(Math.max(remaining, 0), initial);
}

/** Consumed data in whole MB (the consumption unit of section 9). */
export function formatUsedMB(initialQuantity: number, remainingQuantity: number, locale: Locale = 'en'): string {
  return quantity(String(Math.floor((usedBytes(initialQuantity, remainingQuantity) + 500_000) / 1_000_000)), 'MB', locale);
}

export type Consumption = { percent: number; text: string };

/**
 * What French Intl writes after the number of a percentage: the space and the sign (' %',
 * U+00A0 in CLDR 48; taken from the runtime so it always matches Intl's own output). The
 * digits stay ours: they round on the exact decimal value. Asked per call (a usage card
 * or two per page), so the module keeps no state.
 */
function frenchPercent(): string {
  return new Intl.NumberFormat(INTL_LOCALES.fr, { style: 'percent' })
    .formatToParts(0)
    .filter((p) => p.type === 'literal' || p.type === 'percentSign')
    .map((p) => p.value)
    .join('');
}

/** The consumption bar: percent used (2 decimals) and its label, or 'Unlimited'. */
export function consumption(initialQuantity: number, remainingQuantity: number, unlimited: boolean, locale: Locale = 'en'): Consumption {
  if (unlimited) return { percent: 0, text: UNLIMITED[locale] };
  let p = initialQuantity <= 0 ? 0 : ((initialQuantity - remainingQuantity) / initialQuantity) * 100;
  p = Math.min(Math.max(p, 0), 100);
  const fixed = p.toFixed(2);
  const pct = decimal(trimZeros(fixed), locale);
  // French writes the sign as Intl does (a no-break space before %); Arabic reads 45% as is.
  return { percent: Number.parseFloat(fixed), text: locale === 'fr' ? `${pct}${frenchPercent()}` : `${pct}%` };
}

const DATE_FORM = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

const beirut = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Beirut',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

export type FormattedDate = { text: string; invalid: boolean };

const localDates = new Map<Locale, Intl.DateTimeFormat>();
/** The Beirut date-time of Arabic and French pages (Latin digits, the locale's own order). */
function localDate(locale: Locale): Intl.DateTimeFormat {
  let f = localDates.get(locale);
  if (!f) {
    // Arabic months are written out (short ones are numeric there); French abbreviates: 22 nov. 2026.
    const month = locale === 'ar' ? 'long' : 'short';
    f = new Intl.DateTimeFormat(INTL_LOCALES[locale], { timeZone: 'Asia/Beirut', year: 'numeric', month, day: 'numeric', hour: 'numeric', minute: '2-digit' });
    localDates.set(locale, f);
  }
  return f;
}

/**
 * A server date-time in Beirut time, 'MMM D, YYYY, h:mm AM' (the space before AM a no-break
 * one, so the vectors' plain space is read as U+00A0 on the web). Missing dates and .NET's
 * MinValue give ''; anything that is not RFC 3339 is invalid (also '').
 */
export function formatDate(input: string | null | undefined, locale: Locale = 'en'): FormattedDate {
  if (isMissing(input) || typeof input !== 'string') return { text: '', invalid: false };
  const m = DATE_FORM.exec(input);
  if (!m) return { text: '', invalid: true };
  if (Number(m[1]) <= 1) return { text: '', invalid: false };
  // Without an offset the server means UTC; the browser would read local time.
  const ms = Date.parse(m[3] ? input : `${input}Z`);
  if (Number.isNaN(ms)) return { text: '', invalid: true };
  return { text: beirutText(ms, locale), invalid: false };
}

/** An instant (ms since the epoch) as the shop writes dates and times in the locale. */
function beirutText(ms: number, locale: Locale): string {
  // A time stays on one line with its period: '5:03 م' never breaks before م, nor
  // '8:05 PM' before PM (a no-break space; French has no period: 20:05).
  if (locale !== 'en') {
    const parts = localDate(locale).formatToParts(ms);
    return parts.map((p, i) => (p.type === 'literal' && parts[i + 1]?.type === 'dayPeriod' ? p.value.replace(/\s/g, '\u00a0') : p.value)).join('');
  }
  // Built from parts: ICU versions differ in the space before AM/PM (U+202F or U+0020).
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of beirut.formatToParts(ms)) parts[p.type] = p.value;
  const { month, day, year, hour, minute, dayPeriod } = parts;
  return `${month} ${day}, ${year}, ${hour}:${minute}\u00a0${dayPeriod}`;
}

/**
 * formatInstant writes a moment the shop itself took (a reading's time, a kit's saved time:
 * ms, or an ISO string) like formatDate writes the server's: Beirut time, the locale's
 * order, Latin digits. '' for a moment it cannot read.
 */
export function formatInstant(at: number | string, locale: Locale = 'en'): string {
  const ms = typeof at === 'number' ? at : Date.parse(at);
  return Number.isFinite(ms) ? beirutText(ms, locale) : '';
}

/** formatDateText is formatDate's text alone, for display. */
export const formatDateText = (input: string | null | undefined, locale: Locale = 'en'): string => formatDate(input, locale).text;

export type Flag = { kind: 'region'; icon: string } | { kind: 'flag'; code: string } | { kind: 'placeholder' };

const REGION_ICONS: Readonly<Record<string, string>> = {
  africa: 'africa',
  asia: 'asia',
  caribbean: 'caribbean',
  europe: 'europe',
  'europe+': 'europe',
  'middle east': 'middle-east',
  'north america': 'north-america',
  oceania: 'oceania',
  'south america': 'south-america',
  latam: 'south-america',
  global: 'global',
  cyp: 'cyp',
  ic: 'ic',
  an: 'an',
  eu2024: 'eu2024',
  haj: 'haj',
  summ2024: 'summ2024',
  'paris-olympics': 'paris-olympics',
};

/** Which flag to show for flagsCodes[0]: a regional icon, an ISO flag, or a placeholder. */
export function flagFor(code: string | null | undefined): Flag {
  if (typeof code !== 'string') return { kind: 'placeholder' };
  const key = code.trim().toLowerCase();
  const icon = Object.hasOwn(REGION_ICONS, key) ? REGION_ICONS[key] : undefined;
  if (icon) return { kind: 'region', icon };
  if (/^[a-z]{2}$/.test(key)) return { kind: 'flag', code: key };
  return { kind: 'placeholder' };
}

/** The emoji flag of an ISO code (regional indicator symbols), '' for anything else. */
export function flagEmoji(code: string | null | undefined): string {
  const f = flagFor(code);
  if (f.kind !== 'flag') return '';
  return String.fromCodePoint(...[...f.code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 97));
}

export type CardCoverage = { shown: number; more: string };

/** A card shows at most 5 coverage flags and '+N' for the rest. */
export function cardCoverage(count: number): CardCoverage {
  const n = Math.max(count, 0);
  return { shown: Math.min(n, 5), more: n > 5 ? `+${n - 5}` : '' };
}

/** The 1-based grid row of an expanded area's bundles: right after the clicked card's row. */
export function gridRow(position: number, mobile: boolean): number {
  const p = Math.max(position, 1);
  return mobile ? p + 1 : Math.ceil(p / 3) + 1;
}

/** Mobile breakpoint of section 9: 768 px or less. */
export const MOBILE_MAX_WIDTH = 768;
export const isMobileWidth = (width: number): boolean => width <= MOBILE_MAX_WIDTH;

/**
 * bundleTitle is the title of a bundle card: businessTitle (it names the destination),
 * else listingDisplayTitle, else name, the first that is not blank, trimmed; '' when all
 * are blank. Go: sdk/format.BundleTitle (CLI, TUI); pinned by contract/vectors/format.json.
 */
export function bundleTitle(b: { businessTitle: string; listingDisplayTitle: string; name: string }): string {
  for (const s of [b.businessTitle, b.listingDisplayTitle, b.name]) {
    const t = s.trim();
    if (t) return t;
  }
  return '';
}

const PLACEHOLDERS = new Set(['unknown', 'n/a', 'null', 'undefined', 'none', '-']);

/**
 * usableName is the covered-country name check the spec leaves open (section 5; the rule is
 * contract/vectors/profile.json `coverage`, Go's profile.Coverage): a name, trimmed, that is
 * not empty and not a placeholder word. One rule for the profile's eSIM cards and the plans'
 * and top-up cards' coverage lists.
 */
export function usableName(name: string | null | undefined): boolean {
  if (typeof name !== 'string') return false;
  const n = name.trim();
  return n !== '' && !PLACEHOLDERS.has(n.toLowerCase());
}

/** coveredCountries keeps the entries with a usable name, in order. */
export function coveredCountries<T extends { name?: string | null }>(list: readonly T[]): T[] {
  return list.filter((c) => usableName(c.name));
}
