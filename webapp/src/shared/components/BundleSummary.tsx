import { useTranslation } from 'react-i18next';
import type { Bundle } from '@/shared/api/types';
import { formatPrice, formatQuota, formatValidity } from '@/shared/format/format';
import { useAreaNames } from '@/shared/i18n/areaNames';
import { useLocale } from '@/shared/i18n/useLocale';
import { Flag } from './Flag';
import styles from './BundleSummary.module.css';

export type BundleSummaryProps = {
  bundle: Bundle;
  /** The title's heading level: 3 in the plans lists (under an area), 2 on the top-up page. */
  level?: 2 | 3;
};

/**
 * BundleSummary is the top of every bundle card (plans and top-up): the first flag, the
 * title as a heading, then data, validity and price as a description list.
 */
export function BundleSummary({ bundle, level = 3 }: BundleSummaryProps) {
  const { t } = useTranslation('shared');
  const locale = useLocale();
  const names = useAreaNames();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <>
      <header className={styles.head}>
        <Flag code={bundle.flagsCodes?.[0]} label="" />
        <Heading className={styles.title}>{names.bundleTitle(bundle)}</Heading>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>{t('data')}</dt>
          <dd>{formatQuota(bundle.quotaInMB, locale)}</dd>
        </div>
        <div>
          <dt>{t('validity')}</dt>
          <dd>{formatValidity(bundle.durationInDays, locale)}</dd>
        </div>
        <div>
          <dt>{t('price')}</dt>
          <dd className={styles.price}>
            <bdi>{formatPrice(bundle.price, locale)}</bdi>
          </dd>
        </div>
      </dl>
    </>
  );
}
