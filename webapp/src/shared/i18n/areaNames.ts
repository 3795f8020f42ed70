// Names of the shop's areas (regions, special groups) and plan titles in the page's language
// (docs/i18n.md, "Names the provider sends"). English shows the provider's text as sent.
import type { TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bundleTitle, formatQuota, formatValidity } from '@/shared/format/format';
import type en from './locales/en.json';
import { countryName } from './countryName';
import { INTL_LOCALES, type Locale } from './locales';
import { useLocale } from './useLocale';

type SharedKey = keyof typeof en;

/**
 * The regions the shop knows, by the provider's name in lower case (the names of spec
 * section 3's regional icons), and the special groups by their icon code (a group's name
 * varies: 'Hajj & Umrah', 'Hajj and Umrah'; its code does not).
 */
const REGION_KEYS: Readonly<Record<string, SharedKey>> = {
  africa: 'areaAfrica',
  asia: 'areaAsia',
  caribbean: 'areaCaribbean',
  europe: 'areaEurope',
  'europe+': 'areaEuropePlus',
  global: 'areaGlobal',
  latam: 'areaLatam',
  'middle east': 'areaMiddleEast',
  'north america': 'areaNorthAmerica',
  oceania: 'areaOceania',
  'south america': 'areaSouthAmerica',
};
const GROUP_KEYS: Readonly<Record<string, SharedKey>> = {
  cyp: 'groupCyp',
  ic: 'groupIc',
  an: 'groupAn',
  eu2024: 'groupEu2024',
  haj: 'groupHaj',
  summ2024: 'groupSumm2024',
  'paris-olympics': 'groupParisOlympics',
};

const keyOf = (table: Readonly<Record<string, SharedKey>>, name: string | undefined): SharedKey | undefined => {
  const k = name?.trim().toLowerCase() ?? '';
  return Object.hasOwn(table, k) ? table[k] : undefined;
};

/**
 * areaName names a region (by its provider name) or a special group (by its icon code, else
 * its name) in the locale; a name the shop does not know, and every name in English, is
 * shown as sent.
 */
export function areaName(t: TFunction<'shared'>, locale: Locale, name: string, groupCode?: string): string {
  if (locale === 'en') return name;
  const key = keyOf(GROUP_KEYS, groupCode) ?? keyOf(REGION_KEYS, name);
  return key ? t(key) : name;
}

/** What a plan title may name, besides the regions: its countries and its special group. */
export type TitleContext = {
  countries?: readonly { isoCode: string; name: string }[];
  /** The ISO code of a country bundle (its first flag): its title names that country. */
  countryCode?: string;
  group?: string;
  groupCode?: string;
};

// '<area> <n>MB|GB <d> Day(s)' or '<area> Unlimited <d> Day(s)', the provider's pattern
// ('Turkey 500MB 1 Day', 'Europe 5GB 30 Days', 'Global Unlimited 15 Days').
const TITLE = /^(.+?)\s+(?:(\d+(?:\.\d+)?)\s?(MB|GB)|(Unlimited))\s+(\d+)\s+Days?$/i;

/**
 * planTitle is a plan's title in the locale. English, and any title that does not follow
 * the provider's pattern '<area> <data> <days>' or names an area the shop cannot name in
 * the locale, is shown as sent. Otherwise it is composed from the area's name in the
 * locale (a country by Intl.DisplayNames, a region or special group by the catalogue), the
 * title's own data and days written as the shop writes them (formatQuota, formatValidity)
 * and the catalogue's `planTitle` order: 'Turkey 500MB 1 Day' is 'Turquie 500 Mo 1 jour'
 * and 'تركيا 500 MB لمدة يوم واحد'.
 */
