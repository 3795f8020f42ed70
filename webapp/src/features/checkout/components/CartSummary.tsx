import type { Bundle } from '@/shared/api/types';
import { LoadError } from '@/shared/components/LoadError';
import { formatPrice } from '@/shared/format/format';
import styles from './Checkout.module.css';

export type CartSummaryProps = {
  /** The bundle, null while loading or when it could not be loaded. */
  bundle: Bundle | null;
  loading?: boolean;
  /** The bundle failed to load: an error with Retry instead of 'NA' values. */
  failed?: boolean;
  onRetry?: () => void;
};

/** What the summary says when the plan could not be loaded (issue 12). */
export const CART_PLAN_FAILED = 'The plan could not be loaded.';

/**
 * The order summary: Plan (businessTitle) and Total (2 decimals, USD, or 'NA' for a
 * missing price). A plan that failed to load shows an error with Retry, never 'NA'.
 */
export function CartSummary({ bundle, loading = false, failed = false, onRetry = () => {} }: CartSummaryProps) {
  return (
    <section className={styles.panel} aria-labelledby="cart-summary-title" aria-busy={loading}>
      <h2 id="cart-summary-title" className={styles.panelTitle}>
        Order summary
      </h2>
      {failed ? (
        <LoadError message={CART_PLAN_FAILED} onRetry={onRetry} />
      ) : (
        <dl className={styles.summary}>
          <dt>Plan</dt>
          <dd>{loading ? 'Loading...' : bundle?.businessTitle || 'NA'}</dd>
          <dt>Total</dt>
          <dd>{loading ? 'Loading...' : formatPrice(bundle?.price)}</dd>
        </dl>
      )}
      <p className={styles.note}>
        This eSIM works only on eSIM-compatible devices that are carrier-unlocked. Please check your device before you pay.
      </p>
    </section>
  );
}
