import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/shared/components/Spinner';
import type { Bundle } from '../api/types';
import { BundleCard } from './BundleCard';
import styles from './Plans.module.css';

type BundleGridProps = { bundles: readonly Bundle[]; loading: boolean; label: string };

/** A grid of bundle cards, with a spinner while loading and a note when empty. */
export const BundleGrid = memo(function BundleGrid({ bundles, loading, label }: BundleGridProps) {
  const { t } = useTranslation('plans');
  if (loading) return <Spinner label={t('loadingOf', { label })} />;
  if (bundles.length === 0) return <p className={styles.none}>{t('noPlans')}</p>;
  return (
    <ul className={styles.bundles} aria-label={label}>
      {bundles.map((b) => (
        <li key={b.id}>
          <BundleCard bundle={b} />
        </li>
      ))}
    </ul>
  );
});
