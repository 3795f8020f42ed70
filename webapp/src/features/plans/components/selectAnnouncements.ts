import type { TFunction } from 'i18next';

/**
 * What the country search's live region says after a keystroke, in the page's language: how
 * many countries the menu offers, and for which text ("2 results available for search term
 * tu."). Picks and removals are said with srSelected / srDeselected.
 */
export function filterStatus(t: TFunction<'plans'>, query: string, count: number): string {
  const results = t('srResults', { count });
  return query.trim() ? t('srFilter', { results, query }) : t('srFilterAll', { results });
}