export function planTitle(t: TFunction<'shared'>, locale: Locale, title: string, ctx: TitleContext = {}): string {
  if (locale === 'en') return title;
  const m = TITLE.exec(title.trim());
  if (!m) return title;
  const [, prefix = '', amount, unit, unlimited, days = ''] = m;
  const same = (a: string) => a.trim().toLowerCase() === prefix.toLowerCase();
  let area: string | undefined;
  const country = ctx.countries?.find((c) => same(c.name));
  if (country) area = countryName(country.isoCode, locale);
  else if (ctx.group !== undefined && same(ctx.group)) area = areaName(t, locale, ctx.group, ctx.groupCode);
  else if (keyOf(REGION_KEYS, prefix)) area = areaName(t, locale, prefix);
  else if (ctx.countryCode) area = countryName(ctx.countryCode, locale);
  if (!area) return title;
  const mb = unlimited ? -1 : Math.round(Number(amount) * (unit?.toUpperCase() === 'GB' ? 1000 : 1));
  return t('planTitle', { area, data: formatQuota(mb, locale), validity: formatValidity(Number(days), locale) });
}

type CountryRef = { isoCode: string; name: string };
/** The fields of a catalogue bundle its title is read with. */
type CatalogueBundle = {
  businessTitle: string;
  listingDisplayTitle: string;
  name: string;
  roamingCountries?: readonly CountryRef[];
  flagsCodes?: readonly string[];
  bundleUsageLevel?: string;
  isSpecial?: boolean;
  group?: string;
  groupIconCode?: string;
};

/** What a catalogue bundle's title may name: its countries, its own country (a country bundle's first flag), its group. */
export function catalogueTitleContext(b: CatalogueBundle): TitleContext {
  const flag = b.flagsCodes?.[0] ?? '';
  const countryCode = !b.isSpecial && b.bundleUsageLevel === 'country' && /^[A-Za-z]{2}$/.test(flag) ? flag : undefined;
  return { countries: b.roamingCountries, countryCode, group: b.group, groupCode: b.groupIconCode };
}
/** The fields of a bundle on an eSIM its title is read with. */
type EsimPlan = { bundleDisplayName: string; description: string; name: string; countries?: readonly CountryRef[]; roamingCountries?: readonly CountryRef[] };

/** useAreaNames gives areaName and the plan titles, bound to the page's language. */
export function useAreaNames() {
  const { t } = useTranslation('shared');
  const locale = useLocale();
  const area = useCallback((name: string, groupCode?: string) => areaName(t, locale, name, groupCode), [t, locale]);
  const title = useCallback((text: string, ctx?: TitleContext) => planTitle(t, locale, text, ctx), [t, locale]);
  /** A catalogue bundle's card title (bundleTitle: businessTitle, else ...) in the locale. */
  const bundle = useCallback(
    (b: CatalogueBundle) => planTitle(t, locale, bundleTitle(b), catalogueTitleContext(b)),
    [t, locale],
  );
  /** An eSIM plan's name (bundleDisplayName, else description, else name) in the locale; '' when it has none. */
  const esimPlan = useCallback(
    (b: EsimPlan) => planTitle(t, locale, b.bundleDisplayName || b.description || b.name, { countries: [...(b.countries ?? []), ...(b.roamingCountries ?? [])] }),
    [t, locale],
  );
  return useMemo(() => ({ areaName: area, planTitle: title, bundleTitle: bundle, esimPlanName: esimPlan, locale }), [area, title, bundle, esimPlan, locale]);
}

/**
 * byName puts a list whose names are translated in the locale's alphabetical order
 * (Intl.Collator: Arabic as Arabic, French accents with their letters), so a translated
 * list is not left in the order of the provider's English names. English keeps the list as
 * the catalogue sends it (spec section 2: the lists are the catalogue's).
 */
export function byName<T>(list: readonly T[], locale: Locale, name: (x: T) => string): readonly T[] {
  if (locale === 'en') return list;
  const collator = new Intl.Collator(INTL_LOCALES[locale], { sensitivity: 'base' });
  return [...list].sort((a, b) => collator.compare(name(a), name(b)));
}
