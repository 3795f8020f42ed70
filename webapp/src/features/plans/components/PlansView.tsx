import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveRegion } from '@/shared/components/LiveRegion';
import { Tabs, type TabItem } from '@/shared/components/Tabs';
import { countryName } from '@/shared/i18n/countryName';
import { useLocale } from '@/shared/i18n/useLocale';
import type { Bundle, CatalogApi, Country, Region } from '../api/types';
import { useLoad } from '../hooks/useLoad';
import { AreaList } from './AreaList';
import { countryAreas, regionAreas, specialAreas } from './areas';
import { BundleGrid } from './BundleGrid';
import { CountrySelect, type CountryOption } from './CountrySelect';
import styles from './Plans.module.css';
import { PageTitle } from '@/shared/page/PageTitle';

type Tab = 'countries' | 'regions' | 'global';

const noCountries: Country[] = [];
const noRegions: Region[] = [];
const noBundles: Bundle[] = [];
const noSelection: readonly CountryOption[] = [];

/** The plans page body, on any CatalogApi (the API client in the app, a fake in the bench). */
export function PlansView({ api }: { api: CatalogApi }) {
  const { t } = useTranslation('plans');
  const locale = useLocale();
  const countries = useLoad('countries', () => api.countries(), noCountries, 'countries');
  const regions = useLoad('regions', () => api.regions(), noRegions, 'regions');
  const specials = useLoad('special', () => api.specialBundles(), noBundles, 'special bundles');
  const [tab, setTab] = useState<Tab>('countries');
  const [selection, setSelection] = useState<readonly CountryOption[]>(noSelection);
  const onSelect = useCallback((v: readonly CountryOption[]) => setSelection(v), []);

  const codes = selection.map((o) => o.value);
  const searchKey = codes.length > 0 ? codes.join(',') : null;
  const search = useLoad(searchKey, () => api.search(codes), noBundles, 'search results');
  const global = useLoad(tab === 'global' && !searchKey ? 'global' : null, () => api.areaBundles('global'), noBundles, 'global bundles');

  const specialList = useMemo(() => specialAreas(specials.data), [specials.data]);
  // Country names in the page's language (Intl.DisplayNames), the provider's English otherwise.
  const countryList = useMemo(
    () => [...specialList, ...countryAreas(countries.data, locale === 'en' ? undefined : (c) => countryName(c.isoCode, locale))],
    [specialList, countries.data, locale],
  );
  const regionList = useMemo(() => regionAreas(regions.data), [regions.data]);

  const tabs = useMemo<TabItem<Tab>[]>(
    () => [
      {
        key: 'countries',
        label: t('tabCountries'),
        panel: () => (
          <AreaList areas={countryList} specials={specials.data} api={api} loading={countries.loading || specials.loading} label={t('tabCountries')} />
        ),
      },
      {
        key: 'regions',
        label: t('tabRegions'),
        panel: () => <AreaList areas={regionList} specials={specials.data} api={api} loading={regions.loading} label={t('tabRegions')} />,
      },
      { key: 'global', label: t('tabGlobal'), panel: () => <BundleGrid bundles={global.data} loading={global.loading} label={t('globalPlans')} /> },
    ],
    [t, api, countryList, regionList, specials.data, specials.loading, countries.loading, regions.loading, global.data, global.loading],
  );

  // Said when the results change (WCAG 4.1.3): the grid itself is not a live region.
  const found = search.data.length;
  const resultsText = !searchKey ? '' : search.loading ? t('loadingResults') : found === 0 ? t('noPlans') : t('plansFound', { count: found });

  return (
    <div className={`page ${styles.plans}`}>
      <PageTitle name={t('pageName')} />
      <h1 className={styles.title}>{t('heading')}</h1>
      <div className={styles.search}>
        <label htmlFor="plans-country-search" className={styles.searchLabel}>
          {t('searchLabel')}
        </label>
        <CountrySelect inputId="plans-country-search" countries={countries.data} loading={countries.loading} value={selection} onChange={onSelect} />
      </div>
      <LiveRegion hidden role="none">
        {resultsText}
      </LiveRegion>
      {searchKey ? (
        <section aria-labelledby="plans-results">
          <h2 id="plans-results" className={styles.subtitle}>
            {t('searchResults')}
          </h2>
          <BundleGrid bundles={search.data} loading={search.loading} label={t('searchResultsList')} />
        </section>
      ) : (
        <section aria-labelledby="plans-popular">
          <h2 id="plans-popular" className={styles.subtitle}>
            {t('popularDestinations')}
          </h2>
          <Tabs label={t('destinationType')} items={tabs} selected={tab} onSelect={setTab} />
        </section>
      )}
    </div>
  );
}
