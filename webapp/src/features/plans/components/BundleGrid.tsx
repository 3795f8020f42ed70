import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/shared/components/LoadError';
import { Spinner } from '@/shared/components/Spinner';
import type { Bundle } from '../api/types';
import { BundleCard } from './BundleCard';
import styles from './Plans.module.css';

const noRetry = () => {};

type BundleGridProps = {
  bundles: readonly Bundle[];
  loading: boolean;
  label: string;
  /** The load failed: an error with Retry instead of 'No plans available.' */
  failed?: boolean;
  onRetry?: () => void;
};

/** A grid of bundle cards, with a spinner while loading, an error with Retry when the load failed, and a note when empty. */
export const BundleGrid = memo(function BundleGrid({ bundles, loading, label, failed = false, onRetry = noRetry }: BundleGridProps) {
  const { t } = useTranslation('plans');
  if (loading) return <Spinner label={t('loadingOf', { label })} />;
  if (failed) return <LoadError message={t('plansFailed')} onRetry={onRetry} />;
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
