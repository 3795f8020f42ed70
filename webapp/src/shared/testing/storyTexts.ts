import type { Namespace, TFunction } from 'i18next';
import { NAMESPACES } from '@/shared/i18n/catalogues';
import { countryName } from '@/shared/i18n/countryName';
import { createI18n } from '@/shared/i18n/i18n';
import type { Locale } from '@/shared/i18n/locales';
import { storyLocale } from './storybook';

/** What a play function (or loader) is given about its story: enough to know its locale. */
export type StoryLocaleContext = { parameters: unknown; globals?: Record<string, unknown> };

/**
 * storyTexts gives a play function the texts its story shows: `t(key)` of one namespace in
 * the story's locale (parameters.app.locale, else the run's locale global), from the same
 * catalogues the components read. Play functions find elements by role and by these texts,
 * never by an English string, so one play function passes in en, ar and fr. The story's
 * catalogues are loaded before it renders (i18nLoader), so this is synchronous.
 */
export function storyTexts<N extends Namespace>(ctx: StoryLocaleContext, ns: N): TFunction<N> {
  const locale = storyLocale(ctx);
  return createI18n({ locale, namespaces: NAMESPACES }).getFixedT(locale, ns);
}

/** The locale of a story, for formatters (dates, numbers) a play function compares with. */
export const localeOfStory = (ctx: StoryLocaleContext): Locale => storyLocale(ctx);

/** containing matches an accessible name or text that contains `text` (a translated text inside a longer one). */
export const containing = (text: string): RegExp => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/**
 * storyCountry is a country's name as the story shows it: the provider's English name in
 * English, the browser's CLDR name (countryName) in Arabic and French.
 */
export function storyCountry(ctx: StoryLocaleContext, isoCode: string, english: string): string {
  const locale = storyLocale(ctx);
  return locale === 'en' ? english : (countryName(isoCode, locale) ?? english);
}
