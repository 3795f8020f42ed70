// The shop's locales and how one is chosen (docs/i18n.md).

export const LOCALES = ['en', 'ar', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, as the switcher lists it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', ar: 'العربية', fr: 'Français' };

/** The localStorage key of the traveller's chosen language. */
export const LOCALE_STORAGE_KEY = 'locale';

/**
 * The cookie that carries the choice to `esim serve`, which sends the page prerendered in
 * that language (docs/performance.md): ?lang=, then this cookie, then Accept-Language. The
 * switcher writes it with the stored choice (for a year); the server writes it for the
 * visit when a page is opened with ?lang=, so a link followed before the page has hydrated
 * (a full page load) keeps the language. The current choice, it comes before storage.
 */
export const LOCALE_COOKIE = 'locale';

export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/** Writing direction of a locale: Arabic is right-to-left. */
export const dirOf = (locale: Locale): 'rtl' | 'ltr' => (locale === 'ar' ? 'rtl' : 'ltr');

/** The supported locale of a BCP 47 tag ('ar-LB' is ar, 'FR' is fr), or undefined. */
export function localeOfTag(tag: string | null | undefined): Locale | undefined {
  if (typeof tag !== 'string') return undefined;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : undefined;
}

export type DetectInput = {
  /** location.search, e.g. '?lang=ar'. */
  search?: string;
  /** The remembered choice (localStorage), if any. */
  stored?: string | null;
  /** navigator.languages (or [navigator.language]), most preferred first. */
  languages?: readonly string[];
};

/**
 * detectLocale: `?lang=` in the URL, else the remembered choice, else the first of the
 * browser's languages the shop speaks, else English. Unknown values are skipped, not errors.
 */
export function detectLocale({ search = '', stored = null, languages = [] }: DetectInput): Locale {
  const fromUrl = localeOfTag(new URLSearchParams(search).get('lang'));
  if (fromUrl) return fromUrl;
  const fromStore = localeOfTag(stored);
  if (fromStore) return fromStore;
  for (const tag of languages) {
    const l = localeOfTag(tag);
    if (l) return l;
  }
  return DEFAULT_LOCALE;
}

/** readStored reads the remembered locale; storage may be blocked (private mode): then none. */
export function readStored(storage: Storage | undefined): string | null {
  try {
    return storage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** readCookie reads the locale cookie; a blocked cookie jar gives none. */
export function readCookie(doc: Document | undefined): string | null {
  try {
    for (const part of (doc?.cookie ?? '').split(';')) {
      const [name, value] = part.split('=', 2);
      if (name?.trim() === LOCALE_COOKIE) return decodeURIComponent(value?.trim() ?? '');
    }
  } catch {
    // Cookies blocked (sandboxed frame): no remembered choice.
  }
  return null;
}

/**
 * rememberLocale keeps the choice for the next visit, in storage and in the cookie the
 * server reads (a year); a blocked storage or cookie jar only loses the memory.
 */
export function rememberLocale(storage: Storage | undefined, locale: Locale, doc: Document | undefined = globalThis.document): void {
  try {
    storage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Nothing to do: the page still switches, only the next visit will not remember.
  }
  try {
    if (doc) doc.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
  } catch {
    // As above.
  }
}

/** The browser's locale: URL, remembered choice, navigator languages, English. */
export function browserLocale(win: Window = window): Locale {
  let storage: Storage | undefined;
  try {
    storage = win.localStorage;
  } catch {
    storage = undefined;
  }
  const nav = win.navigator;
  const languages = nav.languages?.length ? nav.languages : nav.language ? [nav.language] : [];
  // The cookie's choice (the server's too), else the storage's (a choice remembered before
  // the cookie existed, or a cookie jar cleared alone).
  const stored = readCookie(win.document) ?? readStored(storage);
  return detectLocale({ search: win.location.search, stored, languages });
}

/**
 * The Intl locale of a shop locale: Latin digits everywhere (prices, codes and dates read
 * the same in every language); Lebanese Arabic month names (تشرين الثاني), French of France.
 */
export const INTL_LOCALES: Readonly<Record<Locale, string>> = {
  en: 'en-US',
  ar: 'ar-LB-u-nu-latn',
  fr: 'fr-FR-u-nu-latn',
};
