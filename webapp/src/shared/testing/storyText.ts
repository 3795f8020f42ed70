import type { Namespace, TFunction } from 'i18next';
import { NAMESPACES } from '@/shared/i18n/catalogues';
import { createI18n } from '@/shared/i18n/i18n';
import { storyLocale } from './storybook';

type StoryContextLike = { parameters: unknown; globals?: Record<string, unknown> };

/**
 * storyText is `t` of a namespace in the story's locale, so play functions find elements by
 * the text the reader sees in en, ar or fr (the i18n loader has loaded the catalogues).
 */
export function storyText<N extends Namespace>(ctx: StoryContextLike, ns: N): TFunction<N> {
  const locale = storyLocale(ctx);
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
