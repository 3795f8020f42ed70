import { useTranslation } from 'react-i18next';
import type { Bundle } from '@/shared/api/types';
import { formatPrice } from '@/shared/format/format';
import styles from './Checkout.module.css';

export type CartSummaryProps = {
  /** The bundle, null while loading or when it could not be loaded. */
  bundle: Bundle | null;
  loading?: boolean;
};

/** The order summary: Plan (businessTitle) and Total (2 decimals, USD, or 'NA'). */
export function CartSummary({ bundle, loading = false }: CartSummaryProps) {
  const { t } = useTranslation('checkout');
  return (
    <section className={styles.panel} aria-labelledby="cart-summary-title" aria-busy={loading}>
      <h2 id="cart-summary-title" className={styles.panelTitle}>
        {t('orderSummary')}
      </h2>
      <dl className={styles.summary}>
        <dt>{t('plan')}</dt>
        <dd>{loading ? t('loadingValue') : bundle?.businessTitle || 'NA'}</dd>
        <dt>{t('total')}</dt>
        <dd>{loading ? t('loadingValue') : <bdi>{formatPrice(bundle?.price)}</bdi>}</dd>
      </dl>
      <p className={styles.note}>
        {t('compatNote')}
      </p>
    </section>
  );
}
