import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LiveRegion } from '@/shared/components/LiveRegion';
import { Tabs, type TabItem } from '@/shared/components/Tabs';
import { countryName } from '@/shared/i18n/countryName';
import { useLocale } from '@/shared/i18n/useLocale';
import { byName, useAreaNames } from '@/shared/i18n/areaNames';
import type { Bundle, CatalogApi, Country, Region } from '../api/types';
import { useLoad } from '../hooks/useLoad';
import { AreaList } from './AreaList';
import { countryAreas, regionAreas, specialAreas } from './areas';
import { BundleGrid } from './BundleGrid';
import { CountrySelect, countryOption, type CountryOption } from './CountrySelect';
import styles from './Plans.module.css';
import { PageTitle } from '@/shared/page/PageTitle';

type Tab = 'countries' | 'regions' | 'global';

const noCountries: Country[] = [];
const noRegions: Region[] = [];
const noBundles: Bundle[] = [];

/** The URL parameters the plans page reads: ?country=TR,LB selects countries, ?region=Europe opens a region (home destination cards). */
export const PLANS_PARAMS = { country: 'country', region: 'region' } as const;

/** codesOf reads ?country= as upper-case ISO codes, without blanks or repeats. */
const codesOf = (v: string | null): string[] => [...new Set((v ?? '').split(',').map((c) => c.trim().toUpperCase()).filter((c) => /^[A-Z]{2,3}$/.test(c)))];

/** The plans page body, on any CatalogApi (the API client in the app, a fake in the bench). */
export function PlansView({ api }: { api: CatalogApi }) {
  const { t } = useTranslation('plans');
  const locale = useLocale();
  const countries = useLoad('countries', () => api.countries(), noCountries, 'countries');
  const regions = useLoad('regions', () => api.regions(), noRegions, 'regions');
  const specials = useLoad('special', () => api.specialBundles(), noBundles, 'special bundles');
  const [params, setParams] = useSearchParams();
  const region = params.get(PLANS_PARAMS.region)?.trim() ?? '';
  const [tab, setTab] = useState<Tab>(region ? 'regions' : 'countries');
  // The selection lives in the URL (?country=), so a link (a home destination card) opens
  // the page with its country chosen, and the back button restores a search.
  const countryParam = params.get(PLANS_PARAMS.country);
  const codes = useMemo(() => codesOf(countryParam), [countryParam]);
  const selection = useMemo<CountryOption[]>(() => {
    // Named as the select's own options are (CountrySelect): in the page's language, so a
    // destination card's country reads 'Turquie' on a French page, not the provider's 'Turkey'.
    const names = new Map(countries.data.map((c) => [c.isoCode.toUpperCase(), c.name]));
    return codes.map((code) => countryOption(code, names.get(code), locale));
  }, [codes, countries.data, locale]);
  const onSelect = useCallback(
    (v: readonly CountryOption[]) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (v.length > 0) next.set(PLANS_PARAMS.country, v.map((o) => o.value).join(','));
          else next.delete(PLANS_PARAMS.country);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const searchKey = codes.length > 0 ? codes.join(',') : null;
  const search = useLoad(searchKey, () => api.search(codes), noBundles, 'search results');
  const global = useLoad(tab === 'global' && !searchKey ? 'global' : null, () => api.areaBundles('global'), noBundles, 'global bundles');

  const { retry: retryCountriesList, failed: countriesFailed } = countries;
  const { retry: retrySpecials, failed: specialsFailed } = specials;
  const retryCountries = useCallback(() => {
    if (countriesFailed) retryCountriesList();
    if (specialsFailed) retrySpecials();
  }, [countriesFailed, specialsFailed, retryCountriesList, retrySpecials]);

  // Names in the page's language: countries by Intl.DisplayNames, regions and special groups by
  // the catalogue (the provider's name as sent in English, or for a name the shop does not
  // know), each list in the language's alphabetical order (Intl.Collator), special groups first.
  const names = useAreaNames();
  const specialList = useMemo(() => byName(specialAreas(specials.data, names.areaName), locale, (a) => a.name), [specials.data, names, locale]);
  const countryList = useMemo(
    () => [...specialList, ...byName(countryAreas(countries.data, locale === 'en' ? undefined : (c) => countryName(c.isoCode, locale)), locale, (a) => a.name)],
    [specialList, countries.data, locale],
  );
  const regionList = useMemo(() => byName(regionAreas(regions.data, names.areaName), locale, (a) => a.name), [regions.data, names, locale]);

  const tabs = useMemo<TabItem<Tab>[]>(
    () => [
      {
        key: 'countries',
        label: t('tabCountries'),
        panel: () => (
          <AreaList
            areas={countryList}
            specials={specials.data}
            api={api}
            loading={countries.loading || specials.loading}
            failed={countries.failed || specials.failed}
            onRetry={retryCountries}
            failedText={t('countriesFailed')}
            label={t('tabCountries')}
          />
        ),
      },
      {
        key: 'regions',
        label: t('tabRegions'),
        panel: () => (
          <AreaList
            areas={regionList}
            specials={specials.data}
            api={api}
            loading={regions.loading}
            failed={regions.failed}
            onRetry={regions.retry}
            failedText={t('regionsFailed')}
            label={t('tabRegions')}
            defaultOpen={region ? `r:${region}` : undefined}
          />
        ),
      },
      {
        key: 'global',
        label: t('tabGlobal'),
        panel: () => <BundleGrid bundles={global.data} loading={global.loading} failed={global.failed} onRetry={global.retry} label={t('globalPlans')} />,
      },
    ],
    [t, api, countryList, regionList, specials.data, specials.loading, specials.failed, countries.loading, countries.failed, retryCountries, regions, global, region],
  );

  // Said when the results change (WCAG 4.1.3): the grid itself is not a live region.
  const found = search.data.length;
  const resultsText = !searchKey ? '' : search.loading ? t('loadingResults') : search.failed ? '' : found === 0 ? t('noPlans') : t('plansFound', { count: found });

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
          <BundleGrid bundles={search.data} loading={search.loading} failed={search.failed} onRetry={search.retry} label={t('searchResultsList')} />
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
