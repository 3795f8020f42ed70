import type { Bundle } from '@/shared/api/types';
import { bundleTitle, formatPrice, formatQuota, formatValidity } from '@/shared/format/format';
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
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <>
      <header className={styles.head}>
        <Flag code={bundle.flagsCodes?.[0]} label="" />
        <Heading className={styles.title}>{bundleTitle(bundle)}</Heading>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>Data</dt>
          <dd>{formatQuota(bundle.quotaInMB)}</dd>
        </div>
        <div>
          <dt>Validity</dt>
          <dd>{formatValidity(bundle.durationInDays)}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd className={styles.price}>{formatPrice(bundle.price)}</dd>
        </div>
      </dl>
    </>
  );
}
