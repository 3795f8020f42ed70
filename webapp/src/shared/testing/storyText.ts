import type { Namespace, TFunction } from 'i18next';
import { NAMESPACES } from '@/shared/i18n/catalogues';
import { createI18n } from '@/shared/i18n/i18n';
import { isLocale, type Locale } from '@/shared/i18n/locales';

type StoryContextLike = { parameters: unknown; globals?: Record<string, unknown> };

/** The story's locale, as withApp picks it: parameters.app.locale, else the `locale` global, else en. */
export function localeOfStory({ parameters, globals }: StoryContextLike): Locale {
  const fromParams = (parameters as { app?: { locale?: unknown } }).app?.locale;
  if (isLocale(fromParams)) return fromParams;
  return isLocale(globals?.locale) ? globals.locale : 'en';
}

/**
 * storyText is `t` of a namespace in the story's locale, so play functions find elements by
 * the text the reader sees in en, ar or fr (the i18n loader has loaded the catalogues).
 */
export function storyText<N extends Namespace>(ctx: StoryContextLike, ns: N): TFunction<N> {
  const locale = localeOfStory(ctx);
  return createI18n({ locale, namespaces: NAMESPACES }).getFixedT(locale, ns);
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
