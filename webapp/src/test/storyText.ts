import type { Namespace, TFunction } from 'i18next';
import { NAMESPACES } from '@/shared/i18n/catalogues';
import { catalogueTitleContext, planTitle, type TitleContext } from '@/shared/i18n/areaNames';
import { bundleTitle } from '@/shared/format/format';
import type { Bundle } from '@/shared/api/types';
import { countryName } from '@/shared/i18n/countryName';
import { formatPrice } from '@/shared/format/format';
import { createI18n } from '@/shared/i18n/i18n';
import type { Locale } from '@/shared/i18n/locales';
import { storyLocale } from './storybook';

type StoryContextLike = { parameters: unknown; globals?: Record<string, unknown> };

/**
 * The story's locale, as withApp picks it: parameters.app.locale, else the `locale` global
 * (the toolbar's, or the test run's: every story runs in en, ar and fr), else en.
 */
export const localeOfStory = (ctx: StoryContextLike): Locale => storyLocale(ctx);

/**
 * storyText is `t` of a namespace in the story's locale, so play functions find elements by
 * the text the reader sees in en, ar or fr (the i18n loader has loaded the catalogues).
 */
export function storyText<N extends Namespace>(ctx: StoryContextLike, ns: N): TFunction<N> {
  const locale = localeOfStory(ctx);
  return createI18n({ locale, namespaces: NAMESPACES }).getFixedT(locale, ns);
}

/** containing matches an accessible name or text that contains `text` (a translated text inside a longer one). */
export const containing = (text: string): RegExp => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/**
 * storyCountry is a country's name as the story shows it: the provider's English name in
 * English, the browser's CLDR name (countryName) in Arabic and French.
 */
export function storyCountry(ctx: StoryContextLike, isoCode: string, english: string): string {
  const locale = localeOfStory(ctx);
  return locale === 'en' ? english : (countryName(isoCode, locale) ?? english);
}

/**
 * fixClock makes Date.now() answer `at` until the returned function runs (a story's
 * beforeEach), so fetch times ("As of") and notices render the same on every run.
 */
export function fixClock(at: number): () => void {
  const real = Date.now;
  Date.now = () => at;
  return () => {
    Date.now = real;
  };
}

/**
 * storyTitle is a plan title as the story shows it (planTitle: the provider's English title,
 * composed in the story's language when it follows the provider's pattern).
 */
export function storyTitle(ctx: StoryContextLike, title: string, titleContext: TitleContext = {}): string {
  const locale = localeOfStory(ctx);
  return planTitle(createI18n({ locale, namespaces: NAMESPACES }).getFixedT(locale, 'shared'), locale, title, titleContext);
}

/** storyPrice is a price as the story shows it in its locale (formatPrice). */
export const storyPrice = (ctx: StoryContextLike, price: number): string => formatPrice(price, localeOfStory(ctx));

/** storyBundleTitle is a catalogue bundle's card title as the story shows it. */
export const storyBundleTitle = (ctx: StoryContextLike, b: Bundle): string => storyTitle(ctx, bundleTitle(b), catalogueTitleContext(b));

/**
 * shownText is a text as getByText and toHaveTextContent read the page: every run of white
 * space (the French narrow no-break space, the no-break space of prices and times included)
 * as one plain space. A role's name keeps them; a text query needs this.
 */
export const shownText = (s: string): string => s.replace(/\s+/g, ' ').trim();
