// The shop's own catalogues (src/features/<ns>/locales, src/shared/i18n/locales): a journey
// in Arabic or French asserts the texts the shop ships, looked up by key, never retyped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

export type Locale = 'en' | 'ar' | 'fr';

/** texts returns t(key, vars) over one namespace's catalogue in one locale; a missing key throws. */
export function texts(ns: string, locale: Locale): (key: string, vars?: Record<string, string | number>) => string {
  const file = ns === 'shared' ? path.join(src, 'shared/i18n/locales', `${locale}.json`) : path.join(src, 'features', ns, 'locales', `${locale}.json`);
  const cat = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return (key, vars = {}) => {
    const text = cat[key];
    if (typeof text !== 'string') throw new Error(`catalogue ${ns}/${locale} has no key ${key}`);
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));
  };
}

/**
 * planTitle is the title the shop shows for a provider's plan title in a locale (docs/i18n.md,
 * "Plan titles"): English as sent; Arabic and French compose the shared catalogue's planTitle
 * from `area` (the area's name in the locale, e.g. the browser's Intl.DisplayNames for a
 * country), the title's data (French Mo/Go after a narrow no-break space with a decimal
 * comma, Arabic the Latin MB/GB isolated left to right, Unlimited in the locale's word) and
 * its days (French jour(s), Arabic by its plural rules). A title off the provider's pattern
 * throws: the journey picked a plan it cannot name.
 */
export function planTitle(locale: Locale, title: string, area: string): string {
  if (locale === 'en') return title;
  const m = /^.+? (?:(\d+(?:\.\d+)?)(MB|GB)|Unlimited) (\d+) Days?$/.exec(title);
  if (!m) throw new Error(`planTitle: "${title}" is not '<area> <n>MB|<n>GB|Unlimited <d> Day(s)'`);
  const [, amount, unit, dayText = ''] = m;
  const unlimited = { fr: 'Illimité', ar: 'غير محدود' }[locale];
  const mb = amount === undefined ? -1 : Math.round(Number(amount) * (unit === 'GB' ? 1000 : 1));
  const [n, u] = mb < 1000 ? [String(mb), 'MB'] : [String(Math.round(mb / 10) / 100), 'GB'];
  const days = Number(dayText);
  const quantity = locale === 'fr' ? `${n.replace('.', ',')}\u202f${u === 'MB' ? 'Mo' : 'Go'}` : `\u2066${n} ${u}\u2069`;
  const data = mb < 0 ? unlimited : quantity;
  const arabicDays: Record<string, string> = { one: 'يوم واحد', two: 'يومان', few: `${days} أيام`, many: `${days} يوماً` };
  const validity = locale === 'fr' ? `${days} jour${days > 1 ? 's' : ''}` : (arabicDays[new Intl.PluralRules('ar').select(days)] ?? `${days} يوم`);
  return texts('shared', locale)('planTitle', { area, data, validity });
}

/**
 * priceText is a USD price as the shop writes it in a locale (docs/i18n.md): English the
 * spec's '12.00 USD'; French and Arabic the page's Intl.NumberFormat with the currency code
 * and Latin digits ('4,55 USD'; Arabic keeps the decimal point), computed in the page so it
 * is the browser's own CLDR data.
 */
export async function priceText(page: Page, locale: Locale, price: number): Promise<string> {
  if (locale === 'en') return `${price.toFixed(2)} USD`;
  const tag = locale === 'fr' ? 'fr-FR-u-nu-latn' : 'ar-u-nu-latn';
  return page.evaluate(
    ([t, p]) => new Intl.NumberFormat(t, { style: 'currency', currency: 'USD', currencyDisplay: 'code', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(p),
    [tag, price] as const,
  );
}
