import { useTranslation } from 'react-i18next';
import type { Bundle } from '@/shared/api/types';
import { LoadError } from '@/shared/components/LoadError';
import { formatPrice } from '@/shared/format/format';
import { catalogueTitleContext, useAreaNames } from '@/shared/i18n/areaNames';
import styles from './Checkout.module.css';

export type CartSummaryProps = {
  /** The bundle, null while loading or when it could not be loaded. */
  bundle: Bundle | null;
  loading?: boolean;
  /** The bundle failed to load: an error with Retry instead of 'NA' values. */
  failed?: boolean;
  onRetry?: () => void;
  /** A top-up adds data to an eSIM already on the phone: no device-compatibility warning. */
  topup?: boolean;
};

/**
 * The order summary: Plan (businessTitle) and Total (2 decimals, USD, or 'NA' for a
 * missing price). A plan that failed to load shows an error with Retry, never 'NA'.
 */
export function CartSummary({ bundle, loading = false, failed = false, onRetry = () => {}, topup = false }: CartSummaryProps) {
  const { t } = useTranslation('checkout');
  const names = useAreaNames();
  return (
    <section className={styles.panel} aria-labelledby="cart-summary-title" aria-busy={loading}>
      <h2 id="cart-summary-title" className={styles.panelTitle}>
        {t('orderSummary')}
      </h2>
      {failed ? (
        <LoadError message={t('planFailed')} onRetry={onRetry} />
      ) : (
        <dl className={styles.summary}>
          <dt>{t('plan')}</dt>
          <dd>{loading ? t('loadingValue') : (bundle?.businessTitle ? names.planTitle(bundle.businessTitle, catalogueTitleContext(bundle)) : 'NA')}</dd>
          <dt>{t('total')}</dt>
          <dd>{loading ? t('loadingValue') : <bdi>{formatPrice(bundle?.price, names.locale)}</bdi>}</dd>
        </dl>
      )}
      {topup ? null : (
        <p className={styles.note}>
          {t('compatNote')}
        </p>
      )}
    </section>
  );
}
